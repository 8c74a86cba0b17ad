import Foundation
import Testing

/// Every rule id of SPEC.md has at least one example test named after it (`F3_…`).
@Suite struct RuleCoverageTests {
    static let testsDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageDir = testsDir.deletingLastPathComponent().deletingLastPathComponent()

    /// Rule ids from docs/SPEC.md, the project's own copy (normative: it grew D and S beyond
    /// ../shared/SPEC.md).
    static func specRules() -> [String] {
        let spec = packageDir.appendingPathComponent("docs/SPEC.md")
        let text = (try? String(contentsOf: spec, encoding: .utf8)) ?? ""
        return Array(Set(text.matches(of: /\*\*([A-Z][0-9]+)/).map { String($0.output.1) })).sorted()
    }

    /// Rules whose examples are planted bugs in a suite of their own, not `X1_…` functions.
    static let coveredElsewhere: [String: String] = [
        "D1": "DiffableTests.aPlantedDiffableBugIsFound", "D2": "DiffableTests.aPlantedDiffableBugIsFound",
        "D3": "DiffableTests.aPlantedDiffableBugIsFound", "D4": "DiffableTests.aPlantedDiffableBugIsFound",
        "D5": "DiffableTests.aPlantedDiffableBugIsFound", "F11": "BackgroundTabTests.tabListCatchesAMisplacedBackgroundTab",
    ]

    static func testedRules() -> Set<String> {
        var ids = Set<String>()
        let files = (try? FileManager.default.contentsOfDirectory(atPath: testsDir.path)) ?? []
        for f in files where f.hasSuffix(".swift") {
            let text = (try? String(contentsOf: testsDir.appendingPathComponent(f), encoding: .utf8)) ?? ""
            for m in text.matches(of: /func ([A-Z][0-9]+)_/) { ids.insert(String(m.output.1)) }
        }
        return ids
    }

    @Test func everyRuleHasAnExampleTest() {
        let rules = Self.specRules()
        #expect(rules.count >= 46, "docs/SPEC.md not read: \(rules)")
        let missing = rules.filter { !Self.testedRules().contains($0) && Self.coveredElsewhere[$0] == nil }
        #expect(missing.isEmpty, "rules with no example test: \(missing.joined(separator: ", "))")
    }
}
