import Checker
import Generators
import ReferenceModel
@testable import ProductionDriver
@testable import TabModel
import Testing

/// The production driver reads the tabs only when the list changed (`TabColumns`, #40): after
/// every step of random sequences its observation's tabs are those read afresh from the grid,
/// on copies that went their own ways from a shared state, and on a grid changed behind the
/// driver's back.
@Suite struct TabColumnsTests {
    static func fresh(_ grid: TabGrid) -> (ids: [String], titles: [String], displayed: [String]) {
        (grid.tabs.map(\.id.rawValue), grid.tabs.map(\.title), grid.displayed.map(\.id.rawValue))
    }

    @Test func theKeptColumnsAreTheGridReadAfresh() {
        var compared = 0, reused = 0
        for seed in UInt64(0)..<60 {
            let actions = Runner().run(.choices(Choices(seed: seed), maxSteps: 120)).executed
            var driver = TabModelDriver(viewport: .phone)
            var last = driver.observe()
            for (n, action) in actions.enumerated() {
                var other = driver   // a copy that takes another step from the same state
                _ = other.apply(actions[(n * 7 + 3) % actions.count])
                _ = driver.apply(action)
                for d in [driver, other] {
                    let o = d.observe(), f = Self.fresh(d.grid)
                    #expect(o.tabIDs == f.ids && o.titles == f.titles && o.displayed == f.displayed, "seed \(seed), step \(n + 1): \(action)")
                    compared += 1
                }
                let now = driver.observe()
                if ChangedMiddle.sameStorage(now.tabIDs, last.tabIDs) { reused += 1 }
                last = now
            }
        }
        #expect(compared > 5_000 && reused > 1_000, "\(compared) states, \(reused) reused: too few to show anything")
    }

    /// A grid changed outside `apply` is read afresh, not taken from the kept columns.
    @Test func aGridChangedBehindTheDriversBackIsReadAfresh() {
        var driver = TabModelDriver(viewport: .phone)
        for _ in 0..<3 { _ = driver.apply(.newTab) }
        _ = driver.observe()
        _ = driver.grid.setTitle("Other", for: TabID("t2"))
        _ = driver.grid.setQuery("new")
        let o = driver.observe()
        #expect(o.titles == ["New Tab", "Other", "New Tab"] && o.displayed == ["t1", "t3"])
    }
}
