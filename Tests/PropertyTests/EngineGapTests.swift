import Checker
import ProductionDriver
import Foundation
import Generators
import Testing

/// Issue 18: what a third-party view-model exposed in the engine — crashes as an outcome,
/// NaN in comparisons and shrinking, gestures that never began, F1 on its own.
@Suite struct EngineGapTests {
    static func run(_ bug: PlantedBug, _ actions: [Action], _ properties: [Property]) -> Runner.Failure? {
        Runner(implementation: bug.factory, properties: properties).run(.actions(actions), collectCoverage: false).failure
    }

    /// 18.1: a crash is a failure of its own kind, checked even when other properties are
    /// chosen, reported with its message, and shrunk like any other.
    @Test func aCrashIsAFailureOfItsOwnKind() {
        let f = Self.run(.crashesOnCloseAll, [.newTab, .newTab, .setQuery("x"), .closeAll, .newTab], [.swipeLock])
        #expect(f?.violation.property == .crash)
        #expect(f?.step == 4)
        #expect(f?.violation.message.contains("NSInternalInconsistencyException") == true)
        var c = Campaign.Config(); c.shrinkTime = 10
        let found = Campaign(runner: Runner(implementation: PlantedBug.crashesOnCloseAll.factory, properties: [.mapping]), config: c)
            .shrink([.newTab, .setTitle(id: "t1", title: "a"), .newTab, .setQuery("q"), .closeAll], f!, seed: 0, index: 0)
        // Two tabs are what it needs: one restore of a two-tab session is the shortest way there.
        #expect(found.shrunk == [.restoreData(#"{"tabs":[{"id":"t1","title":""},{"id":"t2","title":""}],"version":1}"#), .closeAll]
                || found.shrunk == [.restoreData(#"{"activeTabID":null,"tabs":[{"id":"t1","title":""},{"id":"t2","title":""}],"version":1}"#), .closeAll],
                "\(found.shrunk)")
    }

    /// 18.2: NaN equals NaN in observations and actions, so `rejection` sees no change where
    /// there is none and the shrinker reaches a fixed point.
    @Test func nanComparesEqualToItself() {
        var o = Observation()
        o.swipeOffset = .nan
        o.layout = Observation.Layout(tooSmall: false, columns: .nan, itemWidth: .nan)
        #expect(o == o)
        #expect(o.diff(against: o).isEmpty)
        let nanViewport = ViewportSpec(width: .nan, height: .nan, safeLeft: .nan)
        let actions: [Action] = [.setViewport(nanViewport), .swipeBegan(0, vx: .nan, vy: .nan), .swipeChanged(tx: .nan), .swipeEnded(tx: .nan, vx: .nan)]
        for a in actions { #expect(a == a, "\(a) differs from itself") }
        #expect(Action.setViewport(nanViewport) != .setViewport(.phone))
    }

    /// 18.2: a one-step failure on a NaN viewport shrinks at once (it spent a 5 s cap on
    /// 1.14 M candidates before), and every value type reaches a fixed point.
    @Test func shrinkingANaNFailureTerminates() {
        let nan = Action.setViewport(ViewportSpec(width: .nan, height: .nan))
        let r = Shrinker(timeLimit: 30, now: RunClock.now).shrink([.newTab, nan, .swipeChanged(tx: .nan)]) { c in
            c.contains { if case .setViewport(let v) = $0 { return v.width.isNaN } else { return false } }
        }
        #expect(r.actions == [.setViewport(ViewportSpec(width: .nan, height: 0))])
        #expect(!r.timedOut && r.attempts < 100, "\(r.attempts) candidates")
        let any = Shrinker(timeLimit: 30, now: RunClock.now).shrink([.swipeBegan(3, vx: .nan, vy: .infinity), .swipeEnded(tx: .nan, vx: -.infinity)]) { _ in true }
        #expect(!any.timedOut && any.attempts < 100, "\(any.attempts) candidates")
    }

    /// 18.3: a swipe end with no gesture in progress must change nothing; swipeLock (not only
    /// differential) says so.
    @Test func aGestureThatNeverBeganChangesNothing() {
        let f = Self.run(.endWithoutBeginDeletes, [.newTab, .swipeBegan(0, vx: 10, vy: 500), .swipeEnded(tx: -200, vx: -2000)], [.swipeLock])
        #expect(f?.violation.rule == "G1")
        #expect(f?.violation.message.contains("with no swipe in progress") == true, "\(String(describing: f))")
        #expect(Runner(properties: Property.allCases).run(.actions([.newTab, .swipeBegan(0, vx: 10, vy: 500), .swipeEnded(tx: -200, vx: -2000)])).failure == nil)
    }

    /// 18.4: F1 has its own property, so a partial model is judged on it with differential off.
    @Test func theFilterIsJudgedWithoutTheOracle() {
        let f = Self.run(.filterByScalars, [.newTab, .setTitle(id: "t1", title: "👩‍👩‍👧"), .setQuery("👩")], [.filter])
        #expect(f?.violation.property == .filter && f?.violation.rule == "F1")
        let crlf = Self.run(.filterByScalars, [.newTab, .setTitle(id: "t1", title: "a\r\nb"), .setQuery("\n")], [.filter])
        #expect(crlf?.violation.rule == "F1")
        #expect(Runner(properties: [.filter]).run(.actions([.newTab, .setTitle(id: "t1", title: "👩‍👩‍👧"), .setQuery("👩")])).failure == nil)
    }

    /// 18.5: the printed regression test replays the drivers that failed.
    @Test func theRegressionTestReplaysTheComparedDrivers() {
        let actions: [Action] = [.newTab, .newTab, .closeAll]
        let f = Self.run(.crashesOnCloseAll, actions, [.crash])!
        let builtIn = Report.regressionTest(actions, failure: f, id: "x", implementation: .productionBatch, oracle: .production)
        #expect(builtIn.contains("], implementation: GridDriverFactory.productionBatch, with: .driver(GridDriverFactory.production))"), "\(builtIn)")
        let custom = Report.regressionTest(actions, failure: f, id: "x", implementation: PlantedBug.crashesOnCloseAll.factory, oracle: .reference)
        #expect(custom.contains("], implementation: plantedCrashesOnCloseAll)"), "\(custom)")
        #expect(custom.contains("// `plantedCrashesOnCloseAll`: the GridDriverFactory registered as \"planted-crashesOnCloseAll\""))
        // What the pasted test calls: production passes, the failing driver still fails.
        #expect(Regression.check(actions) == nil)
        #expect(Regression.check(actions, implementation: PlantedBug.crashesOnCloseAll.factory)?.violation.property == .crash)
    }

    /// Every action equals itself and differs from a different one (the hand-written `==`
    /// must cover every case).
    @Test func actionEqualityIsExact() {
        var choices = Choices(seed: 7)
        let generator = ActionGenerator()
        var seen: [Action] = []
        let state = GenerationState()
        let kinds = ActionKind.allCases
        for _ in 0..<2_000 { seen.append(generator.action(&choices, state: state, enabled: kinds, weights: generator.weights(of: kinds))) }
        for a in seen { #expect(a == a, "\(a)") }
        for (a, b) in zip(seen, seen.dropFirst()) { #expect((a == b) == (a.swiftCode == b.swiftCode), "\(a) vs \(b)") }
    }
}

/// Issue 14.3: reports compress runs of equal actions, never the failing step.
@Test func reportsCompressRunsOfEqualActions() {
    let actions: [Action] = Array(repeating: .newTab, count: 129) + [.closeDisplayed(0), .closeDisplayed(0), .closeDisplayed(0)]
    // 129 new tabs, two closes, then a Close All that crashes (planted).
    let failure = Runner(implementation: PlantedBug.crashesOnCloseAll.factory).run(.actions(Array(actions.prefix(131)) + [.closeAll]), collectCoverage: false).failure!
    let text = Report.steps(Array(actions.prefix(131)) + [.closeAll], failure: failure)
    #expect(text.hasPrefix("1–129  newTab ×129\n130–131") == false)
    #expect(text.contains("1–129  newTab ×129\n"))
    #expect(text.contains(" 130  closeDisplayed(0)\n 131  closeDisplayed(0)\n 132  closeAll  ← fails here"), "\(text)")
}

/// Shrinking ends on a fixed point: no action can be simplified back into itself through
/// a chain of `simplerVariants` (a cycle — the phone viewport and its inset-free twin were
/// one — kept a 130-step shrink busy until its time cap). Random walks down the variants
/// must all end, without revisiting an action.
@Test func simplerVariantsNeverCycle() {
    var choices = Choices(seed: 11)
    var rng = Xoshiro256StarStar(seed: 12)
    let generator = ActionGenerator()
    let kinds = ActionKind.allCases
    var starts: [Action] = [.setViewport(.phone), .setViewport(ViewportSpec(width: .nan, height: 3.7, safeLeft: 2)),
                            .swipeEnded(tx: .infinity, vx: -.nan), .restoreData("ü"), .flyAwayFinished("t12")]
    for _ in 0..<300 { starts.append(generator.action(&choices, state: GenerationState(), enabled: kinds, weights: generator.weights(of: kinds))) }
    for start in starts {
        for _ in 0..<20 {
            var a = start, path = [start]
            while case let variants = a.simplerVariants(), !variants.isEmpty, path.count <= 2_000 {
                a = variants[Int(rng.next(upTo: UInt64(variants.count - 1)))]
                if path.contains(a) { Issue.record("\(start) simplifies back into \(a): \(path.suffix(4))"); return }
                path.append(a)
            }
            #expect(path.count <= 2_000, "\(start): a simplification chain longer than 2,000")
        }
    }
}
