import Testing
import TabGridTesting
@testable import TutorialGrid

/// The diffable variant of the tutorial's view controller (#37): the same view-model under a
/// diffable data source with `reorderingHandlers`, checked by D1–D5 as well as F10.
@Suite struct TutorialDiffableTests {
    static let threeTabsDragged: [GridAction] = [.newTab, .newTab, .newTab, .reorder(from: 2, to: 0)]

    /// The view-model cannot hear the drag: the view shows the user's order, the model its own.
    @Test func aDragTheViewModelDoesNotFollowIsCaught() {
        let unfollowed = GridDriverFactory.tutorial(fixes: .all, name: "tutorial-diffable-batchfixes", diffable: true)
        let f = GridCheck.failure(of: Self.threeTabsDragged, implementation: unfollowed)
        #expect(f.map { [.mapping, .snapshot, .tabList].contains($0.violation.property) } == true, "\(String(describing: f))")
        #expect(GridCheck.failure(of: Self.threeTabsDragged, implementation: GridDriverFactory(FixedTutorialDiffableDriver.self)) == nil)
    }

    /// Tutorial bug 1 (an insert at `tabs.count - 1` under a filter) cannot happen here: the
    /// data source computes the difference itself.
    @Test func theInsertUnderAFilterIsNoLongerACrash() {
        let actions: [GridAction] = [.setQuery("c"), .newTab]
        #expect(GridCheck.failure(of: actions, implementation: GridDriverFactory(TutorialDriver.self))?.violation.property == .crash)
        #expect(GridCheck.failure(of: actions, implementation: GridDriverFactory(TutorialDiffableDriver.self)) == nil)
    }

    @Test func theFixedDiffableVariantAgreesWithTheReference() async {
        let found = await GridCheck.expectAgreement(FixedTutorialDiffableDriver.self, with: .reference, budget: .sequences(400))
        #expect(found == nil)
    }

    /// It declares the diffable view, not the interactive movement: `movement` is skipped, `snapshot` runs.
    @Test func theDiffableVariantIsJudgedByTheSnapshotProperty() {
        let runner = GridCheck.plan(GridDriverFactory(TutorialDiffableDriver.self))
        #expect(runner.capabilities.contains(.diffable))
        #expect(runner.skipped.contains(.movement))
        #expect(!runner.skipped.contains(.snapshot))
    }

    /// F1, found once control characters were drawn in queries: Foundation's `contains` ends
    /// the query at a NUL on Linux, so "B\u{0}" matches "New Tab".
    @Test func aNulInTheQueryIsMatchedCharacterWise() {
        let actions: [GridAction] = [.newTab, .setQuery("B\u{0}")]
        let before = GridDriverFactory.tutorial(fixes: Fixes(Fixes.allCases.dropLast()), name: "tutorial-10")
        let f = GridCheck.failure(of: actions, implementation: before)
        #expect(f?.violation.property == .filter && f?.violation.rule == "F1", "\(String(describing: f))")
        #expect(GridCheck.failure(of: actions, implementation: GridDriverFactory(FixedTutorialDriver.self)) == nil)
    }
}
