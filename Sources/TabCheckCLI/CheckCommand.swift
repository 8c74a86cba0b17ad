import Checker
import Foundation
import Generators

/// The campaign, replay and failure-database flow of `tabcheck`.
///
/// A failure, once seen, is never lost: the original failing sequence is printed (and
/// flushed) and saved to the failure database before shrinking starts; the shrunk one
/// overwrites it; SIGINT/SIGTERM stop the shrink and keep the smallest failure so far.
struct CheckCommand {
    let options: Options
    let drivers: Drivers
    let defaultSeed = Campaign.Config().seed
    /// Where the supervising parent reads which sequences run (Supervisor.swift).
    var running: RunningSequences?
    /// Whether every run is forked (after a trap: Supervisor.swift).
    var isolated = false
    /// When the command began: the time of a run that is not a campaign.
    let started = RunClock.now()

    /// Human output: stdout, or stderr when stdout carries the JSON summary. Flushed at once
    /// (stdout into a pipe or file is block-buffered), so a killed run's log still holds
    /// every line it printed.
    func say(_ s: String) {
        if options.json { Console.error((s + "\n")) } else { print(s); fflush(nil) }
    }

    func warn(_ s: String) { Console.error("\(Console.program): \(s)\n") }

    func runner(_ compare: [String], _ properties: [Property], policy: Policy? = nil) -> Runner {
        var r = Runner(implementation: drivers.named(compare[0])!, oracle: drivers.named(compare[1])!, properties: properties)
            .withPolicy(policy ?? options.policy)
        r.customProperties = drivers.properties
        return r
    }
    var runner: Runner { runner(options.compare, options.properties) }

    var config: Campaign.Config {
        var c = Campaign.Config()
        c.seed = options.seed ?? defaultSeed
        c.maxSteps = options.maxSteps
        c.shrinkTime = options.shrinkTime
        c.shrinkBudget = options.shrinkBudget
        c.shard = options.shard
        c.openings = options.openings
        c.jobs = options.jobs
        c.shouldStop = { Interrupt.requested }
        c.running = running
        c.isolated = isolated
        return c
    }

    /// One run, in this process or — after a trap — in a child of its own.
    func execute(_ r: Runner, _ source: Runner.Source, deadline: Double? = nil) -> Runner.Outcome {
        isolated ? r.runIsolated(source) : r.run(source, collectCoverage: false, deadline: deadline, shouldStop: { Interrupt.requested })
    }
    func run() throws(InputError) -> Int32 {
        if options.json {
            Interrupt.lastWords = { [self] in
                let done = running?.finished ?? (sequences: 0, steps: 0)
                emitJSON(Ending(verdict: .interrupted, runner: runner, seed: hex(campaignConfig.seed), sequences: done.sequences, steps: done.steps, elapsed: RunClock.now() - started))
            }
        }
        // A run that would check nothing is not a PASS (decisions.md, Command line and inputs): every property named is skipped.
        if options.propertiesGiven, runner.checkedProperties.isEmpty, let why = runner.skippedDescription {
            throw InputError("--property: nothing would be checked — \(why), which \(options.compare.joined(separator: " or ")) lacks\(why.contains("diffable") ? " (a driver that feeds one declares GridCapability.diffable)" : "")")
        }
        // Every output place is checked before any work, so a long run cannot end unsaved.
        if let junit = options.junit { try InputFile.prepareOutput(junit, flag: "--junit") }
        if options.useDatabase { try InputFile.checkFolder(options.database, flag: "--db") }
        if let html = options.html { try InputFile.prepareOutput(html, flag: "--html") }
        if let frames = options.frames { try InputFile.checkFolder(frames, flag: "--frames"); try Self.framesFolder(frames).claim() }
        if let path = options.replay { return try replay(path) }
        if let path = options.bytes { return try replayBytes(path) }
        let beforeDatabase = RunClock.now()
        if options.useDatabase, let code = try replayDatabase() { return code }
        if let s = options.sequenceSeed { return sequence(s, config) }
        return campaign(spent: RunClock.now() - beforeDatabase)
    }

    /// The `--frames` folder: tabcheck's own once marked, never a user's emptied (OwnedFolder.swift).
    static func framesFolder(_ dir: String) -> OwnedFolder {
        OwnedFolder(path: dir, flag: "--frames") { $0.hasPrefix("frame-") && $0.hasSuffix(".svg") }
    }

    // MARK: The four ways in — each ends in `conclude`

