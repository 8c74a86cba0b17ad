/// How many new tabs a generated sequence opens before its first drawn step — checked like
/// every other step (decisions.md, Generation and values). Derived from the sequence seed
/// alone, so a failure's sequence seed (with the campaign's openings) reproduces it.
package enum Openings: Equatable, Sendable {
    /// One sequence seed in 128 first opens 129–300 tabs: ordinary sequences hold a few dozen
    /// tabs, so without these production's chunked tab list would never split a chunk (it does
    /// above 128 tabs in one chunk) and a bug there would go unseen. The default.
    case occasional
    /// Every sequence starts empty (`--no-large-grids`).
    case none
    /// Every sequence first opens a number of tabs in this range, drawn from its seed
    /// (`--start-tabs N` or `N-M`): a campaign spent on the sizes a team's users have.
    case tabs(ClosedRange<Int>)

    /// The most tabs `--start-tabs` opens (a step on 10,000 tabs costs milliseconds).
    package static let maxTabs = 10_000

    /// The opening of the sequence with this seed.
    package func opening(seed: UInt64) -> Int {
        switch self {
        case .occasional: return seed % 128 == 0 ? 129 + Int((seed >> 7) % 172) : 0
        case .none: return 0
        case .tabs(let r):
            // The seed's top bits: the low ones choose nothing else here, but they feed the
            // choice stream, and a range is best drawn from bits it does not share.
            return r.lowerBound + Int((seed >> 32) % UInt64(r.count))
        }
    }

    /// Its words on a command line ("" for the default): a reproduce line repeats them.
    package var arguments: String {
        switch self {
        case .occasional: return ""
        case .none: return "--no-large-grids"
        case .tabs: return "--start-tabs " + (startTabs ?? "")
        }
    }

    /// `--start-tabs`'s value, `N` or `N-M` (what `tabs(_:)` reads); nil for the other openings.
    package var startTabs: String? {
        guard case .tabs(let r) = self else { return nil }
        return r.count == 1 ? "\(r.lowerBound)" : "\(r.lowerBound)-\(r.upperBound)"
    }

    /// `N` or `N-M` (1 ≤ N ≤ M ≤ `maxTabs`); nil for anything else.
    package static func tabs(_ text: String) -> Openings? {
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 6 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let low = Int(parts[0]), let high = parts.count == 2 ? Int(parts[1]) : low,
              1 <= low, low <= high, high <= maxTabs else { return nil }
        return .tabs(low...high)
    }
}
