/// One knob of `GridPolicy`: its name, the rule whose default it replaces, its values, and
/// how it is read, written and varied. `GridPolicy.knobs` is the one table of them: the JSON
/// of policy and replay files (both ways), the policy's Swift code and description,
/// `tabcheck list`, error messages and policy inference are derived from it, and
/// `PolicyKnobTests` holds it to `GridPolicy`'s stored properties and to docs/policies.md —
/// a knob left out of it fails there, not silently.
package struct PolicyKnob: @unchecked Sendable {   // key paths into a Sendable struct, never mutated
    package let name: String
    /// The SPEC rule whose default it replaces ("A3").
    package let rule: String
    /// The values a file may give, as `tabcheck list` shows them ("a | b", "0…10000").
    package let values: String
    /// The value in `p`: as a description word, as JSON, as Swift.
    package let word: (GridPolicy) -> String
    package let json: (GridPolicy) -> String
    package let swift: (GridPolicy) -> String
    /// `p` with this knob set from a file's value: a string for a choice, a whole number for a
    /// count; nil when the value is not one of the knob's.
    package let set: (GridPolicy, Value) -> GridPolicy?
    /// What inference tries: every other value (a count: the values in `tried`).
    package let alternatives: (GridPolicy) -> [(value: String, policy: GridPolicy)]
    /// What a Codable policy reads and writes.
    package let decode: (KeyedDecodingContainer<KnobKey>, inout GridPolicy) throws -> Void
    package let encode: (inout KeyedEncodingContainer<KnobKey>, GridPolicy) throws -> Void

    /// A value as a policy file gives it.
    package enum Value { case text(String), number(Int), other }

    /// A knob's name as a coding key.
    package struct KnobKey: CodingKey {
        package let stringValue: String
        package init(stringValue: String) { self.stringValue = stringValue }
        package var intValue: Int? { nil }
        package init?(intValue: Int) { nil }
    }

    /// A knob with a fixed set of named values (an enum of `String` raw values).
    package static func choice<E: RawRepresentable & CaseIterable & Codable>(_ name: String, rule: String, _ path: WritableKeyPath<GridPolicy, E>)
        -> PolicyKnob where E.RawValue == String {
        PolicyKnob(
            name: name, rule: rule, values: E.allCases.map(\.rawValue).joined(separator: " | "),
            word: { $0[keyPath: path].rawValue }, json: { "\"\($0[keyPath: path].rawValue)\"" }, swift: { ".\($0[keyPath: path].rawValue)" },
            set: { p, v in
                guard case .text(let s) = v, let e = E(rawValue: s) else { return nil }
                var q = p; q[keyPath: path] = e; return q
            },
            alternatives: { p in
                E.allCases.filter { $0 != p[keyPath: path] }.map { e in var q = p; q[keyPath: path] = e; return (e.rawValue, q) }
            },
            decode: { c, p in if let e = try c.decodeIfPresent(E.self, forKey: KnobKey(stringValue: name)) { p[keyPath: path] = e } },
            encode: { c, p in try c.encode(p[keyPath: path], forKey: KnobKey(stringValue: name)) })
    }

    /// A knob that is a whole number in `range`. Inference tries every value up to 64, then the
    /// powers of two and the values of `tried` up to the range's end, smallest first: a model
    /// that keeps one closed tab is met at 1, not at the nearest round number (#56: `reopenLimit:
    /// 1` was never tried). A try is a replay of a shrunk failure, so 70 of them cost little.
    package static func count(_ name: String, rule: String, _ path: WritableKeyPath<GridPolicy, Int>, range: ClosedRange<Int>,
                              tried: [Int]) -> PolicyKnob {
        PolicyKnob(
            name: name, rule: rule, values: "\(range.lowerBound)…\(range.upperBound)",
            word: { "\($0[keyPath: path])" }, json: { "\($0[keyPath: path])" }, swift: { "\($0[keyPath: path])" },
            set: { p, v in
                guard case .number(let n) = v, range.contains(n) else { return nil }
                var q = p; q[keyPath: path] = n; return q
            },
            alternatives: { p in
                let every = Array(range.lowerBound...min(range.upperBound, max(range.lowerBound, 64)))
                let powers = (0..<62).map { 1 << $0 }.filter { $0 > 64 && range.contains($0) }
                let values = (every + powers + tried.filter { range.contains($0) }).reduce(into: [Int]()) { out, n in
                    if !out.contains(n) { out.append(n) }
                }.sorted()
                return values.filter { $0 != p[keyPath: path] }.map { n in var q = p; q[keyPath: path] = n; return ("\(n)", q) }
            },
            decode: { c, p in if let n = try c.decodeIfPresent(Int.self, forKey: KnobKey(stringValue: name)) { p[keyPath: path] = n } },
            encode: { c, p in try c.encode(p[keyPath: path], forKey: KnobKey(stringValue: name)) })
    }
}
