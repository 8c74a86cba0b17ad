import Foundation
import Generators

/// A randomized campaign: many generated sequences from disjoint seeds, stopped at the
/// first failure, which is then shrunk.
public struct Campaign: Sendable {
    public struct Config: Sendable {
        public var seed: UInt64 = 0x7AB6_121D
        public var sequences = 2_000
        public var maxSteps = 200
        /// Seconds; the campaign stops early when it runs out (nil: no limit).
        public var timeLimit: Double?
        public var shrinkTime = 5.0
        /// Shard K of N (1-based): sequence i of this shard is global sequence i·N + K − 1.
        public var shard = (index: 1, count: 1)
        /// Whether one sequence seed in 128 opens a large grid first (`Runner.Source.seeded`).
        /// Benchmarks of sequence length turn it off: an opening's length does not follow `maxSteps`.
        public var largeGrids = true
        /// Asked between sequences, every 256 steps inside one, and before every shrink
        /// candidate: true stops the campaign (or the shrink, keeping the smallest failure so
        /// far). `tabcheck` answers it from SIGINT/SIGTERM.
        public var shouldStop: @Sendable () -> Bool = { false }
        public init() {}
    }

    public struct Found: Sendable {
        public let sequenceSeed: UInt64
        public let sequenceIndex: Int
        public let original: [Action]
        public let originalFailure: Runner.Failure
        public let shrunk: [Action]
        public let shrunkFailure: Runner.Failure
        public let shrinkAttempts: Int
        public let shrinkSeconds: Double
        public let shrinkTimedOut: Bool
        /// Whether `shouldStop` ended the shrink: `shrunk` is the smallest failure found so far.
        public let shrinkInterrupted: Bool
    }

    public struct Result: Sendable {
        public var sequences = 0
        public var steps = 0
        public var elapsed = 0.0
        public var secondsToFailure: Double?
        public var found: Found?
        public var coverage = Coverage()
        /// Whether `shouldStop` ended the campaign before its budget (with no failure found).
        public var interrupted = false
    }

    public struct Progress: Sendable {
        public let sequences: Int
        public let steps: Int
        public let elapsed: Double
    }

    public let runner: Runner
    public let config: Config

    public init(runner: Runner, config: Config) { self.runner = runner; self.config = config }

    /// The seed of global sequence `index` under `master`: SplitMix64 of both, so shards
    /// and sequences draw from disjoint, reproducible streams.
    public static func sequenceSeed(master: UInt64, index: Int) -> UInt64 {
        var sm = SplitMix64(seed: master ^ (UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15))
        return sm.next()
    }

    /// Runs the campaign. `progress` is called about every `progressEvery` seconds;
    /// `onFailure` as soon as a failure is found, before shrinking starts (print it and save
    /// it there: a shrink can be interrupted).
    public func run(progressEvery: Double = 1, progress: (Progress) -> Void = { _ in },
                    onFailure: (UInt64, Int, Runner.Outcome) -> Void = { _, _, _ in }) -> Result {
        let start = Clock.now()
        let deadline = config.timeLimit.map { start + $0 }
        var result = Result()
        var lastProgress = start
        for i in 0..<config.sequences {
            if config.shouldStop() { result.interrupted = true; break }
            // Global index i·N + K − 1; a campaign cannot run long enough to overflow it,
            // but an absurd shard count must end the campaign, not trap.
            let (scaled, o1) = i.multipliedReportingOverflow(by: config.shard.count)
            let (global, o2) = scaled.addingReportingOverflow(config.shard.index - 1)
            if o1 || o2 { break }
            let seed = Self.sequenceSeed(master: config.seed, index: global)
            let outcome = runner.run(.seeded(seed, maxSteps: config.maxSteps, largeGrids: config.largeGrids),
                                     deadline: deadline, shouldStop: config.shouldStop)
            result.sequences += 1
            result.steps += outcome.executed.count
            result.coverage.merge(outcome.coverage)
            let now = Clock.now()
            if let failure = outcome.failure {
                result.secondsToFailure = now - start
                onFailure(seed, global, outcome)
                result.found = shrink(outcome.executed, failure, seed: seed, index: global)
                break
            }
            if outcome.stoppedEarly && config.shouldStop() { result.interrupted = true; break }
            if now - lastProgress >= progressEvery {
                lastProgress = now
                progress(Progress(sequences: result.sequences, steps: result.steps, elapsed: now - start))
            }
            if let deadline, now >= deadline { break }
        }
        result.elapsed = Clock.now() - start
        return result
    }

    /// Shrinks a failing sequence to a locally minimal one that fails the same way.
    public func shrink(_ actions: [Action], _ failure: Runner.Failure, seed: UInt64, index: Int) -> Found {
        let t0 = Clock.now()
        let shrinker = Shrinker(timeLimit: config.shrinkTime, now: Clock.now, shouldStop: config.shouldStop)
        let r = shrinker.shrink(actions) { candidate in
            guard let f = runner.run(.actions(candidate), collectCoverage: false).failure else { return false }
            return f.violation.sameFailure(as: failure.violation)
        }
        // Re-run the minimal sequence for its exact failure (and trim anything after it).
        let final = runner.run(.actions(r.actions), collectCoverage: false)
        return Found(sequenceSeed: seed, sequenceIndex: index, original: actions, originalFailure: failure,
                     shrunk: final.executed, shrunkFailure: final.failure ?? failure, shrinkAttempts: r.attempts,
                     shrinkSeconds: Clock.now() - t0, shrinkTimedOut: r.timedOut, shrinkInterrupted: r.interrupted)
    }
}

/// Monotonic seconds, for time limits and rates only — never for generation.
public enum Clock {
    public static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
