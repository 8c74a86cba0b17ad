import Foundation

/// The rules of docs/SPEC.md in their own words (decisions.md, Reports): the failure card
/// quotes the rule it names, so a reader need not open the spec to know what was expected.
/// The table is generated (scripts/spec-rules.py); `parse` reads SPEC.md the same way, for
/// the test that keeps the two equal.
package enum SpecRules {
    /// The text of rule `id` ("F3"), or nil for an id SPEC.md does not have.
    package static func text(_ id: String) -> String? { table.first { $0.id == id }?.text }

    /// The rule ids a violation's rule names: "F3" → [F3]; "tabs (F2–F9)" → F2…F9;
    /// "F6/F7" → [F6, F7]; "rejected restoreData" or "trap" → [] (no rule of SPEC.md).
    package static func ids(in rule: String) -> [String] {
        var out: [String] = []
        let chars = Array(rule)
        var i = 0
        func number(_ j: inout Int) -> Int? {
            var digits = ""
            while j < chars.count, chars[j].isASCII, chars[j].isNumber { digits.append(chars[j]); j += 1 }
            return Int(digits)
        }
        while i < chars.count {
            let c = chars[i]
            guard c.isASCII, c.isUppercase, i + 1 < chars.count, chars[i + 1].isASCII, chars[i + 1].isNumber,
                  i == 0 || !(chars[i - 1].isLetter) else { i += 1; continue }
            var j = i + 1
            guard let first = number(&j) else { i += 1; continue }
            var last = first
            // A range "F2–F9" (en dash or hyphen) names every rule between.
            if j + 2 < chars.count, chars[j] == "–" || chars[j] == "-", chars[j + 1] == c {
                var k = j + 2
                if let end = number(&k), end >= first { last = min(end, first + 20); j = k }
            }
            for n in first...last where !out.contains("\(c)\(n)") { out.append("\(c)\(n)") }
            i = j
        }
        return out.filter { text($0) != nil }
    }

    /// docs/SPEC.md's rules: a line "- **X1 …" starts one, indented lines continue it; the
    /// text with its bold marks dropped and its white space collapsed.
    package static func parse(_ markdown: String) -> [(id: String, text: String)] {
        var rules: [(id: String, text: String)] = []
        var open = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("- **"), let id = ruleID(line.dropFirst(4)) {
                rules.append((id, String(line.dropFirst(2)))); open = true
            } else if open, line.hasPrefix("  "), line.contains(where: { !$0.isWhitespace }) {
                rules[rules.count - 1].text += " " + line.trimmingCharacters(in: .whitespaces)
            } else { open = false }
        }
        return rules.map { ($0.id, $0.text.replacing("**", with: "").split(whereSeparator: { $0 == " " }).joined(separator: " ")) }
    }

    private static func ruleID(_ s: Substring) -> String? {
        guard let c = s.first, c.isASCII, c.isUppercase else { return nil }
        let digits = s.dropFirst().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        let next = s.dropFirst(1 + digits.count).first
        guard next == nil || !(next!.isLetter || next!.isNumber) else { return nil }
        return "\(c)\(digits)"
    }
}
