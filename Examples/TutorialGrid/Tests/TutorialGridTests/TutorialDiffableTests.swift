import Checker
import Testing
import TabGridTesting
@testable import TutorialGrid

/// The diffable variant of the tutorial's view controller (#37): the same view-model under a
/// diffable data source with `reorderingHandlers`, checked by D1–D5 as well as F10.
@Suite struct TutorialDiffableTests {
    static let threeTabsDragged: [Action] = [.newTab, .newTab, .newTab, .reorder(from: 2, to: 0)]

    /// The view-model cannot hear the drag: the view shows the user's order, the model its own.
    @Test func aDragTheViewModelDoesNotFollowIsCaught() {
        let unfollowed = DriverFactory.tutorial(fixes: .all, name: "tutorial-diffable-batchfixes", diffable: true)
        let f = Regression.check(Self.threeTabsDragged, implementation: unfollowed, oracle: .reference)
        #expect(f.map { [.mapping, .snapshot, .tabList].contains($0.violation.property) } == true, "\(String(describing: f))")
        #expect(Regression.check(Self.threeTabsDragged, implementation: DriverFactory(FixedTutorialDiffableDriver.self), oracle: .reference) == nil)
    }

    /// Tutorial bug 1 (an insert at `tabs.count - 1` under a filter) cannot happen here: the
    /// data source computes the difference itself.
    @Test func theInsertUnderAFilterIsNoLongerACrash() {
        let actions: [Action] = [.setQuery("c"), .newTab]
        #expect(Regression.check(actions, implementation: DriverFactory(TutorialDriver.self), oracle: .reference)?.violation.property == .crash)
        #expect(Regression.check(actions, implementation: DriverFactory(TutorialDiffableDriver.self), oracle: .reference) == nil)
    }

    @Test func theFixedDiffableVariantAgreesWithTheReference() async {
        let found = await GridCheck.expectAgreement(FixedTutorialDiffableDriver.self, with: .reference, budget: .sequences(400))
        #expect(found == nil)
    }

    /// It declares the diffable view, not the interactive movement: `movement` is skipped, `snapshot` runs.
    @Test func theDiffableVariantIsJudgedByTheSnapshotProperty() {
        let runner = Runner(implementation: DriverFactory(TutorialDiffableDriver.self))
        #expect(runner.capabilities.contains(.diffable))
        #expect(runner.skippedProperties.contains(.movement))
        #expect(!runner.skippedProperties.contains(.snapshot))
    }

    /// F1, found once control characters were drawn in queries: Foundation's `contains` ends
    /// the query at a NUL on Linux, so "B\u{0}" matches "New Tab".
    @Test func aNulInTheQueryIsMatchedCharacterWise() {
        let actions: [Action] = [.newTab, .setQuery("B\u{0}")]
        let before = DriverFactory.tutorial(fixes: Fixes(Fixes.allCases.dropLast()), name: "tutorial-10")
        let f = Regression.check(actions, implementation: before, oracle: .reference)
        #expect(f?.violation.property == .filter && f?.violation.rule == "F1", "\(String(describing: f))")
        #expect(Regression.check(actions, implementation: DriverFactory(FixedTutorialDriver.self), oracle: .reference) == nil)
    }
}