    /// The randomized campaign: sequences until the budget runs out or one fails.
    func campaign(spent: Double = 0) -> Int32 {
        var config = campaignConfig
        // The saved failures' replays came out of the same --time-limit (#54: they were added to it).
        if let limit = config.timeLimit, spent > 0.05 { config.timeLimit = max(0, limit - spent) }
        say(header(config))
        let tty = isatty(2) == 1 && !options.quiet
        let campaign = Campaign(runner: runner, config: config)
        var saved: String?
        // Held even while one step runs (Overrun.swift): the campaign's budget, then the shrink's.
        Overrun.limit(config.timeLimit, what: "--time-limit \(String(format: "%g", options.timeLimit ?? 10)) s", remote: !drivers.remoteArguments.isEmpty)
        defer { Overrun.limit(nil, what: "") }
        let result = campaign.run(progressEvery: tty ? 0.25 : 5, progress: { p in
            guard !options.quiet else { return }
            let line = "  \(p.sequences) sequences, \(p.steps) steps, \(Int(Double(p.steps) / max(p.elapsed, 1e-9))) steps/s, \(String(format: "%.1f", p.elapsed)) s, no failure yet"
            if tty { Console.error(("\r" + line)) } else { Console.error((line + "\n")) }
        }, onFailure: { seed, _, outcome in
            if tty { Console.error("\n") }
            saved = reportOriginal(seed: seed, outcome: outcome, origin: "sequence seed \(hex(seed))")
            // The shrink's cap, twice: its candidates, then the runs again that confirm its result.
            Overrun.limit(2 * config.shrinkTime, what: "the shrink's time cap (--shrink-time \(String(format: "%g", config.shrinkTime)) s, twice)",
                          remote: !drivers.remoteArguments.isEmpty)
        })
        if tty { Console.error("\r\u{1B}[K") }
        return campaignEnding(result, config, saved: saved)
    }

    /// The end of a campaign — also of one the supervisor finished after a trap.
    func campaignEnding(_ result: Campaign.Result, _ config: Campaign.Config, saved: String?) -> Int32 {
        var ending = Ending(verdict: result.interrupted ? .interrupted : .pass, runner: runner, seed: hex(config.seed),
                            sequences: result.sequences, steps: result.steps, elapsed: result.elapsed,
                            secondsToFailure: result.secondsToFailure, coverage: result.coverage)
        if let found = result.found {
            ending.verdict = .fail(found)
            ending.replayFile = reportShrunk(found, id: hex(found.sequenceSeed), saved: saved, seed: config.seed, compare: options.compare, database: true)
            ending.testID = hex(found.sequenceSeed)
            ending.sequenceSeed = hex(found.sequenceSeed)
            ending.reproduce = [reproduce(seed: found.sequenceSeed)]
        } else if result.interrupted {
            say("INTERRUPTED by \(Interrupt.name): \(result.sequences) sequences, \(result.steps) steps in \(String(format: "%.2f", result.elapsed)) s, no failure found so far (exit 130)")
        } else if result.steps == 0 {
            // A run that checked nothing is not a PASS (decisions.md, Command line and inputs; #54: --time-limit 0).
            fail("the campaign ran no step within its budget (\((options.timeLimit ?? config.timeLimit).map { "--time-limit \(String(format: "%g", $0)) s" } ?? "--sequences")"
                 + (config.timeLimit != (options.timeLimit ?? 10) && options.sequences == nil ? ", less what the saved failures' replays took" : "") + "): nothing was checked; give a longer --time-limit")
        } else {
            let rate = Double(result.steps) / max(result.elapsed, 1e-9)
            say("PASS: \(result.sequences) sequences, \(result.steps) steps in \(String(format: "%.2f", result.elapsed)) s (\(Int(rate)) steps/s), 0 failures")
            if options.coverage { say(""); say(result.coverage.table()) }
        }
        return conclude(ending)
    }

    /// The campaign's budget: `--sequences`, else `--time-limit` (10 s by default).
    var campaignConfig: Campaign.Config {
        var config = self.config
        if let n = options.sequences {
            config.sequences = n
            config.timeLimit = options.timeLimit
        } else {
            config.sequences = Int.max / 2
            config.timeLimit = options.timeLimit ?? 10
        }
        return config
    }

