import Foundation
import Generators

/// A randomized campaign: many generated sequences from disjoint seeds, stopped at the
/// first failure, which is then shrunk.
package struct Campaign: Sendable {
    package struct Config: Sendable {
        package var seed: UInt64 = 0x7AB6_121D
        package var sequences = 2_000
        package var maxSteps = 200
        /// Seconds; the campaign stops early when it runs out (nil: no limit).
        package var timeLimit: Double?
        /// The shrink's safety net in seconds; its budget is `shrinkBudget` candidates, so its
        /// result does not depend on the machine's load (decisions.md, Generation and values).
        package var shrinkTime = Shrinker.defaultTimeLimit
        package var shrinkBudget = Shrinker.defaultCandidateBudget
        /// Shard K of N (1-based): sequence i of this shard is global sequence i·N + K − 1.
        package var shard = (index: 1, count: 1)
        /// The tabs a sequence opens first (`Openings`: by default one seed in 128 opens a
        /// large grid). Benchmarks of sequence length turn them off: an opening's length does
        /// not follow `maxSteps`.
        package var openings = Openings.occasional
        /// Whether sequences may open tabs first: `openings` is not `.none`.
        package var largeGrids: Bool {
            get { openings != .none }
            set { openings = newValue ? .occasional : .none }
        }
        /// Asked between sequences, every 256 steps inside one, and before every shrink
        /// candidate: true stops the campaign (or the shrink, keeping the smallest failure so
        /// far). `tabcheck` answers it from SIGINT/SIGTERM.
        package var shouldStop: @Sendable () -> Bool = { false }
        /// Worker threads for sequences and for shrink candidates. Sequences are seeded by
        /// index, so for a fixed `sequences` the verdict, the first failure (the failing
        /// sequence with the lowest index), its shrunk form and the step count do not depend
        /// on it.
        package var jobs = 1
        /// Where a supervising parent reads which sequences run (`RunningSequences`); nil:
        /// nobody watches.
        package var running: RunningSequences?
        /// Whether each sequence and each shrink candidate runs in a child process of its own
        /// (`Runner.runIsolated`): after a trap, so that the campaign survives the next one
        /// and the sequence that traps is a failure like any other.
        package var isolated = false
        /// More failures of the first one's kind, found after it, that are shrunk too, the
        /// shortest result kept (`Campaign+Restarts.swift`); 0: the first failure's shrink only.
        package var moreStarts = 4
        /// Whether a short shrunk failure is searched for a shorter one of any kinds, over the
        /// actions drawn from it (`ShortestOverAlphabet`); policy inference does without.
        package var searchShorter = true
        package init() {}
    }

    package struct Found: Sendable {
        package let sequenceSeed: UInt64
        package let sequenceIndex: Int
        package let original: [Action]
        package let originalFailure: Runner.Failure
        package internal(set) var shrunk: [Action]
        package internal(set) var shrunkFailure: Runner.Failure
        package internal(set) var shrinkAttempts: Int
        /// How many failures were shrunk — this one and those the campaign found after it
        /// (`Campaign+Restarts.swift`) — the shortest result kept.
        package internal(set) var shrinkStarts = 1
        /// The sequence seed of the campaign's first failure, when the shortest shrink came from
        /// a later one (this `sequenceSeed`); nil when it is this one.
        package internal(set) var firstFailureSeed: UInt64?
        /// What each shrink pass did, in `Shrinker.standardPasses` order.
        package var shrinkPasses: [ShrinkPassStatistics] = []
        package internal(set) var shrinkSeconds: Double
        package internal(set) var shrinkTimedOut: Bool
        /// Whether the shrink ran out of candidates (`Config.shrinkBudget`) before a local minimum.
        package var shrinkBudgetSpent = false
        /// Whether `shouldStop` ended the shrink: `shrunk` is the smallest failure found so far.
        package internal(set) var shrinkInterrupted: Bool
        /// Set when the failure does not come back every time (decisions.md, Isolation and traps): how often the shrunk
        /// and the original sequences failed when run again. When the shrunk one never did,
        /// `shrunk` is the original — a sequence that did not fail is never reported.
        package var nondeterministic: String?
    }

    package struct Result: Sendable {
        package var sequences = 0
        package var steps = 0
        package var elapsed = 0.0
        package var secondsToFailure: Double?
        package var found: Found?
        package var coverage = Coverage()
        /// Whether `shouldStop` ended the campaign before its budget (with no failure found).
        package var interrupted = false
        package init() {}
    }

    package struct Progress: Sendable {
        package let sequences: Int
        package let steps: Int
        package let elapsed: Double
    }

    package let runner: Runner
    package let config: Config

    package init(runner: Runner, config: Config) { self.runner = runner; self.config = config }

    /// The seed of global sequence `index` under `master`: SplitMix64 of both, so shards
    /// and sequences draw from disjoint, reproducible streams.
    package static func sequenceSeed(master: UInt64, index: Int) -> UInt64 {
        var sm = SplitMix64(seed: master ^ (UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15))
        return sm.next()
    }

    /// Runs the campaign. `progress` is called about every `progressEvery` seconds;
    /// `onFailure` as soon as a failure is found, before shrinking starts (print it and save
    /// it there: a shrink can be interrupted).
    package func run(progressEvery: Double = 1, progress: (Progress) -> Void = { _ in },
                    onFailure: (UInt64, Int, Runner.Outcome) -> Void = { _, _, _ in }) -> Result {
        let start = RunClock.now()
        let deadline = config.timeLimit.map { start + $0 }
        var result = Result()
        var lastProgress = start
        let running = config.running
        running?.phase = .generating
        var i = 0
        campaign: while i < config.sequences {
            if config.shouldStop() { result.interrupted = true; break }
            let ran = runRound(from: i, deadline: deadline, running: running)
            if ran.isEmpty { break }
            for (offset, (seed, global, outcome)) in ran.enumerated() {
                // A sequence the deadline stopped before its first step ran nothing: not counted (#54's fifth
                // audit: `--start-tabs 10000 --time-limit 2` said 64 sequences, 62 of them empty, and merge added them).
                if outcome.stoppedEarly && outcome.executed.isEmpty && outcome.failure == nil {
                    if config.shouldStop() { result.interrupted = true; break campaign }
                    continue
                }
                result.sequences += 1
                result.steps += outcome.executed.count
                result.coverage.merge(outcome.coverage)
                let now = RunClock.now()
                if let failure = outcome.failure {
                    result.secondsToFailure = now - start
                    running?.failingSeed = seed
                    running?.phase = .shrinking
                    onFailure(seed, global, outcome)
                    result.found = shrinkFromSeveral(outcome.executed, failure, seed: seed, index: global, at: i + offset, counted: &result)
                    break campaign
                }
                if outcome.stoppedEarly && config.shouldStop() { result.interrupted = true; break campaign }
            }
            i += ran.count
            running?.finished = (result.sequences, result.steps)
            let now = RunClock.now()
            if now - lastProgress >= progressEvery {
                lastProgress = now
                progress(Progress(sequences: result.sequences, steps: result.steps, elapsed: now - start))
            }
            if let deadline, now >= deadline { break }
        }
        result.elapsed = RunClock.now() - start
        return result
    }

    /// One round of sequences from index `i` of this shard: `jobs × 32` run on `jobs` threads
    /// (one at a time, or a batch of isolated children), then taken in index order — so the
    /// first failure is the lowest failing index, whatever the number of threads. The round
    /// ends at its first failure: nothing after it is returned.
    func runRound(from i: Int, deadline: Double?, running: RunningSequences?, coverage: Bool = true)
        -> [(seed: UInt64, global: Int, outcome: Runner.Outcome)] {
        let jobs = max(1, config.jobs)
        let round = jobs == 1 || config.isolated ? jobs : jobs * 32
        let n = min(round, config.sequences - i)
        var seeds: [(seed: UInt64, global: Int)] = []
        for k in i..<(i + max(0, n)) {
            // Global index k·N + K − 1; a campaign cannot run long enough to overflow it,
            // but an absurd shard count must end the campaign, not trap.
            let (scaled, o1) = k.multipliedReportingOverflow(by: config.shard.count)
            let (global, o2) = scaled.addingReportingOverflow(config.shard.index - 1)
            if o1 || o2 { break }
            seeds.append((Self.sequenceSeed(master: config.seed, index: global), global))
        }
        if seeds.isEmpty { return [] }
        let roundSeeds = seeds, maxSteps = config.maxSteps, openings = config.openings
        let source: @Sendable (Int) -> Runner.Source = { k in .seeded(roundSeeds[k].seed, maxSteps: maxSteps, openings: openings) }
        let outcomes: [Runner.Outcome]
        if config.isolated {
            outcomes = runner.runIsolated(batch: (0..<seeds.count).map(source))   // (coverage comes back from each child)
        } else if jobs == 1 {
            running?.start(job: 0, seed: roundSeeds[0].seed)
            outcomes = [runner.run(source(0), collectCoverage: coverage, deadline: deadline, shouldStop: config.shouldStop)]
        } else {
            let slots = OutcomeSlots(count: seeds.count)
            let runner = self.runner, stop = config.shouldStop
            // Each thread takes the next unclaimed sequence, so one slow sequence (a large
            // grid) does not leave the others idle.
            DispatchQueue.concurrentPerform(iterations: jobs) { job in
                // A copy with its own buffers: threads reading one shared array or
                // dictionary contend on its reference count at every step.
                let own = runner.isolatedCopy()
                while let k = slots.claim() {
                    running?.start(job: job, seed: roundSeeds[k].seed)
                    slots.set(k, own.run(source(k), collectCoverage: coverage, deadline: deadline, shouldStop: stop))
                }
            }
            outcomes = slots.completed
        }
        // Threads may have finished sequences after the first failure: they depend on timing, so they go.
        let kept = outcomes.firstIndex { $0.failure != nil }.map { outcomes.prefix(through: $0) } ?? outcomes[...]
        return kept.enumerated().map { (seeds[$0.offset].seed, seeds[$0.offset].global, $0.element) }
    }

    /// Shrinks a failing sequence to a locally minimal one that fails the same way.
    /// `searching` (default: `Config.searchShorter`): whether its last pass searches the
    /// failure's alphabet for a shorter one.
    package func shrink(_ actions: [Action], _ failure: Runner.Failure, seed: UInt64, index: Int, budget: Int? = nil,
                        timeLimit: Double? = nil, searching: Bool? = nil) -> Found {
        let t0 = RunClock.now()
        let runner = self.runner
        var shrinker = Shrinker(timeLimit: timeLimit ?? config.shrinkTime, now: RunClock.now, shouldStop: config.shouldStop,
                                collapse: runner.capabilities.contains(.sessions) ? { Self.restoring(after: $0, runner.startViewport) } : nil)
        shrinker.closesMakeTabs = runner.policy.emptyGrid == .replacedByNewTab
        shrinker.candidateBudget = budget ?? config.shrinkBudget
        let isolated = config.isolated
        // Isolated candidates run `jobs` at a time too, each in a child forked from this
        // thread (a child forked while another thread holds a lock can block on it).
        let same: @Sendable (Runner.Outcome) -> Bool = { out in out.failure.map { $0.violation.sameFailure(as: failure.violation) } ?? false }
        let run: @Sendable ([Action]) -> Runner.Outcome = { a in isolated ? runner.runIsolated(.actions(a)) : runner.run(.actions(a), collectCoverage: false) }
        shrinker.aiming = Self.aiming(runner, isolated: isolated, same: same)
        if searching ?? config.searchShorter {
            // Isolated, the search's candidates run in forked children, and a child's death
            // is the failure when it is the crash being shrunk.
            let v = failure.violation
            let killing = isolated ? ExhaustiveSearch.killing(rule: v.property == .crash ? v.rule : nil) ?? { _ in false } : nil
            shrinker.shorter = Self.shorterSearch(runner, jobs: config.jobs, stop: config.shouldStop, same: same, killing: killing)
        }
        let r = isolated
            ? shrinker.shrink(actions, width: config.jobs) { chunk in runner.runIsolated(batch: chunk.map { .actions($0) }).firstIndex(where: same) }
            : shrinker.shrink(actions, jobs: config.jobs) { same(run($0)) }
        // Re-run the minimal sequence for its exact failure (and trim anything after it) —
        // three times: a model that depends on more than the actions shows here.
        // Isolated, the run that is reported keeps the runtime's backtracer: a trap names the model's frame.
        if isolated { Sandbox.keepBacktracer = true }
        let final = run(r.actions)
        Sandbox.keepBacktracer = false
        let again = 1 + (0..<2).filter { _ in same(run(r.actions)) }.count
        let shrunkFails = final.failure?.violation.sameFailure(as: failure.violation) == true
        var found = Found(sequenceSeed: seed, sequenceIndex: index, original: actions, originalFailure: failure,
                          shrunk: shrunkFails ? final.executed : actions, shrunkFailure: shrunkFails ? final.failure! : failure,
                          shrinkAttempts: r.attempts, shrinkPasses: r.passes,
                          shrinkSeconds: RunClock.now() - t0, shrinkTimedOut: r.timedOut, shrinkInterrupted: r.interrupted)
        found.shrinkBudgetSpent = r.budgetSpent
        // After an interrupt the runs stop early and fail nothing: no claim either way (#54's third
        // audit: a SIGTERM during a hanging --wire model's shrink printed "NONDETERMINISTIC … 0 of 3").
        if !shrunkFails || again < 3, !config.shouldStop() {
            let original = (0..<3).filter { _ in same(run(actions)) }.count
            found.nondeterministic = "the shrunk sequence (\(r.actions.count) steps) failed again in \(shrunkFails ? again : 0) of 3 runs, "
                + "the original (\(actions.count) steps) in \(original) of 3 — the model depends on more than the actions (the order of a Set or "
                + "Dictionary, the clock, state shared between instances)" + (shrunkFails ? "" : "; the original is reported, the shrunk one did not fail")
        }
        return found
    }
}

