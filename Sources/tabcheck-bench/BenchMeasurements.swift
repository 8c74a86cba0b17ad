import Checker
import Foundation
import Generators
import ProductionDriver
import TabModel

/// The other measurements: cost per step against tabs open and sequence length, the sweep,
/// generation, sessions.
extension BenchCommand {
    static func scaling(only: Int? = nil) {
        print("checked steps/s with N tabs open (each sequence starts from N new tabs, opened before the clock starts, then up to 200 generated steps):")
        for n in only.map({ [$0] }) ?? [10, 100, 1000] {
            var impl = TabModelDriver(viewport: .phone), ref = ReferenceDriver(viewport: .phone)
            for _ in 0..<n { _ = impl.apply(.newTab); _ = ref.apply(.newTab) }
            var rates: [Double] = [], total = 0
            for rep in 0..<5 {
                var steps = 0
                let t0 = RunClock.now()
                for i in 0..<(n >= 1000 ? 4 : 40) {
                    // A fresh disk for each sequence, as each of a campaign's has: the driver's
                    // files are shared by its copies, so sequences started from one copy piled up
                    // each other's corrupt session files (the crash check's cost grew with them).
                    var fresh = TabModelDriver(viewport: .phone)
                    fresh.grid = impl.grid
                    let s = Runner().run(.choices(Choices(seed: UInt64(rep * 1000 + i)), maxSteps: 200), from: (fresh, ref))
                    steps += s.executed.count
                }
                rates.append(Double(steps) / (RunClock.now() - t0))
                total += steps
            }
            // The steps are counted so that an instruction count (callgrind) can be divided by them.
            print(String(format: "  %5d tabs: %9.0f steps/s (min %.0f, max %.0f; %d steps)", n, median(rates), rates.min()!, rates.max()!, total))
        }
    }

    /// Closes about as often as it opens, holding the tab count down at any length.
    static var balancedGenerator: ActionGenerator {
        var balanced = GeneratorConfig.defaultWeights
        balanced[.newTab] = 6; balanced[.closeDisplayed] = 6; balanced[.closeAll] = 1
        return ActionGenerator(config: GeneratorConfig(weights: balanced, swarm: false))
    }

    /// One campaign of 100 sequences with the balanced generator, untimed: for counting
    /// instructions under callgrind (`bench balanced 800`).
    static func balanced(maxSteps: Int) {
        var c = Campaign.Config(); c.sequences = 100; c.maxSteps = maxSteps; c.largeGrids = false
        let r = Campaign(runner: Runner(generator: balancedGenerator), config: c).run()
        print("balanced generator: \(r.sequences) sequences, \(r.steps) steps")
    }

    static func lengths() {
        // Default weights open more tabs than they close, so longer sequences hold more tabs;
        // the balanced weights close about as often as they open, holding the tab count down.
        let generators: [(String, ActionGenerator)] = [
            ("default generator", ActionGenerator()),
            ("balanced generator (new tab 6, close 6, no swarm): few tabs open at any length", balancedGenerator),
        ]
        print("campaign time as the sequence length doubles (500 sequences each, median of 5; no large-grid openings):")
        for (name, generator) in generators {
            print("  \(name)")
            for maxSteps in [50, 100, 200, 400, 800] {
                var times: [Double] = [], steps = 0
                for _ in 0..<5 {
                    var c = Campaign.Config(); c.sequences = 500; c.maxSteps = maxSteps; c.largeGrids = false
                    let r = Campaign(runner: Runner(generator: generator), config: c).run()
                    times.append(r.elapsed); steps = r.steps
                }
                let t = median(times)
                // The mean number of open tabs per step, over the first 200 sequences.
                var tabSteps = 0, tabSum = 0
                for i in 0..<200 {
                    let run = Runner(properties: [], generator: generator)
                        .run(defaultSequence(i, maxSteps: maxSteps), collectCoverage: false)
                    var d = ReferenceDriver(viewport: .phone)
                    for a in run.executed { _ = d.apply(a); tabSum += d.grid.tabs.count; tabSteps += 1 }
                }
                print(String(format: "    max %4d steps: %7.3f s (min %.3f, max %.3f) for %7d steps (%.2f µs/step, %.1f tabs open on average)",
                             maxSteps, t, times.min()!, times.max()!, steps, t / Double(steps) * 1e6, Double(tabSum) / Double(max(1, tabSteps))))
            }
        }
    }

    static func sweep() {
        var times: [Double] = []
        var checked = 0
        for _ in 0..<5 {
            let t0 = RunClock.now()
            let r = LayoutSweep.run()
            times.append(RunClock.now() - t0)
            checked = r.checked
            if !r.violations.isEmpty { print("  violations: \(r.violations.count)") }
        }
        print(String(format: "items-per-row sweep: %d layouts in %.3f s median (min %.3f, max %.3f)", checked, median(times), times.min()!, times.max()!))
    }

    static func generation() {
        let gen = ActionGenerator()
        var state = GenerationState()
        state.tabIDs = (1...20).map { "t\($0)" }; state.knownIDs = state.tabIDs
        state.titles = state.tabIDs.map { _ in "ab" }; state.displayedCount = 12
        var times: [Double] = []
        let n = 200_000
        for rep in 0..<5 {
            var c = Choices(seed: UInt64(rep))
            let kinds = ActionKind.allCases
            let t0 = RunClock.now()
            for _ in 0..<n { _ = gen.action(&c, state: state, enabled: kinds) }
            times.append(RunClock.now() - t0)
        }
        print(String(format: "generator: %.0f actions/s (median of 5 × %d; min %.0f, max %.0f)", Double(n) / median(times), n,
                     Double(n) / times.max()!, Double(n) / times.min()!))
    }

    /// Session JSON (P1–P3): the hand-written encoder and canonical reader against
    /// Foundation's `JSONEncoder`/`JSONDecoder`, on sessions of 25 and 1,000 tabs.
    static func session() {
        print("session encode/decode, median of 5 × 2000 (1000-tab sessions: × 50):")
        for n in [25, 1000] {
            var grid = TabGrid(viewport: .phonePortrait, ids: .sequential(prefix: "t"))
            let words = ["Apple", "Swift Forums", "News — Today", "Café", "👩‍👩‍👧 family", "\"quoted\""]
            for i in 0..<n { _ = grid.newTab(); _ = grid.setTitle("\(words[i % words.count]) \(i)", for: TabID("t\(i + 1)")) }
            let snapshot = grid.snapshot()
            let data = snapshot.encoded()
            let reps = n >= 1000 ? 50 : 2000
            func time(_ body: () -> Void) -> Double {
                var times: [Double] = []
                for _ in 0..<5 {
                    let t0 = RunClock.now()
                    for _ in 0..<reps { body() }
                    times.append((RunClock.now() - t0) / Double(reps))
                }
                return median(times)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let handEncode = time { _ = snapshot.encoded() }
            let foundationEncode = time { _ = try? encoder.encode(snapshot) }
            let handDecode = time { _ = try? SessionSnapshot.decode(data) }
            let foundationDecode = time { _ = try? SessionSnapshot.decodeWithFoundation(data) }
            print("  \(n) tabs (\(data.count) bytes):")
            print("    encode: hand-written \(us(handEncode)), JSONEncoder \(us(foundationEncode)) (\(String(format: "%.1f", foundationEncode / handEncode))×)")
            print("    decode: SessionSnapshot.decode (canonical path, validated) \(us(handDecode)), JSONDecoder alone \(us(foundationDecode)) (\(String(format: "%.1f", foundationDecode / handDecode))×)")
        }
    }
}
