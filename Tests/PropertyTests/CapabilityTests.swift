import Checker
import ProductionDriver
import Foundation
import Generators
import Testing

/// Issue 15.2: drivers declare what they support; runs draw only what both support,
/// compare only what both show, and skip (and name) the properties that need more.
@Suite struct CapabilityTests {
    /// Production that forgets the active tab, and crashes on any action outside `supported`
    /// — so an unsupported action that reached it would be a failure.
    struct Partial: GridDriver {
        var base: TabModelDriver
        let supported: Set<Capability>
        mutating func apply(_ action: Action) -> StepOutcome {
            guard supported.allows(action) else { return .crash("unsupported action \(action) reached the driver") }
            return base.apply(action)
        }
        func observe() -> Observation {
            var o = base.observe()
            if !supported.contains(.activeTab) { o.active = nil }
            return o
        }
        func roundTrip() -> Result<Observation, RoundTripError>? { base.roundTrip() }
    }

    static func factory(_ caps: Set<Capability>) -> DriverFactory {
        DriverFactory(name: "partial", summary: "production without some capabilities", capabilities: caps) {
            Partial(base: TabModelDriver(viewport: $0), supported: caps)
        }
    }

    @Test func onlySupportedActionsAreDrawnAndMissingPropertiesAreSkipped() {
        let caps: Set<Capability> = [.filter, .closeAll, .swipes, .flyAway]
        let runner = Runner(implementation: Self.factory(caps))
        #expect(runner.capabilities == caps)
        #expect(runner.skippedProperties == [.itemsPerRow, .activeTab, .reopen, .session, .layoutRules, .flyAway])
        #expect(runner.skippedDescription == "itemsPerRow (needs layout), activeTab (needs activeTab), reopen (needs reopen), session (needs sessions), layoutRules (needs layout), flyAway (needs layout)")
        var c = Campaign.Config(); c.sequences = 300; c.largeGrids = false
        let r = Campaign(runner: runner, config: c).run()
        #expect(r.found == nil, "\(r.found.map { Report.steps($0.shrunk, failure: $0.shrunkFailure) } ?? "")")
        for kind in ActionKind.allCases where !caps.allows(kind) { #expect(r.coverage.kinds[kind] == nil, "\(kind) was drawn") }
        for kind in [ActionKind.setQuery, .closeAll, .swipeBegan, .tapClose] { #expect((r.coverage.kinds[kind] ?? 0) > 0) }
    }

    /// The same driver claiming every capability fails: its missing active tab is a
    /// difference again, and unsupported actions reach it.
    @Test func claimingTooMuchFails() {
        let caps: Set<Capability> = [.filter]
        let honest = Runner(implementation: Self.factory(caps)).run(.actions([.newTab, .select(0)]), collectCoverage: false)
        #expect(honest.failure == nil && honest.skippedActions == 1)
        let overclaiming = DriverFactory(name: "overclaiming", summary: "") { Partial(base: TabModelDriver(viewport: $0), supported: caps) }
        let f = Runner(implementation: overclaiming).run(.actions([.newTab, .select(0)]), collectCoverage: false).failure
        #expect(f != nil)
        let f2 = Runner(implementation: DriverFactory(name: "o", summary: "") { Partial(base: TabModelDriver(viewport: $0), supported: Capability.all.subtracting([.activeTab])) })
            .run(.actions([.newTab]), collectCoverage: false).failure
        #expect(f2?.violation.property == .differential || f2?.violation.property == .activeTab, "\(String(describing: f2))")
    }

    @Test func aCheckableDriverTypeMakesAFactory() {
        struct Filterless: CheckableDriver {
            var base: TabModelDriver
            init(viewport: ViewportSpec) { base = TabModelDriver(viewport: viewport) }
            static var capabilities: Set<Capability> { Capability.all.subtracting([.filter]) }
            mutating func apply(_ action: Action) -> StepOutcome { base.apply(action) }
            func observe() -> Observation { base.observe() }
            func roundTrip() -> Result<Observation, RoundTripError>? { base.roundTrip() }
        }
        let f = DriverFactory(Filterless.self)
        #expect(f.name == "Filterless" && f.capabilities == Filterless.capabilities)
        #expect(Runner(implementation: f).skippedProperties == [.filter, .searchBar])
    }
}

/// Issue 14.1, in process: threads change neither the campaign nor the shrink.
@Suite struct ParallelCampaignTests {
    @Test func jobsDoNotChangeTheResult() {
        var results: [(Int, Int, [Action]?)] = []
        for jobs in [1, 2, 4] {
            var c = Campaign.Config(); c.sequences = 400; c.jobs = jobs; c.largeGrids = false; c.shrinkTime = 30
            let r = Campaign(runner: Runner(implementation: PlantedBug.lockKeptOnClose.factory, properties: [.swipeLock]), config: c).run()
            results.append((r.sequences, r.steps, r.found?.shrunk))
        }
        #expect(results[0].2 != nil)
        for r in results.dropFirst() { #expect(r.0 == results[0].0 && r.1 == results[0].1 && r.2 == results[0].2) }
    }
}