extension Campaign {
    /// The restore that recreates what `prefix` leaves — its tabs, titles and active tab, as
    /// the reference model saves them — then its query (a restore clears it). The shrinker
    /// tries these in place of the prefix; whether they still fail is for the run to say.
    static func restoring(after prefix: [Action], _ viewport: ViewportSpec) -> [Action]? {
        var reference = ReferenceDriver(viewport: viewport)
        for a in prefix { _ = reference.apply(a) }
        let restore = Action.restoreData(String(decoding: reference.grid.save(), as: UTF8.self))
        return reference.grid.query.isEmpty ? [restore] : [restore, .setQuery(reference.grid.query)]
    }
}

/// The outcomes of one round of sequences run in parallel: each thread fills its own slots,
/// under a lock — the only thing the workers share.
final class OutcomeSlots: @unchecked Sendable {
    private var slots: [Runner.Outcome?]
    private let lock = NSLock()
    private var next = 0
    /// The lowest index that failed so far: nothing after it needs running.
    private var firstFailure = Int.max
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    /// The next sequence no thread has taken yet, unless a failure before it was found.
    func claim() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard next < slots.count, next < firstFailure else { return nil }
        next += 1
        return next - 1
    }
    func set(_ i: Int, _ outcome: Runner.Outcome) {
        lock.lock(); defer { lock.unlock() }
        slots[i] = outcome
        if outcome.failure != nil { firstFailure = min(firstFailure, i) }
    }
    /// The outcomes in index order, up to the first one not run (every index below a
    /// failure was claimed before it, so it ran).
    var completed: [Runner.Outcome] {
        lock.lock(); defer { lock.unlock() }
        return Array(slots.prefix { $0 != nil }.map { $0! })
    }
}
