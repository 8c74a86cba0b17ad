import Foundation

/// The `TABGRID_*` environment variables that tune test budgets (`TABGRID_SEED`,
/// `TABGRID_ITERATIONS`, `TABGRID_FUZZ_ITERATIONS`), read strictly: an unset variable means
/// the default, a set one must be valid — never silently replaced, never a trap.
package enum EnvironmentSettings {
    /// A seed, decimal or 0x-hex, 0…2⁶⁴−1; nil when unset.
    package static func seed(_ name: String, in env: [String: String]) -> Result<UInt64?, InputError> {
        guard let raw = env[name] else { return .success(nil) }
        let v = raw.trimmingCharacters(in: .whitespaces)
        let parsed = v.hasPrefix("0x") || v.hasPrefix("0X") ? UInt64(v.dropFirst(2), radix: 16) : UInt64(v)
        guard let s = parsed else {
            return .failure(InputError("\(name)=\"\(raw)\": takes a number 0…2^64−1, decimal or 0x-hex (e.g. \(name)=0x2a); unset it for the default"))
        }
        return .success(s)
    }

    /// A whole number in `range`; nil when unset.
    package static func count(_ name: String, in env: [String: String], _ range: ClosedRange<Int>) -> Result<Int?, InputError> {
        guard let raw = env[name] else { return .success(nil) }
        guard let n = Int(raw.trimmingCharacters(in: .whitespaces)), range.contains(n) else {
            return .failure(InputError("\(name)=\"\(raw)\": takes a whole number \(range.lowerBound)…\(range.upperBound); unset it for the default"))
        }
        return .success(n)
    }
}