    /// The campaign's first line: what is compared, how, for how long.
    func header(_ config: Campaign.Config) -> String {
        "\(Console.program): \(options.compare[0]) vs \(options.compare[1]), seed \(hex(config.seed))"
            + (config.shard.count > 1 ? ", shard \(config.shard.index)/\(config.shard.count)" : "")
            + ", properties: \(options.properties.count == Property.allCases.count ? "all" : options.properties.map(\.rawValue).joined(separator: ","))"
            + (options.policy == .spec ? "" : ", policy: \(PolicyFile.describe(options.policy))")
            + (runner.skippedDescription.map { ", skipped: \($0)" } ?? "")
            + (options.jobs > 1 ? ", \(options.jobs) jobs" : "")
            + ", budget: \(options.sequences.map { "\($0) sequences" + (config.shard.count > 1 ? " in this shard" : "") } ?? "\(String(format: "%g", ((config.timeLimit ?? 0) * 100).rounded() / 100)) s" + (config.timeLimit != (options.timeLimit ?? 10) ? " (what the saved failures' replays left)" : ""))"
    }

    /// `--sequence-seed`: one sequence, exactly as a failure message names it.
    func sequence(_ s: UInt64, _ config: Campaign.Config) -> Int32 {
        let outcome = execute(runner, .seeded(s, maxSteps: options.maxSteps, openings: options.openings))
        var ending = Ending(verdict: .pass, runner: runner, seed: hex(s), steps: outcome.executed.count)
        guard let failure = outcome.failure else {
            if outcome.stoppedEarly {
                say("INTERRUPTED by \(Interrupt.name) at step \(outcome.executed.count) of sequence seed \(hex(s)); no failure so far (exit 130)")
                ending.verdict = .interrupted
            } else {
                say("sequence seed \(hex(s)): \(outcome.executed.count) steps, every property held")
            }
            return conclude(ending)
        }
        let saved = reportOriginal(seed: s, outcome: outcome, origin: "sequence seed \(hex(s))")
        let found = Campaign(runner: runner, config: config).shrink(outcome.executed, failure, seed: s, index: 0)
        ending.verdict = .fail(found)
        ending.replayFile = reportShrunk(found, id: hex(s), saved: saved, seed: s, compare: options.compare, database: true)
        ending.testID = hex(s)
        ending.sequenceSeed = hex(s)
        ending.reproduce = [reproduce(seed: s)]
        return conclude(ending)
    }

    /// `--replay FILE`: the file's actions, through the drivers it names, judged by every
    /// property (or `given`); a failure is shrunk again, and the file left as it is.
    func replay(_ path: String, properties given: [Property]? = nil) throws(InputError) -> Int32 {
        var file = try ReplayFile.load(path: path)
        let recorded = file.compare
        // --compare names the drivers to replay against (a file written by `swift test`
        // names the test's driver type, which this executable may register under another name).
        // So do --wire and --against: a replay checks the driver they add, never the file's pair.
        if options.compareGiven || drivers.compareOverride != nil { file.compare = options.compare }
        for name in file.compare where drivers.named(name) == nil {
            throw InputError("\(path): field \"compare\" names unknown driver \"\(name)\"; known: \(drivers.names) (--compare IMPL,ORACLE replays it against others)")
        }
        let properties = given ?? replayProperties(file)
        let r = runner(file.compare, properties, policy: file.policy ?? .spec)
        if let why = unjudgeable(file, by: r) { throw InputError("\(path): \(why)") }
        let outcome = execute(r, .actions(file.actions))
        let judged = properties.count == Property.allCases.count ? "every property" : "properties \(properties.map(\.rawValue).joined(separator: ","))"
        var ending = Ending(verdict: .pass, runner: r, seed: file.seed ?? "", steps: file.actions.count)
        guard let f = outcome.failure else {
            if outcome.stoppedEarly || Interrupt.requested {
                say("INTERRUPTED by \(Interrupt.name) at step \(outcome.executed.count) of \(path); no failure so far (exit 130)")
                ending.verdict = .interrupted
                ending.steps = outcome.executed.count   // the steps that ran, as the line says (--json said the file's count)
            } else if let why = ReplayEvidence.missing(outcome, of: file.actions, capabilities: r.capabilities, build: file.build) {
                throw InputError("\(path): cannot be judged here, \(why)")
            } else {
                // Between other drivers than the file's, a pass says nothing of the pair that failed (#54's fifth audit: "is fixed").
                let verdict = recorded != file.compare
                    ? " between \(file.compare.joined(separator: " and ")); the file recorded its failure between \(recorded.joined(separator: " and ")), not judged here"
                    : file.remote.map { $0 != drivers.remoteArguments } == true
                    ? " with \(drivers.remoteArguments.isEmpty ? "in-process drivers" : drivers.remoteArguments.joined(separator: " ")); the file recorded its failure with \(file.remote!.joined(separator: " ")), not judged here"
                    : file.property.map { " (the \($0) failure it recorded is fixed)" } ?? ""
                say("replay \(path): \(file.actions.count) steps, \(judged) held" + verdict)
            }
            return conclude(ending)
        }
        say("FAIL (replay \(path), judged by \(judged)): \(f.violation.property.rawValue) broke rule \(f.violation.rule) at step \(f.step)")
        say("  \(f.violation.message)")
        let seedValue = file.seed.flatMap { Options.parseSeed($0) }
        let found = Campaign(runner: r, config: config).shrink(outcome.executed, f, seed: seedValue ?? 0, index: 0)
        ending.testID = seedValue.map(hex) ?? Report.fingerprint(file.actions)
        _ = reportShrunk(found, id: ending.testID!, saved: nil, seed: seedValue,
                         compare: file.compare, database: false, policy: file.policy ?? .spec)
        ending.verdict = .fail(found)
        ending.steps = outcome.executed.count
        ending.originalSteps = file.actions.count
        ending.replayFile = path
        ending.sequenceSeed = file.seed
        ending.reproduce = ["\(me) --replay \(shellWord(path))"]
        return conclude(ending)
    }

    /// The largest libFuzzer input read (its runs are capped by --max-steps anyway).
    static let maxBytesInput = 1 << 20

    /// `--bytes FILE`, a libFuzzer input: the bytes feed the choice stream exactly as in the
    /// fuzz target.
    /// Which of tabcheck's own files `data` is, if it is one: any bytes decode through the choice
    /// stream, so a replay file or a `--json` summary given to `--bytes` by mistake ran as a
    /// random sequence and "held" (#54's fifth audit).
    static func ownFormat(_ data: Data) -> String? {
        guard data.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) == UInt8(ascii: "{"),
              let top = try? StrictJSON.parse([UInt8](data), name: "") else { return nil }
        if top["format"] == .string(ReplayFile.format) { return "a replay file (--replay takes it)" }
        if top["config"] != nil && top["result"] != nil { return "a campaign's --json summary (merge takes it)" }
        if PolicyFile.knobs.contains(where: { top[$0.name] != nil }) { return "a policy file (--policy takes it)" }
        return nil
    }

