import Testing
import TabGridTesting
@testable import TutorialGrid

/// The checker on the tutorial's own view-model (docs/tutorial-findings.md). Each test
/// expects the failure the checker reported at that step of the fixing loop and asserts its
/// rule: if the checker stops finding it, or finds something else, the test fails.
@Suite struct TutorialFindingsTests {
    /// Step K: the first K fixes applied; the failure the campaign reports next.
    static let findings: [(k: Int, rule: String, bug: String)] = [
        (0, "crash broke rule crash", "tutorial bug 1: a new tab hidden by the filter is inserted at tabs.count - 1; UIKit raises"),
        // Steps 1 to 8: since #55's generators (2026-11-29: every number from its type's whole
        // domain, long titles in every script) this 400-sequence campaign meets tutorial bug 7
        // (G5) first, as long as it is in the model (its fix is the ninth). The bugs the loop of
        // docs/tutorial-findings.md met at these steps (5, 6, 4, 9 and the new G6 ones) are still
        // in these models: the campaign finds the one its stream meets first.
        (1, "swipeLock broke rule G5", "tutorial bug 7 (met before bug 5): the swipe lock stays set when the swiping cell disappears"),
        (2, "swipeLock broke rule G5", "tutorial bug 7 (met before a swipe on a flying tab)"),
        (3, "swipeLock broke rule G5", "tutorial bug 7 (met before a second fly-away and bug 6)"),
        (4, "swipeLock broke rule G5", "tutorial bug 7 (met before a second fly-away and bug 9)"),
        (5, "swipeLock broke rule G5", "tutorial bug 7 (met before a second fly-away)"),
        (6, "swipeLock broke rule G5", "tutorial bug 7 (met before bug 4)"),
        (7, "swipeLock broke rule G5", "tutorial bug 7 (met before bug 6)"),
        (8, "swipeLock broke rule G5", "tutorial bug 7: the swipe lock stays set when the swiping cell disappears"),
        (9, "flyAway broke rule G6", "new: the fly-left distance ignores where the cell was dragged"),
    ]

    static func driver(_ k: Int) -> GridDriverFactory {
        k == 0 ? GridDriverFactory(TutorialDriver.self) : GridDriverFactory.tutorial(fixes: Fixes(Fixes.allCases.prefix(k)), name: "tutorial-\(k)")
    }

    @Test(arguments: findings.map(\.k))
    func theCheckerFindsTheNextBug(_ k: Int) async {
        let expected = Self.findings[k]
        await withKnownIssue("step \(k): \(expected.bug)") {
            await GridCheck.expectAgreement(Self.driver(k), with: .reference, budget: .sequences(400), seed: GridCheck.defaultSeed)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix(expected.rule + " at step")
        }
    }

    /// Tutorial bug 4 as the published code meets it: the animation's completion finds no
    /// index path for its cell and the app stops in `fatalError`.
    @Test func aCompletionForAVanishedCellCrashes() {
        let actions: [GridAction] = [.newTab, .tapClose(0), .setQuery(" B"), .flyAwayFinished("t1")]
        let f = GridCheck.failure(of: actions, implementation: Self.driver(6))
        #expect(f?.violation.property == .crash)
        #expect(f?.violation.message.contains("Cannot find indexPath for Tab whose deletion was requested") == true)
        #expect(GridCheck.failure(of: actions, implementation: GridDriverFactory(FixedTutorialDriver.self)) == nil)
    }

    @Test func theFixedTutorialAgreesWithTheReference() async {
        let found = await GridCheck.expectAgreement(FixedTutorialDriver.self, with: .reference, budget: .sequences(400))
        #expect(found == nil)
    }

    /// The tutorial declares only what it implements; the rest is skipped and named.
    @Test func whatTheTutorialLacksIsSkipped() {
        let runner = GridCheck.plan(GridDriverFactory(TutorialDriver.self))
        #expect(runner.skipped == [.activeTab, .reopen, .session])
        #expect(runner.capabilities == [.filter, .searchBar, .closeAll, .layout, .swipes, .flyAway])
    }
}
