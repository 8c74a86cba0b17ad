import Foundation
import Generators

/// The failure in the rule's own words (decisions.md, Reports): which rule of SPEC.md broke,
/// at which step, what was expected and what the model gave — with values — and the rule's
/// text. The property that noticed it and its message come after, as detail.
package struct FailureVerdict {
    /// "F9", "F2–F9 (tabs)", "trap": what broke, as the headline names it.
    package var rule: String
    /// SPEC.md's rules it names, each with its text.
    package var rules: [(id: String, text: String)]
    package var expected: String
    package var got: String
    /// The −/+ table's column names: who gave the "got" side and who the "expected" one.
    package var gotSide: String
    package var expectedSide: String
    /// For a trap: who trapped ("the implementation planted-trap").
    package var trapped: String?

    /// The sentence: "F9 broken at step 2 of 2 (move(from: 0, to: 1)): expected …; got …."
    package func sentence(step: Int, of steps: Int, action: Action?) -> String {
        let at = step == 0 ? "before the first step (the states the two drivers start in)"
            : "at step \(step) of \(steps) (\(action.map(HTMLReport.caption) ?? ""))"
        if let trapped { return "\(trapped) trapped \(at): expected \(expected); got \(got)." }
        return "\(rule) broken \(at): expected \(expected); got \(got)."
    }
}

extension HTMLReport {
    /// Up to this many characters of a value in the sentence (the table holds it whole).
    static let sentenceValue = 160

    func verdict(_ r: Runner.StepRecord, _ v: Violation) -> FailureVerdict {
        func cut(_ s: String) -> String { s.count > Self.sentenceValue ? String(s.prefix(Self.sentenceValue - 1)) + "…" : s }
        var rule = v.rule
        if v.property == .differential, let first = v.differences.first { rule = "\(first.rule) (\(first.field))" }
        let custom = !Property.allCases.contains(v.property)
        if custom { rule = "\(v.property.rawValue) (a property of this package's own, on \(v.rule))" }
        let ids = SpecRules.ids(in: v.property == .differential ? rule : v.rule)
        var out = FailureVerdict(rule: rule, rules: ids.prefix(4).compactMap { id in ruleText(id).map { (id, $0) } },
                                 expected: "", got: "", gotSide: "implementation \(summary.implementation)",
                                 expectedSide: "oracle \(summary.oracle)")
        if v.property != .differential {
            if ["rejection"].contains(v.property.rawValue) || v.message.contains("rejected restore") || v.message.contains("must change nothing") {
                (out.gotSide, out.expectedSide) = ("after the step", "before it (unchanged)")
            } else if v.property.rawValue == "session", v.rule == "P2", !v.differences.isEmpty {
                (out.gotSide, out.expectedSide) = ("restored", "saved")
            }
        }
        let diffs = differences(r)
        if v.property == .crash {
            let side = trappedSide ?? "implementation"
            out.trapped = "The \(side) \(side == "oracle" ? summary.oracle : summary.implementation)"
            out.expected = "the step to return"
            // The runtime's words and the model's frame, without "X (the implementation) trapped in apply:".
            let words = v.message.range(of: "trapped in ").map { String(v.message[$0.upperBound...]) } ?? v.message
            out.got = "a trap in " + words
        } else if custom {
            // Oracle-free and the package's own: its message is all there is.
            if let split = Self.split(v.message) { (out.expected, out.got) = (cut(split.expected), cut(split.got)) }
            else { (out.expected, out.got) = ("the property \(v.property.rawValue) to hold", cut(v.message)) }
        } else if !diffs.isEmpty {
            // The fields of the rule broken first, then any: expected is the + side.
            let related = diffs.filter { !SpecRules.ids(in: $0.rule).filter(ids.contains).isEmpty }
            let shown = (related.isEmpty ? diffs : related).prefix(2)
            out.expected = shown.map { "\($0.field) \(cut($0.right))" }.joined(separator: " and ") + " (\(out.expectedSide))"
            out.got = shown.map { "\($0.field) \(cut($0.left))" }.joined(separator: " and ") + " (\(out.gotSide))"
        } else if v.rule == "F10", let items = r.viewItems {
            out.expected = "the collection view to show the displayed tabs [\(r.implementation.displayed.joined(separator: ", "))] after the update"
            out.got = items == r.implementation.displayed ? cut(v.message) : "it shows [\(items.joined(separator: ", "))] after \(r.outcome.map { "\($0.update)" } ?? "the update")"
        } else if let split = Self.split(v.message) {
            (out.expected, out.got) = (cut(split.expected), cut(split.got))
        } else {
            out.expected = custom ? "the property \(v.property.rawValue) to hold" : "rule \(rule) to hold"
            out.got = cut(v.message)
        }
        return out
    }

    /// SPEC.md's text of a rule — or, when this run's policy replaces it, the knob's value
    /// first: SPEC's text alone would contradict the expected value (docs/policies.md).
    func ruleText(_ id: String) -> String? {
        guard let text = SpecRules.text(id) else { return nil }
        let replacing = Policy.knobs.filter { knob in SpecRules.ids(in: knob.rule).contains(id) && knob.word(summary.policyValue) != knob.word(.spec) }
        guard !replacing.isEmpty else { return text }
        let knobs = replacing.map { "\($0.name) = \($0.word(summary.policyValue))" }.joined(separator: ", ")
        return "Replaced in this run by the policy: \(knobs) (docs/policies.md). SPEC.md's text, for comparison: \(text)"
    }

    /// "X must be A (why), got B" → (X must be A (why), B); "… shows A but … is B" likewise.
    static func split(_ message: String) -> (expected: String, got: String)? {
        for separator in [", got ", "; got ", ", but ", " but "] {
            if let r = message.range(of: separator, options: .backwards), !message[..<r.lowerBound].isEmpty, !message[r.upperBound...].isEmpty {
                return (String(message[..<r.lowerBound]), String(message[r.upperBound...]))
            }
        }
        return nil
    }
}
