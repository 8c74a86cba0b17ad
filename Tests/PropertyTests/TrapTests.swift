import Checker
import Foundation
import Generators
import ProductionDriver
import TabGridTesting
import Testing

/// Production that reads one past the end when the last of three or more displayed tabs
/// is closed: a real trap ("Index out of range") in a user's driver (#23.1).
struct TrapsOnLastClose: CheckableDriver {
    var base: TabModelDriver
    init(viewport: ViewportSpec) { base = TabModelDriver(viewport: viewport) }
    mutating func apply(_ action: Action) -> StepOutcome {
        let shown = base.observe().displayed
        if case .closeDisplayed(let i) = action, shown.count >= 3, i == shown.count - 1 { _ = shown[i + 1] }
        return base.apply(action)
    }
    func observe() -> Observation { base.observe() }
    func roundTrip() -> Result<Observation, RoundTripError>? { base.roundTrip() }
}

/// An oracle whose observation reads past the end once three tabs are open.
struct ObserveTrapsAtThreeTabs: CheckableDriver {
    var base: TabModelDriver
    init(viewport: ViewportSpec) { base = TabModelDriver(viewport: viewport) }
    mutating func apply(_ action: Action) -> StepOutcome { base.apply(action) }
    func observe() -> Observation {
        let o = base.observe()
        if o.tabIDs.count >= 3 { _ = o.tabIDs[o.tabIDs.count] }
        return o
    }
    func roundTrip() -> Result<Observation, RoundTripError>? { base.roundTrip() }
}

/// Production whose third action never returns.
struct HangsOnThirdAction: CheckableDriver {
    var base: TabModelDriver
    var applied = 0
    init(viewport: ViewportSpec) { base = TabModelDriver(viewport: viewport) }
    mutating func apply(_ action: Action) -> StepOutcome {
        applied += 1
        while applied == 3 { usleep(10_000) }
        return base.apply(action)
    }
    func observe() -> Observation { base.observe() }
    func roundTrip() -> Result<Observation, RoundTripError>? { base.roundTrip() }
}

/// A property of the checker's own that reads past the end once three tabs are open.
struct TrapsAtThreeTabs: GridStepProperty {
    static let name = Property("trapsAtThree")
    let rules = ["F2"]
    let needs: Set<Capability> = []
    mutating func check(_ step: GridStepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        if post.tabIDs.count >= 3 { _ = post.tabIDs[post.tabIDs.count] }
        return nil
    }
}

/// #23.1 in a test: a trap is a failure with the trapping sequence, not the end of the test
/// process. Each check runs as an exit test — a fresh process running nothing else — because
/// forking this test runner while its other threads are busy can block the child on a lock
/// of the Swift runtime (docs/reliability.md); the exit test's process forks safely.
@Suite struct TrapTests {
    static let trapping: [Action] = [.newTab, .newTab, .newTab, .closeDisplayed(2)]

