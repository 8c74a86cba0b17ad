import Checker
import Foundation
import Generators
import ProductionDriver
import TabCheckCLI
import TabModel

/// `tabcheck-bench …`: the measurements behind docs/benchmarks.md (run by scripts/bench.sh
/// on a release build). Timings are medians of repeated runs; nothing here is asserted.
enum BenchCommand {
    static let usage = """
    usage: tabcheck-bench KIND [N]   (release build: swift run -c release tabcheck-bench …)
      model [TABS]           every event timed on a grid of TABS tabs (default 100, 1…100,000)
      throughput [SEQS]      checked steps/s over SEQS default sequences (default 2000, 1…1,000,000)
      scaling [N]            checked steps/s with 10, 100, 1,000 tabs open (or N only, up to 10,000)
      length                 per-step cost at sequence lengths 50…800
      sweep                  the items-per-row sweep
      generate               actions generated per second
      session                session JSON encode/decode against Foundation
      balanced [MAXSTEPS]    100 balanced sequences, untimed, for callgrind (default 200, 1…100,000)
      jobs [SEQS]            campaign steps/s with --jobs 1 and --jobs <cores>, and against both models
                             applied alone, on the campaign's own sequences (default 4000, 1…1,000,000)
    """

    static func run(_ args: [String]) throws(InputError) -> Int32 {
        if try Arguments.help(args, command: "", usage: usage) { return 0 }
        guard let kind = args.first else { throw InputError("bench needs a kind: model, throughput, scaling, length, sweep, generate, session, balanced or jobs (tabcheck-bench --help)") }
        /// The optional count after the kind, strictly checked.
        func count(_ fallback: Int, _ range: ClosedRange<Int>) throws(InputError) -> Int {
            guard args.count <= 2 else { throw InputError("bench \(kind) takes at most one number, got \(args.count - 1) arguments") }
            guard args.count == 2 else { return fallback }
            guard let n = Int(args[1]), range.contains(n) else {
                throw InputError("bench \(kind) takes a whole number \(Arguments.describe(range)), got \"\(args[1])\"")
            }
            return n
        }
        func none() throws(InputError) {
            guard args.count == 1 else { throw InputError("bench \(kind) takes no arguments, got \"\(args[1])\"") }
        }
        switch kind {
        case "model": modelEvents(tabs: try count(100, 1...100_000))
        case "throughput": throughput(sequences: try count(2000, 1...1_000_000))
        case "scaling": scaling(only: args.count == 2 ? try count(10, 1...10_000) : nil)
        case "length": try none(); lengths()
        case "sweep": try none(); sweep()
        case "generate": try none(); generation()
        case "session": try none(); session()
        case "balanced": balanced(maxSteps: try count(200, 1...Options.maxSteps))
        case "jobs": jobs(sequences: try count(4000, 1...1_000_000))
        default: throw InputError("bench: unknown kind \"\(kind)\" (tabcheck-bench --help lists them)")
        }
        return 0
    }

    static func median(_ xs: [Double]) -> Double { let s = xs.sorted(); return s.isEmpty ? 0 : s[s.count / 2] }
    static func us(_ x: Double) -> String { String(format: "%.2f µs", x * 1e6) }

