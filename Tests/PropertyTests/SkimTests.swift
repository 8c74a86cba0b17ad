import Checker
import Foundation
import ProductionDriver
import Generators
import Testing

/// Most steps skip the oracle's full observation: it is asked whether it agrees with the
/// implementation's (`AgreeingDriver.agrees(with:)`), and observed in full when it does not,
/// every `Runner.fullComparisonEvery` steps and at the end of a sequence (issue #14, part 2).
/// These tests show that the shortcut tells what the full comparison would, and that the
/// runner finds the same failures with it as without it.
@Suite struct SkimTests {
    /// Every field of an observation changed in turn, each to a value no model produces.
    static func perturbations(of o: Observation) -> [(String, Observation)] {
        var out: [(String, Observation)] = []
        func with(_ name: String, _ change: (inout Observation) -> Void) {
            var c = o
            change(&c)
            out.append((name, c))
        }
        with("tabIDs") { $0.tabIDs.append("x") }
        with("tabIDs order") { $0.tabIDs.reverse() }
        with("titles") { $0.titles = $0.titles.map { $0 + "·" } }
        with("displayed") { $0.displayed.append("x") }
        with("query") { $0.query += "·" }
        with("active") { $0.active = $0.active == nil ? "x" : nil }
        with("cancelVisible") { $0.cancelVisible.toggle() }
        with("closeAllEnabled") { $0.closeAllEnabled.toggle() }
        with("swipeHolder") { $0.swipeHolder = $0.swipeHolder == nil ? "x" : nil }
        with("swipeOffset") { $0.swipeOffset += 0.5 }
        with("swipeScale") { $0.swipeScale += 0.5 }
        with("swipeAbove") { $0.swipeAbove.toggle() }
        with("scrollEnabled") { $0.scrollEnabled.toggle() }
        with("pending") { $0.pending.append("x") }
        with("layout") { $0.layout.tooSmall.toggle() }
        with("layout.itemWidth") { $0.layout.itemWidth += 1 }
        with("layout.insetRight") { $0.layout.insetRight += 1 }
        with("closedCount") { $0.closedCount += 1 }
        with("newestClosed") { $0.newestClosed.append("x") }
        return out
    }

    /// The reference's answer is `observe() == o`: for the production's observation after
    /// every step of generated sequences (they agree), and for each field of it changed.
    @Test func theReferenceAgreesExactlyWhenTheFullComparisonWould() {
        var agreed = 0, refused = 0
        for seed in UInt64(0)..<60 {
            let actions = Runner().run(.seeded(seed, maxSteps: 80), collectCoverage: false).executed
            var impl = TabModelDriver(viewport: .phone), ref = ReferenceDriver(viewport: .phone)
            for action in actions {
                _ = impl.apply(action); _ = ref.apply(action)
                let seen = impl.observe()
                #expect(ref.agrees(with: seen) == (ref.observe() == seen), "seed \(seed), after \(action)")
                if ref.agrees(with: seen) == true { agreed += 1 }
                for (field, changed) in Self.perturbations(of: ref.observe()) {
                    let says = ref.agrees(with: changed)
                    #expect(says == (ref.observe() == changed), "seed \(seed), \(field) changed after \(action)")
                    if says == false { refused += 1 }
                }
            }
        }
        #expect(agreed > 1_000)
        #expect(refused > agreed * 10)
    }

    /// Every planted bug the differential property can see is found at the same step with
    /// the same report whether the oracle is skimmed (the default) or observed at every step
    /// (as it is when a step record is asked for: `onStep`).
    @Test(arguments: PlantedBug.allCases)
    func skimmingFindsWhatTheFullComparisonFinds(_ bug: PlantedBug) {
        let runner = Runner(implementation: bug.factory)
        var found = 0
        for seed in UInt64(0)..<300 {
            let source = Runner.Source.seeded(seed &* 0x9E37_79B9_7F4A_7C15, maxSteps: 120)
            let skimmed = runner.run(source, collectCoverage: false)
            let full = runner.run(source, collectCoverage: false, onStep: { _ in })
            #expect(skimmed.executed == full.executed, "\(bug) seed \(seed)")
            #expect(skimmed.failure?.description == full.failure?.description, "\(bug) seed \(seed)")
            #expect(skimmed.failure?.violation.differences == full.failure?.violation.differences, "\(bug) seed \(seed)")
            if skimmed.failure != nil { found += 1 }
        }
        #expect(found > 0, "\(bug) was never found")
    }

