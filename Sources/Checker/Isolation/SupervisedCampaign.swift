import Foundation
import Generators

/// A campaign whose model may trap, run so that the caller survives it (decisions.md, Isolation and traps): the
/// campaign runs in a forked child (`Sandbox`) on one thread; its result comes back as one
/// line. When the child dies of a trap, the sequences it was running (`RunningSequences`)
/// are run again each in a child of their own, and the one that traps is shrunk with every
/// candidate isolated — so the caller gets a `Found` of property `crash`, rule `trap`, as for
/// any failure. What `GridCheck` runs inside `swift test`, where a trap would end every test.
package struct SupervisedCampaign: Sendable {
    package let campaign: Campaign
    /// What the child may take beyond the campaign's own budget before it counts as hung.
    package var margin = 120.0

    package init(_ campaign: Campaign) { self.campaign = campaign }

    /// The campaign's result; `note` is set when the child died (what happened, for a report).
    package func run() -> (result: Campaign.Result, note: String?) {
        guard let shared = RunningSequences() else { return (campaign.run(), nil) }
        Self.warmUp()
        var config = campaign.config
        config.running = shared
        // One thread: after a fork only the forking thread exists, and Dispatch is not safe.
        config.jobs = 1
        let inChild = Campaign(runner: campaign.runner, config: config)
        let limit = (config.timeLimit ?? 600) + config.shrinkTime + margin
        var report = Sandbox.Report()
        // A child stalled before its first sequence most likely forked while another thread
        // of this process held a lock: once more.
        for _ in 0..<2 {
            report = Sandbox.run(timeLimit: limit, stallLimit: 30, progress: { shared.started }) { channel in
                channel.send("R " + Self.line(inChild.run()))
                return 0
            }
            if report.end != .stalled || shared.started > 0 { break }
        }
        if case .exited(0) = report.end, let last = report.messages.last(where: { $0.hasPrefix("R ") }),
           let result = Self.result(String(last.dropFirst(2))) {
            return (result, nil)
        }
        return recover(report, shared, config)
    }

    /// What a forked child needs from the Swift runtime the first time — type metadata, key
    /// paths, conformances, the JSON coders — made here once, before any fork: a child that
    /// must make one while another thread of this process held the runtime's lock at the fork
    /// (a test runner has many) would wait for ever. The checker's own path, run with the
    /// reference on both sides, traced into /dev/null; a user's driver is made and observed.
    static let warmedUp: Bool = {
        let sink = open("/dev/null", O_WRONLY)
        defer { close(sink) }
        // The reference under another policy fails against SPEC's: a campaign that finds,
        // shrinks and encodes a failure.
        let differing = Runner(implementation: .reference(Policy(activeAfterClose: .none)), oracle: .reference)
        var config = Campaign.Config(); config.sequences = 40; config.largeGrids = false; config.shrinkTime = 1; config.moreStarts = 0; config.searchShorter = false
        let traced = TraceBeacon().map { differing.traced(Sandbox.Channel(fd: sink), $0, sayingActions: true) } ?? differing
        let r = Campaign(runner: traced, config: config).run()
        _ = result(line(r))
        return true
    }()

    static func warmUp() {
        _ = warmedUp
    }

    /// The child died: the sequences it was running, each alone.
    func recover(_ report: Sandbox.Report, _ shared: RunningSequences, _ config: Campaign.Config) -> (Campaign.Result, String?) {
        var result = Campaign.Result()
        (result.sequences, result.steps) = shared.finished
        let seeds = shared.phase == .shrinking ? [shared.failingSeed] : shared.running
        let died = "the campaign's process died (\(Runner.trapMessage(report)))"
        var isolated = config
        isolated.isolated = true
        for seed in seeds {
            let outcome = campaign.runner.runIsolated(.seeded(seed, maxSteps: config.maxSteps, openings: config.openings))
            result.sequences += 1
            result.steps += outcome.executed.count
            guard let failure = outcome.failure else { continue }
            result.found = Campaign(runner: campaign.runner, config: isolated).shrink(outcome.executed, failure, seed: seed, index: 0)
            return (result, "\(died); the sequence it was running traps again alone")
        }
        return (result, "\(died), but none of the sequences it was running (seeds \(seeds.map(hex).joined(separator: ", "))) traps again alone")
    }

    // MARK: The result as one line

    static func actions(_ a: [Action]) -> String {
        ActionCoding.line(a)
    }

    package static func line(_ r: Campaign.Result) -> String {
        var o: [String: Any] = ["sequences": r.sequences, "steps": r.steps, "elapsed": r.elapsed, "interrupted": r.interrupted]
        if let s = r.secondsToFailure { o["secondsToFailure"] = s }
        if let f = r.found {
            var found: [String: Any] = ["seed": hex(f.sequenceSeed), "index": f.sequenceIndex, "original": actions(f.original), "shrunk": actions(f.shrunk),
                                        "originalFailure": IsolatedOutcome(Runner.Outcome(failure: f.originalFailure)).line,
                                        "shrunkFailure": IsolatedOutcome(Runner.Outcome(failure: f.shrunkFailure)).line,
                                        "attempts": f.shrinkAttempts, "seconds": f.shrinkSeconds, "timedOut": f.shrinkTimedOut, "interrupted": f.shrinkInterrupted]
            if let n = f.nondeterministic { found["nondeterministic"] = n }
            if f.shrinkBudgetSpent { found["budgetSpent"] = true }
            if f.shrinkStarts > 1 { found["starts"] = f.shrinkStarts }
            if let first = f.firstFailureSeed { found["firstSeed"] = hex(first) }
            o["found"] = found
        }
        return (try? JSONSerialization.data(withJSONObject: o)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    package static func result(_ line: String) -> Campaign.Result? {
        guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let sequences = o["sequences"] as? Int, let steps = o["steps"] as? Int else { return nil }
        var r = Campaign.Result()
        r.sequences = sequences; r.steps = steps
        r.elapsed = o["elapsed"] as? Double ?? 0
        r.interrupted = o["interrupted"] as? Bool ?? false
        r.secondsToFailure = o["secondsToFailure"] as? Double
        guard let f = o["found"] as? [String: Any] else { return r }
        func acts(_ key: String) -> [Action]? { (f[key] as? String).flatMap { try? ActionCoding.decoder().decode([Action].self, from: Data($0.utf8)) } }
        guard let seedText = f["seed"] as? String, let seed = UInt64(seedText.dropFirst(2), radix: 16),
              let original = acts("original"), let shrunk = acts("shrunk"),
              let of = (f["originalFailure"] as? String).flatMap(IsolatedOutcome.init(line:))?.failure(original),
              let sf = (f["shrunkFailure"] as? String).flatMap(IsolatedOutcome.init(line:))?.failure(shrunk) else { return nil }
        r.found = Campaign.Found(sequenceSeed: seed, sequenceIndex: f["index"] as? Int ?? 0, original: original, originalFailure: of,
                                 shrunk: shrunk, shrunkFailure: sf, shrinkAttempts: f["attempts"] as? Int ?? 0,
                                 shrinkSeconds: f["seconds"] as? Double ?? 0, shrinkTimedOut: f["timedOut"] as? Bool ?? false,
                                 shrinkInterrupted: f["interrupted"] as? Bool ?? false)
        r.found?.nondeterministic = f["nondeterministic"] as? String
        r.found?.shrinkBudgetSpent = f["budgetSpent"] as? Bool ?? false
        r.found?.shrinkStarts = f["starts"] as? Int ?? 1
        r.found?.firstFailureSeed = (f["firstSeed"] as? String).flatMap { UInt64($0.dropFirst(2), radix: 16) }
        return r
    }
}
