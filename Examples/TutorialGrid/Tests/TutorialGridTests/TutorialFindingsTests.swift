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
        (1, "swipeLock broke rule G6", "tutorial bug 5: negative fly-left duration"),
        (2, "flyAway broke rule G6", "new: a swipe begins on a tab that is flying away"),
        // Steps 3 and 4: since #24's generator (2026-11-25) this 400-sequence campaign meets
        // step 5's bug first; the loop of docs/tutorial-findings.md met tutorial bug 6 (G1)
        // and bug 9 (L5) here. Both are still in these models: the campaign finds one of them.
        (3, "flyAway broke rule G6", "new: a second close on a flying tab starts a second fly-away (met before bug 6)"),
        (4, "flyAway broke rule G6", "new: a second close on a flying tab starts a second fly-away (met before bug 9)"),
        (5, "flyAway broke rule G6", "new: a second close on a flying tab starts a second fly-away"),
        (6, "flyAway broke rule G6", "tutorial bug 4: a tab closed meanwhile still flying away, whose completion takes the fatalError path"),
        // Step 7: since #35's generators (2026-11-26, index draws biased to the active tab and
        // the ends) this campaign meets step 8's bug first; tutorial bug 6 (G4) is still in it.
        (7, "swipeLock broke rule G5", "tutorial bug 7 (met before bug 6): the swipe lock stays set when the swiping cell disappears"),
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