    /// An oracle that always says it agrees: a difference that lasts is still found, at the
    /// next full comparison (every `fullComparisonEvery` steps, or the sequence's last step).
    /// One that a later step undoes before then goes unseen — which is why the first test
    /// holds the reference's answer to the full comparison's.
    @Test func anOracleThatAlwaysAgreesIsCaughtByTheFullComparisons() {
        let lying = AlwaysAgrees.factory
        let runner = Runner(implementation: PlantedBug.titlesTrimmed.factory, oracle: lying, properties: [.differential])
        let honest = Runner(implementation: PlantedBug.titlesTrimmed.factory, properties: [.differential])
        var caught = 0, early = 0
        for seed in UInt64(0)..<300 {
            // Production's actions the lying oracle takes (it declares no diffable view: no reorder).
            let actions = Runner().run(.seeded(seed, maxSteps: 120), collectCoverage: false).executed.filter { runner.capabilities.allows($0) }
            guard let first = honest.run(.actions(actions), collectCoverage: false).failure else { continue }
            guard let late = runner.run(.actions(actions), collectCoverage: false).failure else { continue }
            // A step's outcome (accepted or refused, the update, a fly-away started) is compared
            // at every step; skimming spares only observations, whose differences are fields. A
            // trimmed title that changes what the filter shows makes the outcomes part at once
            // (#35's titles hold every kind of whitespace): not what this test is about.
            if late.violation.differences.isEmpty { continue }
            caught += 1
            #expect(late.step % Runner.fullComparisonEvery == 0 || late.step == actions.count, "seed \(seed): \(late)")
            #expect(!late.violation.differences.isEmpty)
            if late.step > first.step { early += 1 }
        }
        #expect(caught > 0)
        #expect(early > 0, "the lying oracle never delayed a report: the test shows nothing")
    }

    /// A run stopped early (a time limit, an interrupt) ends with a full comparison too: here
    /// the difference appears after the last periodic one, and only the final one can see it.
    @Test func aRunStoppedEarlyEndsWithAFullComparison() {
        var actions = [Action](repeating: .willAppear, count: 249)
        actions += [.newTab, .setTitle(id: "t1", title: " a")]
        actions += [Action](repeating: .willAppear, count: 49)
        // Asked to stop once the oracle has seen 252 steps (the title's at 251): it stops at the
        // run's next check (`StopChecks`), before the periodic comparison at 256.
        let seen = StepCounter()
        let oracle = DriverFactory(name: "always-agrees-counting", summary: "the reference, claiming to agree, counting its steps") {
            CountingAgrees(base: AlwaysAgrees(base: ReferenceDriver(viewport: $0)), seen: seen)
        }
        let runner = Runner(implementation: PlantedBug.titlesTrimmed.factory, oracle: oracle, properties: [.differential])
        let out = runner.run(.actions(actions), collectCoverage: false, shouldStop: { seen.value >= 252 })
        #expect(out.stoppedEarly)
        #expect((252...255).contains(out.executed.count), "\(out.executed.count)")   // the next periodic comparison would be at 256
        #expect(out.failure?.step == out.executed.count)
        #expect(out.failure?.violation.differences.first?.field == "tabs")
    }
}

/// An oracle that always says it agrees with the implementation: only the full comparisons
/// can catch it.
struct AlwaysAgrees: AgreeingDriver {
    var base: ReferenceDriver
    mutating func apply(_ action: Action) -> StepOutcome { base.apply(action) }
    func observe() -> Observation { base.observe() }
    func roundTrip() -> Result<Observation, RoundTripError>? { base.roundTrip() }
    func agrees(with observation: Observation) -> Bool { true }
    static let factory = DriverFactory(name: "always-agrees", summary: "the reference, claiming to agree at every step") {
        AlwaysAgrees(base: ReferenceDriver(viewport: $0))
    }
}

/// The same, counting the steps it applied (a test's `shouldStop` reads it).
struct CountingAgrees: AgreeingDriver {
    var base: AlwaysAgrees
    let seen: StepCounter
    mutating func apply(_ action: Action) -> StepOutcome { seen.tick(); return base.apply(action) }
    func observe() -> Observation { base.observe() }
    func roundTrip() -> Result<Observation, RoundTripError>? { base.roundTrip() }
    func agrees(with observation: Observation) -> Bool { true }
}

final class StepCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func tick() { lock.withLock { n += 1 } }
    var value: Int { lock.withLock { n } }
}