    /// A grid of `n` tabs with varied titles, and every event timed on its own.
    static func modelEvents(tabs n: Int) {
        var grid = TabGrid(viewport: .phonePortrait, ids: .sequential(prefix: "t"))
        let words = ["Apple", "Swift Forums", "News", "Weather", "Maps", "Café", "Docs", "Mail"]
        for i in 0..<n {
            _ = grid.newTab()
            _ = grid.setTitle("\(words[i % words.count]) \(i)", for: TabID("t\(i + 1)"))
        }
        _ = grid.setQuery("a")
        var rng = Xoshiro256StarStar(seed: 1)
        func pick(_ count: Int) -> Int { Int(rng.next(upTo: UInt64(max(1, count) - 1))) }
        var samples: [String: [Double]] = [:]
        func time(_ name: String, _ body: () -> Void) {
            let t0 = DispatchTime.now().uptimeNanoseconds
            body()
            samples[name, default: []].append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9)
        }
        let reps = n >= 10_000 ? 400 : 2000
        var queryToggle = false
        for r in 0..<reps {
            let d = grid.displayedCount
            time("newTab") { _ = grid.newTab() }
            let newest = grid.tabs.last!.id
            time("close(id) F4") { _ = grid.close(newest) }
            time("closeDisplayed F3") { _ = try? grid.closeDisplayed(at: pick(d)) }
            time("reopen U2") { _ = grid.reopenClosedTab() }
            time("setTitle F8") { _ = grid.setTitle(r % 2 == 0 ? "Maps \(r)" : "Swift \(r)", for: TabID("t\(1 + pick(n))")) }
            time("move F9") { _ = try? grid.move(from: pick(d), to: pick(d)) }
            time("select A1") { _ = try? grid.select(at: pick(d)) }
            time("swipeBegan G1") { _ = try? grid.swipeBegan(at: pick(d), velocityX: -500, velocityY: 0) }
            time("swipeChanged G3") { _ = grid.swipeChanged(translationX: -60) }
            time("swipeEnded G4") { _ = grid.swipeEnded(translationX: -60, velocityX: 0) }
            time("tapClose G6") { _ = try? grid.tapClose(at: pick(d)) }
            if let pending = grid.pendingFlyAways.first {
                time("flyAwayFinished G6") { _ = grid.flyAwayFinished(pending) }
                time("reopen U2") { _ = grid.reopenClosedTab() }
            }
            time("layout L") { _ = grid.layout }
            if r % (n >= 10_000 ? 4 : 1) == 0 {
                queryToggle.toggle()
                time("setQuery F6") { _ = grid.setQuery(queryToggle ? "ap" : "a") }
            }
        }
        print("events on a grid of \(n) tabs (query \"a\"), median of up to \(reps) samples each:")
        for (name, xs) in samples.sorted(by: { $0.key < $1.key }) {
            print("  \(name.padding(toLength: 22, withPad: " ", startingAt: 0)) median \(us(median(xs)))   p90 \(us(xs.sorted()[xs.count * 9 / 10]))")
        }
    }

    /// Sequence `i` of the default campaign, by default without a large-grid opening
    /// (benchmarks compare like with like across lengths and models).
    static func defaultSequence(_ i: Int, maxSteps: Int, largeGrids: Bool = false) -> Runner.Source {
        .seeded(Campaign.sequenceSeed(master: Campaign.Config().seed, index: i), maxSteps: maxSteps, openings: largeGrids ? .occasional : .none)
    }

    /// Executed sequences of the default campaign, to replay through each model alone.
    static func corpus(_ sequences: Int, maxSteps: Int = 200, largeGrids: Bool = false) -> [[Action]] {
        (0..<sequences).map { i in
            Runner(properties: []).run(defaultSequence(i, maxSteps: maxSteps, largeGrids: largeGrids),
                                       collectCoverage: false).executed
        }
    }

    /// Steps per second of `passes` timed runs of `body`, which takes `steps` steps each time.
    static func rates(steps: Int, passes: Int, _ body: () -> Void) -> [Double] {
        (0..<passes).map { _ in
            let t0 = RunClock.now()
            body()
            return Double(steps) / (RunClock.now() - t0)
        }
    }

    /// Every sequence through a fresh driver: the model's own events, nothing observed or checked.
    static func replay(_ seqs: [[Action]], _ make: () -> any GridDriver) {
        for s in seqs { var d = make(); for a in s { _ = d.apply(a) } }
    }

    static func throughput(sequences: Int) {
        let seqs = corpus(sequences)
        let steps = seqs.reduce(0) { $0 + $1.count }
        /// Steps per second over five timed passes: median, min, max.
        func rates(_ pass: () -> Void) -> (median: Double, min: Double, max: Double) {
            let r = Self.rates(steps: steps, passes: 5, pass)
            return (median(r), r.min()!, r.max()!)
        }
        let prod = rates { replay(seqs) { TabModelDriver(viewport: .phone) } }
        let ref = rates { replay(seqs) { ReferenceDriver(viewport: .phone) } }
        let both = 1 / (1 / prod.median + 1 / ref.median)
        // Both models applied and read back after every step: the part of a differential
        // check that is not generation, comparison or invariants.
        let observed = rates {
            for s in seqs {
                var a = TabModelDriver(viewport: .phone), b = ReferenceDriver(viewport: .phone)
                for action in s { _ = a.apply(action); _ = b.apply(action); _ = a.observe(); _ = b.observe() }
            }
        }
        let checked = rates {
            for i in 0..<sequences {
                _ = Runner().run(defaultSequence(i, maxSteps: 200))
            }
        }
        let c = checked.median
        func line(_ name: String, _ r: (median: Double, min: Double, max: Double), _ unit: String) {
            print(String(format: "  %@ %10.0f %@  (min %.0f, max %.0f)", name.padding(toLength: 28, withPad: " ", startingAt: 0), r.median, unit, r.min, r.max))
        }
        print("raw and checked throughput over the same \(sequences) sequences (\(steps) steps), median of 5:")
        line("TabModel alone", prod, "events/s")
        line("ReferenceModel alone", ref, "events/s")
        print(String(format: "  %@ %10.0f events/s  (from the two medians)", "both models, no checks".padding(toLength: 28, withPad: " ", startingAt: 0), both))
        line("both, each step observed", observed, "steps/s ")
        line("checked (all properties)", checked, "steps/s ")
        print(String(format: "  checker overhead: %.2f× the raw cost of running both models", both / c))
        print(String(format: "                    %.2f× the cost of running both models and observing them", observed.median / c))
    }

    /// The figures of decisions.md, Performance, from one process: the default campaign (`tabcheck --sequences N
    /// --no-db`) timed with one job and with one per core, interleaved, three rounds each; and
    /// the same sequences replayed through each model alone, with no observation or check,
    /// for the per-core ratio.
    static func jobs(sequences: Int) {
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let counts = cores == 1 ? [1] : [1, cores]
        var campaign: [Int: [Double]] = [:]
        var steps = 0
        for _ in 0..<3 {
            for j in counts {
                var config = Campaign.Config()
                config.sequences = sequences
                config.jobs = j
                let r = Campaign(runner: Runner(), config: config).run()
                steps = r.steps
                campaign[j, default: []].append(Double(r.steps) / r.elapsed)
            }
        }
        // The campaign's own sequences (large-grid openings included), each model alone.
        let seqs = corpus(sequences, maxSteps: Campaign.Config().maxSteps, largeGrids: true)
        func alone(_ make: () -> any GridDriver) -> Double { median(rates(steps: steps, passes: 3) { replay(seqs, make) }) }
        let prod = alone { TabModelDriver(viewport: .phone) }, ref = alone { ReferenceDriver(viewport: .phone) }
        let both = 1 / (1 / prod + 1 / ref)
        print("the default campaign, \(sequences) sequences (\(steps) steps), 3 interleaved rounds, \(cores) cores:")
        for j in counts {
            let r = campaign[j]!
            print(String(format: "  --jobs %d   %8.0f checked steps/s  (min %.0f, max %.0f)", j, median(r), r.min()!, r.max()!))
        }
        if cores > 1 {
            print(String(format: "  --jobs %d ÷ --jobs 1: %.2f×", cores, median(campaign[cores]!) / median(campaign[1]!)))
        }
        print(String(format: "  the same sequences, TabModel alone %.0f and ReferenceModel alone %.0f events/s: both %.0f events/s", prod, ref, both))
        print(String(format: "  per-core checked rate ÷ both models applied: %.2f", median(campaign[1]!) / both))
    }

}
