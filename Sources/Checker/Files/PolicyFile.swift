import Foundation
import ReferenceModel

/// Policies by name (the presets, docs/policies.md) or from a JSON file of knobs, read
/// strictly: an unknown knob or value is an error that names it, never a silent default.
/// A knob the file leaves out keeps SPEC's value.
package enum PolicyFile {
    /// The presets, in the order `tabcheck list` shows them: SPEC.md, then real browsers'
    /// tab models (sources in docs/policies.md).
    package static let presets = GridPolicy.presets

    /// The knobs, for `tabcheck list` and error messages: name, values, the rule it replaces
    /// (from `Policy.knobs`, the one table).
    package static let knobs: [(name: String, values: String, rule: String)] = Policy.knobs.map { ($0.name, $0.values, $0.rule) }

    /// The preset's name for a policy, or nil.
    package static func name(of policy: Policy) -> String? { presets.first { $0.policy == policy }?.name }

    /// What reports print: the preset's name, else every knob.
    package static func describe(_ policy: Policy) -> String { name(of: policy) ?? policy.description }

    /// The policy as a file `--policy` reads: one JSON object, every knob.
    package static func json(_ p: Policy) -> String {
        "{" + Policy.knobs.map { "\"\($0.name)\": \($0.json(p))" }.joined(separator: ", ") + "}"
    }

    /// `--policy NAME` or `--policy FILE.json`.
    package static func resolve(_ nameOrPath: String, flag: String = "--policy") throws(InputError) -> Policy {
        if let p = presets.first(where: { $0.name == nameOrPath }) { return p.policy }
        guard nameOrPath.hasSuffix(".json") || nameOrPath.contains("/") else {
            throw InputError("\(flag): unknown preset \"\(nameOrPath)\"; presets: \(presets.map(\.name).joined(separator: ", ")), or a .json file of knobs")
        }
        let data = try InputFile.read(nameOrPath, what: "\(flag) file", limit: 64 << 10)
        return try parse(data, source: nameOrPath)
    }

    /// A JSON object of knobs (`{"activeAfterClose": "previousThenNext", "reopenLimit": 5}`),
    /// read by `StrictJSON`: a key twice, `true` for a number, `"5"` for 5 are refused by name.
    package static func parse(_ data: Data, source: String) throws(InputError) -> Policy {
        let value = try StrictJSON.parse([UInt8](data), name: source)
        guard case .object = value else {
            throw InputError("\(source): a policy file is one JSON object of knobs, e.g. {\"activeAfterClose\": \"previousThenNext\"}; it holds \(value.words)")
        }
        return try parse(value, source: source)
    }

    /// The knobs of one JSON object (a policy file's, or a replay file's `policy` field:
    /// `where` says which, e.g. "field \"policy\": ").
    package static func parse(_ object: JSONValue, source: String, where field: String = "") throws(InputError) -> Policy {
        guard case .object(let knobs) = object else {
            throw InputError("\(source): \(field)a policy is a JSON object of knobs, got \(object.words)")
        }
        var p = Policy.spec
        for (key, value) in knobs {
            guard let knob = Policy.knobs.first(where: { $0.name == key }) else {
                throw InputError("\(source): \(field)unknown knob \"\(key.prefix(60))\"; knobs: \(Self.knobs.map(\.name).joined(separator: ", "))")
            }
            let given: PolicyKnob.Value = switch value {
            case .string(let s): .text(s)
            default: value.wholeNumber(in: Int.min...Int.max).map(PolicyKnob.Value.number) ?? .other
            }
            guard let q = knob.set(p, given) else {
                let takes = knob.values.contains("…") ? "a whole number \(knob.values)"
                    : knob.values.split(separator: " | ").map { "\"\($0)\"" }.joined(separator: ", ")
                throw InputError("\(source): \(field)knob \"\(key)\" takes \(takes), got \(value.words)")
            }
            p = q
        }
        return p
    }
}