    func replayBytes(_ path: String) throws(InputError) -> Int32 {
        let data = try InputFile.read(path, what: "--bytes file", limit: Self.maxBytesInput)
        if let other = Self.ownFormat(data) { throw InputError("--bytes \(path) is \(other), not raw bytes (a libFuzzer crash input)") }
        let outcome = execute(runner, .choices(Choices(bytes: Array(data)), maxSteps: options.maxSteps))
        var ending = Ending(verdict: .pass, runner: runner, seed: "", steps: outcome.executed.count)
        guard let failure = outcome.failure else {
            say("bytes \(path): \(outcome.executed.count) steps, every property held")
            return conclude(ending)
        }
        // No seed: the files and the test are named by a hash of the concrete actions, so two
        // different finds never overwrite each other.
        let id = Report.fingerprint(outcome.executed)
        let saved = reportOriginal(seed: nil, outcome: outcome, origin: "bytes \(path)")
        let found = Campaign(runner: runner, config: config).shrink(outcome.executed, failure, seed: 0, index: 0)
        ending.verdict = .fail(found)
        ending.replayFile = reportShrunk(found, id: id, saved: saved, seed: nil, compare: options.compare, database: true)
        ending.testID = id
        ending.reproduce = ["\(me) --bytes \(shellWord(path))"]
        return conclude(ending)
    }

    // MARK: Command lines to run it again

    /// How to run this executable again: `tabcheck`, or a package's own (with its drivers).
    var me: String { drivers.rerun }

    /// The command line that runs the same sequence again.
    func reproduce(seed: UInt64) -> String {
        var line = "\(me) --sequence-seed \(hex(seed)) --max-steps \(options.maxSteps)"
        if options.openings != .occasional { line += " " + options.openings.arguments }
        if options.compare != drivers.defaultCompare { line += " --compare \(shellWord(options.compare.joined(separator: ",")))" }
        if options.propertiesGiven { line += " --property \(shellWord(options.properties.map(\.rawValue).joined(separator: ",")))" }
        if let p = options.policyArgument, options.policy != .spec { line += " --policy \(shellWord(p))" }
        return line
    }
}
