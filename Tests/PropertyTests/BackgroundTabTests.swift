import Checker
import ProductionDriver
import Testing

/// F11, a new tab in the background (#38): the reference opens it after the active tab and
/// leaves the active tab alone; `tabList` judges it without the oracle and catches a model
/// that activates it or appends it; a driver without `backgroundTabs` is never sent one.
@Suite struct BackgroundTabTests {
    @Test func itGoesAfterTheActiveTabAndIsNotActivated() {
        var grid = ReferenceDriver(viewport: .phone)
        for a: Action in [.newTab, .newTab, .newTab, .select(0), .newBackgroundTab] { _ = grid.apply(a) }
        let o = grid.observe()
        #expect(o.tabIDs == ["t1", "t4", "t2", "t3"] && o.titles[1] == "New Tab" && o.active == "t1", "\(o.tabs) active \(o.active ?? "none")")
    }

    /// The reference, but a background tab is activated, or appended last (and not activated).
    struct Misplaced: GridDriver {
        var base = ReferenceDriver(viewport: .phone)
        let activates: Bool
        mutating func apply(_ action: Action) -> StepOutcome {
            guard case .newBackgroundTab = action else { return base.apply(action) }
            let before = base.observe()
            let out = base.apply(activates ? .newBackgroundTab : .newTab)
            let after = base.observe()
            let select = activates ? after.tabIDs.first { !before.tabIDs.contains($0) } : before.active
            if let id = select, let i = after.displayed.firstIndex(of: id) { _ = base.apply(.select(i)) }
            return out
        }
        func observe() -> Observation { base.observe() }
        func roundTrip() -> Result<Observation, RoundTripError>? { base.roundTrip() }
    }

    @Test(arguments: [false, true])
    func tabListCatchesAMisplacedBackgroundTab(_ activates: Bool) {
        let planted = DriverFactory(name: "misplaced", summary: "", capabilities: Capability.allFeatures) { _ in Misplaced(activates: activates) }
        let runner = Runner(implementation: planted, oracle: .reference, properties: [.tabList])
        let f = runner.run(.actions([.newTab, .newTab, .select(0), .newBackgroundTab])).failure
        #expect(f?.violation.property == .tabList && f?.violation.rule == "F11", "\(String(describing: f))")
    }

    @Test func aCampaignOfTheReferenceAgainstItselfDrawsAndPassesIt() {
        var config = Campaign.Config(); config.sequences = 300
        let r = Campaign(runner: Runner(implementation: .reference, oracle: .reference), config: config).run()
        #expect(r.found == nil)
        #expect((r.coverage.kinds[.newBackgroundTab] ?? 0) > 0, "never drawn")
    }

    @Test func productionIsNeverSentOne() {
        var config = Campaign.Config(); config.sequences = 300
        let r = Campaign(runner: Runner(), config: config).run()
        #expect(r.found == nil && r.coverage.kinds[.newBackgroundTab] == nil)
    }
}