    @Test func anIsolatedRunReportsTheTrapAndWhere() async {
        await #expect(processExitsWith: .success) {
            let runner = Runner(implementation: DriverFactory(TrapsOnLastClose.self))
            let out = runner.runIsolated(.actions([.newTab, .newTab, .newTab, .closeDisplayed(2), .newTab]))
            let f = out.failure
            precondition(f?.step == 4 && f?.action == .closeDisplayed(2), "\(String(describing: f))")
            precondition(f?.violation.property == .crash && f?.violation.rule == "trap", "\(String(describing: f))")
            precondition(f?.violation.message.contains("TrapsOnLastClose (the implementation) trapped in apply") == true, "\(String(describing: f))")
            precondition(f?.violation.message.contains(Runner.runtimeSays("Index out of range")) == true, "\(String(describing: f))")
            // Without a trap, an isolated run is the run.
            let plain = runner.runIsolated(.actions([.newTab, .closeDisplayed(0)]))
            precondition(plain.failure == nil && plain.executed == [.newTab, .closeDisplayed(0)])
            // A normal failure comes back whole, differences included.
            let seq: [Action] = [.newTab, .newTab, .setTitle(id: "t2", title: "x"), .setQuery("x"), .closeDisplayed(0)]
            let bug = Runner(implementation: PlantedBug.closesTabsIndex.factory)
            let isolated = bug.runIsolated(.actions(seq)).failure, inProcess = bug.run(.actions(seq)).failure
            precondition(isolated != nil && isolated?.violation == inProcess?.violation, "\(String(describing: isolated))")
        }
    }

    /// `minimal --from` a trap (#24.4): the search runs each level in forked children, and the
    /// candidate a child died of is the failure — found at its true length, breadth first.
    @Test func anExhaustiveSearchFindsTheShortestTrap() async {
        await #expect(processExitsWith: .success) {
            let runner = Runner(implementation: DriverFactory(TrapsOnLastClose.self), properties: [.crash])
            let alphabet: [Action] = [.newTab, .closeDisplayed(0), .closeDisplayed(1), .closeDisplayed(2)]
            let trap: @Sendable (Sandbox.End) -> Bool = { if case .trapped = $0 { true } else { false } }
            let found = ExhaustiveSearch.search(runner, limit: 5, alphabet: alphabet, jobs: 2, isolated: trap, deadline: nil) { false }
            precondition(found.found == TrapTests.trapping && found.provenAbove == 3 && !found.stopped, "\(found)")
            // One step short there is none, and the search says it looked at every sequence.
            let none = ExhaustiveSearch.search(runner, limit: 3, alphabet: alphabet, jobs: 2, isolated: trap, deadline: nil) { false }
            precondition(none.found == nil && none.provenAbove == 3 && !none.stopped, "\(none)")
            // Past its deadline it proves nothing and says so.
            let late = ExhaustiveSearch.search(runner, limit: 5, alphabet: alphabet, jobs: 2, isolated: trap, deadline: RunClock.now() - 1) { false }
            precondition(late.found == nil && late.stopped && late.provenAbove == 0, "\(late)")
        }
    }

    /// What GridCheck.expectAgreement(isolated: true) runs: the campaign in a child; the
    /// trapping sequence found again alone, shrunk with each candidate isolated.
    @Test func aSupervisedCampaignReportsATrapShrunk() async {
        await #expect(processExitsWith: .success) {
            var c = Campaign.Config(); c.sequences = 300; c.shrinkTime = 10
            let (result, note) = SupervisedCampaign(Campaign(runner: Runner(implementation: DriverFactory(TrapsOnLastClose.self)), config: c)).run()
            let found = result.found
            precondition(found?.shrunkFailure.violation.rule == "trap", "\(String(describing: found)) \(String(describing: note))")
            precondition(found?.shrunk.count == 2, "\(String(describing: found))")
            precondition(note?.contains("traps again alone") == true, "\(String(describing: note))")
            // A campaign without a trap comes back from its child whole.
            var p = Campaign.Config(); p.sequences = 50
            let (passing, none) = SupervisedCampaign(Campaign(runner: Runner(), config: p)).run()
            precondition(passing.found == nil && passing.sequences == 50 && passing.steps > 0 && none == nil)
        }
    }

    /// Where a child died comes from memory it shares with the parent (`TraceBeacon`, #24.3),
    /// not from a line per call: a trap in the oracle's observe is named as that; a generated
    /// sequence (which the parent cannot know) comes back action for action; a call that never
    /// returns is a hang in that call; and a trap shrunk
    /// two candidates at a time gives the sequence one at a time gives.
    @Test func whereAChildDiedComesFromSharedMemory() async {
        await #expect(processExitsWith: .success) {
            let oracleTraps = Runner(oracle: DriverFactory(ObserveTrapsAtThreeTabs.self))
            let f = oracleTraps.runIsolated(.actions([.newTab, .newTab, .setQuery("x"), .newTab, .newTab])).failure
            precondition(f?.step == 4 && f?.action == .newTab, "\(String(describing: f))")
            precondition(f?.violation.message.contains("ObserveTrapsAtThreeTabs (the oracle) trapped in observe") == true, "\(String(describing: f))")
            // A call that never returns shows no progress in the beacon: a hang, named where.
            let hangs = Runner(implementation: DriverFactory(HangsOnThirdAction.self))
            let h = hangs.runIsolated(.actions([.newTab, .newTab, .newTab, .newTab]), stallLimit: 0.3).failure
            precondition(h?.step == 3 && h?.violation.rule == "hang", "\(String(describing: h))")
            precondition(h?.violation.message.contains("HangsOnThirdAction (the implementation) hung in apply") == true, "\(String(describing: h))")
            // Between driver calls it is the checker's own code (here a property) that died.
            var checkerTraps = Runner()
            checkerTraps.customProperties = [TrapsAtThreeTabs()]
            let c = checkerTraps.runIsolated(.actions([.newTab, .newTab, .newTab, .newTab])).failure
            precondition(c?.step == 3 && c?.violation.message.contains("the checker (a property or the run loop) trapped") == true, "\(String(describing: c))")
            let plain = Runner()
            for seed: UInt64 in [1, 2, 3] {
                let source = Runner.Source.seeded(seed, maxSteps: 40, openings: .none)
                let alone = plain.runIsolated(source), here = plain.run(source, collectCoverage: false)
                precondition(!alone.executed.isEmpty && alone.executed == here.executed && alone.failure == nil, "seed \(seed)")
            }
            let noisy: [Action] = [.newTab, .setQuery(""), .newTab, .select(0), .newTab, .newTab, .closeDisplayed(0),
                                   .setTitle(id: "t2", title: "a"), .newTab, .closeDisplayed(3), .newTab]
            let runner = Runner(implementation: DriverFactory(TrapsOnLastClose.self))
            let failure = runner.runIsolated(.actions(noisy)).failure!
            let shrunk = [1, 2].map { jobs in
                var c = Campaign.Config(); c.isolated = true; c.jobs = jobs; c.shrinkTime = 60
                return Campaign(runner: runner, config: c).shrink(noisy, failure, seed: 0, index: 0).shrunk
            }
            precondition(shrunk[0] == shrunk[1] && shrunk[0].count == 2, "\(shrunk)")
        }
    }

    /// The regression test GridCheck attaches for a trap is an exit test.
    @Test func theAttachedRegressionTestOfATrapIsAnExitTest() {
        let failure = Runner.Failure(step: 4, action: .closeDisplayed(2), violation: Violation(.crash, "trap", "TrapsOnLastClose (the implementation) trapped in apply: x.swift:1: Fatal error: Index out of range (SIGILL)"))
        let text = GridCheck.regressionTest(Self.trapping, failure: failure, id: "1",
                                            driver: DriverFactory(TrapsOnLastClose.self), oracle: .reference)
        #expect(text.contains("await #expect(processExitsWith: .success)") && text.contains("DriverFactory(TrapsOnLastClose.self)"), "\(text)")
    }

    /// How that pasted test runs: in a child process. While the bug is there the child traps
    /// (the pasted test, expecting success, fails); once fixed it exits 0.
    @Test func theRegressionTestOfATrapIsAnExitTest() async {
        await #expect(processExitsWith: .failure) {
            let failure = Regression.check([.newTab, .newTab, .newTab, .closeDisplayed(2)], implementation: DriverFactory(TrapsOnLastClose.self))
            precondition(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
        }
        await #expect(processExitsWith: .success) {
            let failure = Regression.check([.newTab, .newTab, .newTab, .closeDisplayed(2)], implementation: .production)
            precondition(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
        }
    }
}
