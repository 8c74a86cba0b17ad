@testable import Checker
import Generators
import ProductionDriver
@testable import ReferenceModel
import Testing

/// The reference may keep a cache only when it is keyed by exactly the inputs it replaces (#40):
/// its kept displayed ids (`ReferenceGrid.settle`) against a filtering from scratch, after every
/// step of random sequences, and on copies that go their own ways from a shared state.
@Suite struct ReferenceCacheTests {
    @Test func theKeptDisplayedIDsAreAFreshFilteringOnRandomStates() {
        var compared = 0, hidden = 0
        for seed in UInt64(0)..<60 {
            let actions = Runner().run(.choices(Choices(seed: seed), maxSteps: 120)).executed
            var driver = ReferenceDriver(viewport: .phone)
            for (n, action) in actions.enumerated() {
                // A copy that took another step from the same state must not read this one's ids.
                var other = driver
                _ = other.apply(actions[(n * 7 + 3) % actions.count])
                _ = driver.apply(action)
                for grid in [driver.grid, other.grid] {
                    #expect(grid.displayedIDs == grid.filteredIDs(), "seed \(seed), step \(n + 1): \(action)")
                    var fresh = grid
                    fresh.query = grid.query   // setting an input drops the kept ids
                    #expect(fresh.displayedIDs == grid.filteredIDs())
                    compared += 1
                    if grid.filteredIDs().count < grid.tabs.count { hidden += 1 }
                }
            }
        }
        #expect(compared > 5_000 && hidden > 500, "\(compared) states, \(hidden) with hidden tabs: too few to show anything")
    }

    /// A title set through the tabs, or tabs replaced wholesale, drop the kept ids too.
    @Test func settingTabsOrATitleDropsTheKeptIDs() {
        var grid = ReferenceGrid(viewport: ReferenceDriver.viewport(.phone))
        for _ in 0..<3 { _ = grid.newTab() }
        _ = grid.setQuery("new")
        #expect(grid.settle().count == 3)
        grid.tabs[1].title = "Other"
        #expect(grid.displayedIDs == [grid.tabs[0].id, grid.tabs[2].id])
        grid.settle()
        grid.tabs.removeFirst()
        #expect(grid.displayedIDs == [grid.tabs[1].id])
    }

    /// The reference restores its own saved session from the values it kept (`SavedSession`):
    /// the same grid, outcome and all, as decoding the file those values write — on the states
    /// of random sequences, their titles drawn from every value class.
    @Test func restoringTheKeptSessionIsRestoringItsFile() {
        var restored = 0
        for seed in UInt64(100)..<160 {
            let actions = Runner().run(.choices(Choices(seed: seed), maxSteps: 120)).executed
            var driver = ReferenceDriver(viewport: .phone)
            for (n, action) in actions.enumerated() {
                _ = driver.apply(action)
                guard n % 3 == 0 else { continue }
                let session = driver.grid.saving()
                var fromValues = driver.grid, fromFile = driver.grid
                let a = fromValues.restore(session), b = fromFile.restore(session.encoded())
                #expect(a == b && fromValues.tabs == fromFile.tabs && fromValues.active == fromFile.active
                        && fromValues.displayedIDs == fromFile.displayedIDs, "seed \(seed), step \(n + 1)")
                restored += 1
            }
        }
        #expect(restored > 1_000)
    }
}
