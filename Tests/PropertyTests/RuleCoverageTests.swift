import Foundation
import Testing

/// Every rule id of SPEC.md has at least one example test named after it (`F3_…`).
@Suite struct RuleCoverageTests {
    static let testsDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageDir = testsDir.deletingLastPathComponent().deletingLastPathComponent()

    /// Rule ids from ../shared/SPEC.md when it is there (as in CI), else the list as of this writing.
    static func specRules() -> [String] {
        let spec = packageDir.deletingLastPathComponent().appendingPathComponent("shared/SPEC.md")
        if let text = try? String(contentsOf: spec, encoding: .utf8) {
            let ids = text.matches(of: /\*\*([FBAULGP][0-9]+)/).map { String($0.output.1) }
            if !ids.isEmpty { return Array(Set(ids)).sorted() }
        }
        let counts = ["F": 10, "B": 2, "A": 4, "U": 3, "L": 7, "G": 6, "P": 5]
        return counts.flatMap { k, n in (1...n).map { "\(k)\($0)" } }.sorted()
    }

    static func testedRules() -> Set<String> {
        var ids = Set<String>()
        let files = (try? FileManager.default.contentsOfDirectory(atPath: testsDir.path)) ?? []
        for f in files where f.hasSuffix(".swift") {
            let text = (try? String(contentsOf: testsDir.appendingPathComponent(f), encoding: .utf8)) ?? ""
            for m in text.matches(of: /func ([FBAULGP][0-9]+)_/) { ids.insert(String(m.output.1)) }
        }
        return ids
    }

    @Test func everyRuleHasAnExampleTest() {
        let rules = Self.specRules()
        #expect(rules.count >= 37)
        let missing = rules.filter { !Self.testedRules().contains($0) }
        #expect(missing.isEmpty, "rules with no example test: \(missing.joined(separator: ", "))")
    }
}
