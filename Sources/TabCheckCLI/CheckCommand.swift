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

    /// Human output: stdout, or stderr when stdout carries the JSON summary. Flushed at once
    /// (stdout into a pipe or file is block-buffered), so a killed run's log still holds
    /// every line it printed.
    func say(_ s: String) {
        if options.json { FileHandle.standardError.write(Data((s + "\n").utf8)) } else { print(s); fflush(nil) }
    }

    func warn(_ s: String) { FileHandle.standardError.write(Data("tabcheck: \(s)\n".utf8)) }

    func runner(_ compare: [String], _ properties: [Property]) -> Runner {
        Runner(implementation: drivers.named(compare[0])!, oracle: drivers.named(compare[1])!, properties: properties)
    }
    var runner: Runner { runner(options.compare, options.properties) }

    var config: Campaign.Config {
        var c = Campaign.Config()
        c.seed = options.seed ?? defaultSeed
        c.maxSteps = options.maxSteps
        c.shrinkTime = options.shrinkTime
        c.shard = options.shard
        c.largeGrids = options.largeGrids
        c.jobs = options.jobs
        c.shouldStop = { Interrupt.requested }
        return c
    }

    func run() throws(InputError) -> Int32 {
        // Every output place is checked before any work, so a long run cannot end unsaved.
        if let junit = options.junit { try InputFile.prepareOutput(junit, flag: "--junit") }
        if options.useDatabase { try InputFile.checkFolder(options.database, flag: "--db") }
        if let html = options.html { try InputFile.prepareOutput(html, flag: "--html") }
        if let frames = options.frames { try InputFile.checkFolder(frames, flag: "--frames") }
        if let path = options.replay { return try replay(path) }
        if let path = options.bytes { return try replayBytes(path) }
        if options.useDatabase, let code = try replayDatabase() { return code }
        var config = self.config
        if let s = options.sequenceSeed { return sequence(s, config) }
        if let n = options.sequences {
            config.sequences = n
            config.timeLimit = options.timeLimit
        } else {
            config.sequences = Int.max / 2
            config.timeLimit = options.timeLimit ?? 10
        }
        say("tabcheck: \(options.compare[0]) vs \(options.compare[1]), seed \(hex(config.seed))"
            + (config.shard.count > 1 ? ", shard \(config.shard.index)/\(config.shard.count)" : "")
            + ", properties: \(options.properties.count == Property.allCases.count ? "all" : options.properties.map(\.rawValue).joined(separator: ","))"
            + (runner.skippedDescription.map { ", skipped: \($0)" } ?? "")
            + (options.jobs > 1 ? ", \(options.jobs) jobs" : "")
            + ", budget: \(options.sequences.map { "\($0) sequences" + (config.shard.count > 1 ? " in this shard" : "") } ?? "\(String(format: "%g", config.timeLimit ?? 0)) s")")
        let tty = isatty(2) == 1 && !options.quiet
        let campaign = Campaign(runner: runner, config: config)
        var saved: String?
        let result = campaign.run(progressEvery: tty ? 0.25 : 5, progress: { p in
            guard !options.quiet else { return }
            let line = "  \(p.sequences) sequences, \(p.steps) steps, \(Int(Double(p.steps) / max(p.elapsed, 1e-9))) steps/s, \(String(format: "%.1f", p.elapsed)) s, no failure yet"
            if tty { FileHandle.standardError.write(Data(("\r" + line).utf8)) } else { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        }, onFailure: { seed, _, outcome in
            if tty { FileHandle.standardError.write(Data("\n".utf8)) }
            saved = reportOriginal(seed: seed, outcome: outcome, origin: "sequence seed \(hex(seed))")
        })
        if tty { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        if let found = result.found {
            let code = finish(found: found, id: hex(found.sequenceSeed), saved: saved, sequences: result.sequences, steps: result.steps,
                              elapsed: result.elapsed, seed: config.seed, secondsToFailure: result.secondsToFailure)
            return picture(found.shrunk, campaign.runner, coverage: result.coverage, sequences: result.sequences, steps: result.steps,
                           elapsed: result.elapsed, seed: hex(config.seed), reproduce: [reproduce(seed: found.sequenceSeed)]) ? code : 2
        }
        let rate = Double(result.steps) / max(result.elapsed, 1e-9)
        let drawn = picture([], campaign.runner, coverage: result.coverage, sequences: result.sequences, steps: result.steps,
                            elapsed: result.elapsed, seed: hex(config.seed), result: result.interrupted ? "interrupted" : "pass")
        if result.interrupted {
            say("INTERRUPTED by \(Interrupt.name): \(result.sequences) sequences, \(result.steps) steps in \(String(format: "%.2f", result.elapsed)) s, no failure found so far (exit 130)")
            emitJSON(Summary(result: "interrupted", seed: hex(config.seed), sequences: result.sequences, steps: result.steps,
                             elapsed: result.elapsed, stepsPerSecond: rate, failure: nil))
            return 130
        }
        say("PASS: \(result.sequences) sequences, \(result.steps) steps in \(String(format: "%.2f", result.elapsed)) s (\(Int(rate)) steps/s), 0 failures")
        if options.coverage { say(""); say(result.coverage.table()) }
        emitJSON(Summary(result: "pass", seed: hex(config.seed), sequences: result.sequences, steps: result.steps,
                         elapsed: result.elapsed, stepsPerSecond: rate, failure: nil))
        return writeJUnit(failure: nil, elapsed: result.elapsed, steps: result.steps) && drawn ? 0 : 2
    }

    /// `--html` and `--frames`: the storyboard of `shrunk` (empty: nothing failed) and the
    /// campaign's figures. False when a file could not be written (its paths were checked
    /// before the run, so only a disk that filled up or vanished gets here).
    func picture(_ shrunk: [Action], _ runner: Runner, coverage: Coverage?, sequences: Int, steps: Int, elapsed: Double, seed: String,
                 result: String = "fail", reproduce: [String] = []) -> Bool {
        guard options.html != nil || options.frames != nil else { return true }
        var summary = HTMLReport.Summary(title: "tabcheck: \(runner.implementation.name) vs \(runner.oracle.name)", result: result,
                                         implementation: runner.implementation.name, oracle: runner.oracle.name, seed: seed,
                                         sequences: sequences, steps: steps, elapsed: elapsed, properties: runner.checkedProperties)
        summary.skipped = runner.skippedDescription
        summary.reproduce = reproduce
        let report = HTMLReport(summary: summary, records: shrunk.isEmpty ? [] : HTMLReport.records(shrunk, runner), coverage: coverage)
        var ok = true
        if let path = options.html {
            do {
                try Data(report.page().utf8).write(to: URL(fileURLWithPath: path))
                say("wrote the report \(path)\(report.records.isEmpty ? "" : " (\(report.records.count) frames)")")
            } catch { warn("could not write --html \(path): \(InputFile.reason(error))"); ok = false }
        }
        if let dir = options.frames {
            do {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                for (i, frames) in report.frames.enumerated() {
                    try Data(StoryboardFrame.combined(frames).utf8).write(to: URL(fileURLWithPath: dir + "/" + String(format: "frame-%03d.svg", i)))
                }
                say("wrote \(report.frames.count) frames to \(dir)")
            } catch { warn("could not write --frames \(dir): \(InputFile.reason(error))"); ok = false }
        }
        return ok
    }

    /// `--sequence-seed`: one sequence, exactly as a failure message names it.
    func sequence(_ s: UInt64, _ config: Campaign.Config) -> Int32 {
        let outcome = runner.run(.seeded(s, maxSteps: options.maxSteps, largeGrids: options.largeGrids), shouldStop: config.shouldStop)
        guard let failure = outcome.failure else {
            if outcome.stoppedEarly {
                say("INTERRUPTED by \(Interrupt.name) at step \(outcome.executed.count) of sequence seed \(hex(s)); no failure so far (exit 130)")
                return 130
            }
            say("sequence seed \(hex(s)): \(outcome.executed.count) steps, every property held")
            return writeJUnit(failure: nil, elapsed: 0, steps: outcome.executed.count) ? 0 : 2
        }
        let saved = reportOriginal(seed: s, outcome: outcome, origin: "sequence seed \(hex(s))")
        let found = Campaign(runner: runner, config: config).shrink(outcome.executed, failure, seed: s, index: 0)
        let code = finish(found: found, id: hex(s), saved: saved, sequences: 1, steps: outcome.executed.count, elapsed: 0, seed: s)
        return picture(found.shrunk, runner, coverage: nil, sequences: 1, steps: outcome.executed.count, elapsed: 0, seed: hex(s),
                       reproduce: [reproduce(seed: s)]) ? code : 2
    }

    /// How to run this executable again: `tabcheck`, or a package's own (with its drivers).
    var me: String {
        "swift run -c release " + (CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "tabcheck")
    }

    /// The command line that runs the same sequence again.
    func reproduce(seed: UInt64) -> String {
        var line = "\(me) --sequence-seed \(hex(seed)) --max-steps \(options.maxSteps)"
        if !options.largeGrids { line += " --no-large-grids" }
        if options.compare != Options().compare { line += " --compare \(options.compare.joined(separator: ","))" }
        if options.propertiesGiven { line += " --property \(options.properties.map(\.rawValue).joined(separator: ","))" }
        return line
    }

    /// Prints the original failure at once and saves it before shrinking starts; returns
    /// where it was saved.
    func reportOriginal(seed: UInt64?, outcome: Runner.Outcome, origin: String) -> String? {
        guard let f = outcome.failure else { return nil }
        say("FAIL: \(f.violation.property.rawValue) broke rule \(f.violation.rule) at step \(f.step) of \(outcome.executed.count) (\(origin)"
            + (seed.map { "; reproduce: \(reproduce(seed: $0))" } ?? "") + ")")
        say("  \(f.violation.message)")
        var path: String?
        if options.useDatabase {
            let id = seed.map(hex) ?? Report.fingerprint(outcome.executed)
            path = save(ReplayFile(seed: seed, violation: f.violation, compare: options.compare, originalSteps: outcome.executed.count,
                                   actions: outcome.executed), failure: f, id: id)
            if let path { say("saved the original sequence to \(path) (replaced by the shrunk one when shrinking ends)") }
        }
        say("shrinking (up to \(String(format: "%g", options.shrinkTime)) s; Ctrl-C stops it and keeps the smallest failure so far)…")
        return path
    }

    func finish(found: Campaign.Found, id: String, saved: String?, sequences: Int, steps: Int, elapsed: Double, seed: UInt64?,
                secondsToFailure: Double? = nil) -> Int32 {
        let f = found.shrunkFailure
        let why = found.shrinkInterrupted ? ", stopped by \(Interrupt.name): the smallest failure found so far"
            : found.shrinkTimedOut ? ", stopped by the time cap" : ""
        say("shrunk \(found.original.count) → \(found.shrunk.count) steps in \(String(format: "%.3f", found.shrinkSeconds)) s (\(found.shrinkAttempts) candidates\(why))")
        if options.shrinkStats { say(Report.shrinkStatistics(found.shrinkPasses)) }
        say("")
        say(Report.steps(found.shrunk, failure: f))
        var replayPath: String?
        if options.useDatabase {
            replayPath = save(ReplayFile(seed: seed == nil ? nil : found.sequenceSeed, violation: f.violation, compare: options.compare,
                                         originalSteps: found.original.count, actions: found.shrunk), failure: f, id: id,
                              path: saved)
        }
        if let replayPath {
            say("")
            say("saved \(replayPath); reproduce with:")
            say("  \(me) --replay \(replayPath)")
        }
        say("")
        say("regression test (paste at file scope into Tests/PropertyTests/RegressionTests.swift; skip it if that name is already there):")
        say(Report.regressionTest(found.shrunk, failure: f, id: id, compare: options.compare))
        emitJSON(Summary(result: "fail", seed: seed.map(hex) ?? "", sequences: sequences, steps: steps, elapsed: elapsed,
                         stepsPerSecond: Double(steps) / max(elapsed, 1e-9), secondsToFailure: secondsToFailure, shrinkSeconds: found.shrinkSeconds,
                         failure: .init(property: f.violation.property.rawValue, rule: f.violation.rule, message: f.violation.message,
                                        step: f.step, shrunkSteps: found.shrunk.count, originalSteps: found.original.count,
                                        sequenceSeed: seed == nil ? nil : hex(found.sequenceSeed), replayFile: replayPath,
                                        shrinkInterrupted: found.shrinkInterrupted, shrinkCandidates: found.shrinkAttempts,
                                        shrinkCandidatesPerPass: Self.perPass(found), shrunk: found.shrunk.map(\.description),
                                        shrinkPasses: found.shrinkPasses)))
        _ = writeJUnit(failure: f, elapsed: elapsed, steps: steps)
        return 1
    }

    // MARK: Replay and the failure database

    /// The properties a replay is judged by: all of them, or, with --property, those and
    /// the one the file recorded — never fewer than would show the recorded bug.
    func replayProperties(_ file: ReplayFile) -> [Property] {
        guard options.propertiesGiven, let recorded = file.property.flatMap(Property.init(rawValue:)) else { return Property.allCases }
        return options.properties.contains(recorded) ? options.properties : options.properties + [recorded]
    }

    func replay(_ path: String, properties given: [Property]? = nil) throws(InputError) -> Int32 {
        let file = try ReplayFile.load(URL(fileURLWithPath: path))
        for name in file.compare where drivers.named(name) == nil {
            throw InputError("\(path): field \"compare\" names unknown driver \"\(name)\"; known: \(drivers.names)")
        }
        let properties = given ?? replayProperties(file)
        let r = runner(file.compare, properties)
        let outcome = r.run(.actions(file.actions), collectCoverage: false, shouldStop: { Interrupt.requested })
        let judged = properties.count == Property.allCases.count ? "every property" : "properties \(properties.map(\.rawValue).joined(separator: ","))"
        guard let f = outcome.failure else {
            if outcome.stoppedEarly {
                say("INTERRUPTED by \(Interrupt.name) at step \(outcome.executed.count) of \(path); no failure so far (exit 130)")
                return 130
            }
            say("replay \(path): \(file.actions.count) steps, \(judged) held"
                + (file.property.map { " (the \($0) failure it recorded is fixed)" } ?? ""))
            emitJSON(Summary(result: "pass", seed: file.seed ?? "", sequences: 1, steps: file.actions.count, elapsed: 0, stepsPerSecond: 0, failure: nil))
            return writeJUnit(failure: nil, elapsed: 0, steps: file.actions.count) ? 0 : 2
        }
        say("FAIL (replay \(path), judged by \(judged)): \(f.violation.property.rawValue) broke rule \(f.violation.rule) at step \(f.step)")
        say("  \(f.violation.message)")
        let seedValue = file.seed.flatMap { Options.parseSeed($0) }
        var c = config
        c.shrinkTime = options.shrinkTime
        let found = Campaign(runner: r, config: c).shrink(outcome.executed, f, seed: seedValue ?? 0, index: 0)
        let why = found.shrinkInterrupted ? " (stopped by \(Interrupt.name): the smallest failure found so far)" : ""
        say("shrunk \(outcome.executed.count) → \(found.shrunk.count) steps\(why)")
        say("")
        say(Report.steps(found.shrunk, failure: found.shrunkFailure))
        say("")
        say("regression test (paste at file scope into Tests/PropertyTests/RegressionTests.swift; skip it if that name is already there):")
        say(Report.regressionTest(found.shrunk, failure: found.shrunkFailure, id: seedValue.map(hex) ?? Report.fingerprint(file.actions),
                                  compare: file.compare))
        emitJSON(Summary(result: "fail", seed: file.seed ?? "", sequences: 1, steps: outcome.executed.count, elapsed: 0, stepsPerSecond: 0,
                         failure: .init(property: f.violation.property.rawValue, rule: f.violation.rule, message: f.violation.message,
                                        step: f.step, shrunkSteps: found.shrunk.count, originalSteps: file.actions.count,
                                        sequenceSeed: file.seed, replayFile: path, shrinkInterrupted: found.shrinkInterrupted,
                                        shrinkCandidates: found.shrinkAttempts, shrinkCandidatesPerPass: Self.perPass(found),
                                        shrunk: found.shrunk.map(\.description), shrinkPasses: found.shrinkPasses)))
        _ = writeJUnit(failure: found.shrunkFailure, elapsed: 0, steps: outcome.executed.count)
        return picture(found.shrunk, r, coverage: nil, sequences: 1, steps: outcome.executed.count, elapsed: 0, seed: file.seed ?? "none",
                       reproduce: ["\(me) --replay \(path)"]) ? 1 : 2
    }

    /// The largest libFuzzer input read (its runs are capped by --max-steps anyway).
    static let maxBytesInput = 1 << 20

    /// A libFuzzer input: the bytes feed the choice stream exactly as in the fuzz target.
    func replayBytes(_ path: String) throws(InputError) -> Int32 {
        let data = try InputFile.read(path, what: "--bytes file", limit: Self.maxBytesInput)
        let outcome = runner.run(.choices(Choices(bytes: Array(data)), maxSteps: options.maxSteps), shouldStop: { Interrupt.requested })
        guard let failure = outcome.failure else {
            say("bytes \(path): \(outcome.executed.count) steps, every property held")
            return writeJUnit(failure: nil, elapsed: 0, steps: outcome.executed.count) ? 0 : 2
        }
        // No seed: the files and the test are named by a hash of the concrete actions, so two
        // different finds never overwrite each other.
        let id = Report.fingerprint(outcome.executed)
        let saved = reportOriginal(seed: nil, outcome: outcome, origin: "bytes \(path)")
        let found = Campaign(runner: runner, config: config).shrink(outcome.executed, failure, seed: 0, index: 0)
        let code = finish(found: found, id: id, saved: saved, sequences: 1, steps: outcome.executed.count, elapsed: 0, seed: nil)
        return picture(found.shrunk, runner, coverage: nil, sequences: 1, steps: outcome.executed.count, elapsed: 0, seed: "none",
                       reproduce: ["\(me) --bytes \(path)"]) ? code : 2
    }

    /// Replays every saved failure first (Hypothesis's example database), judged by every
    /// property whatever --property says. A file moves to `../fixed/` only when that check
    /// passes; a malformed one is reported and left in place.
    func replayDatabase() throws(InputError) -> Int32? {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: options.database) else { return nil }
        for name in names.sorted() where name.hasSuffix(".json") {
            let path = options.database + "/" + name
            let file: ReplayFile
            do { file = try ReplayFile.load(URL(fileURLWithPath: path)) } catch {
                warn("skipping \(error.message)")
                continue
            }
            guard file.compare == options.compare, file.compare.allSatisfy({ drivers.named($0) != nil }) else { continue }
            let outcome = runner(file.compare, Property.allCases).run(.actions(file.actions), collectCoverage: false)
            if outcome.failure != nil {
                say("a saved failure still fails: \(path)")
                return try replay(path, properties: Property.allCases)
            }
            let fixed = (options.database as NSString).deletingLastPathComponent + "/fixed"
            var target = fixed + "/" + name
            var n = 1
            while fm.fileExists(atPath: target) { n += 1; target = fixed + "/" + (name as NSString).deletingPathExtension + "-\(n).json" }
            do {
                try fm.createDirectory(atPath: fixed, withIntermediateDirectories: true)
                try fm.moveItem(atPath: path, toPath: target)
                say("saved failure \(name) passes every property; moved to \(target)")
            } catch {
                warn("saved failure \(name) passes every property, but it could not be moved to \(target): \(InputFile.reason(error))")
            }
        }
        return nil
    }

    /// Writes a replay file to `path`, or to `<db>/<property>-<rule>-<id>.json`.
    func save(_ file: ReplayFile, failure: Runner.Failure, id: String, path: String? = nil) -> String? {
        let path = path ?? "\(options.database)/\(failure.violation.property.rawValue)-\(Report.ruleSlug(failure.violation.rule))-\(id).json"
        do {
            try FileManager.default.createDirectory(atPath: options.database, withIntermediateDirectories: true)
            try file.encoded().write(to: URL(fileURLWithPath: path), options: .atomic)
            return path
        } catch {
            warn("could not save the replay file \(path): \(InputFile.reason(error))")
            return nil
        }
    }

    // MARK: Machine-readable output

    struct Summary: Encodable {
        struct FailureInfo: Encodable {
            let property, rule, message: String
            let step, shrunkSteps, originalSteps: Int
            let sequenceSeed, replayFile: String?
            var shrinkInterrupted = false
            /// Candidates the shrinker ran, and the shrunk sequence (one action a string, as
            /// reports print them) — what scripts/mutation-score.sh compares across seeds.
            var shrinkCandidates = 0
            /// Candidates per pass, keyed by the pass's name.
            var shrinkCandidatesPerPass: [String: Int] = [:]
            var shrunk: [String] = []
            /// Each shrink pass in order: name, candidates tried and accepted, seconds.
            var shrinkPasses: [ShrinkPassStatistics] = []
        }
        let result, seed: String
        let sequences, steps: Int
        let elapsed, stepsPerSecond: Double
        var secondsToFailure: Double? = nil
        var shrinkSeconds: Double? = nil
        let failure: FailureInfo?
        /// Properties not checked because a driver lacks a capability they need.
        var skipped: [String] = []
    }

    static func perPass(_ found: Campaign.Found) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: found.shrinkPasses.filter { $0.tried > 0 }.map { ($0.name, $0.tried) })
    }

    func emitJSON(_ summary: Summary) {
        guard options.json else { return }
        var s = summary
        s.skipped = runner.skippedProperties.map(\.rawValue)
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if let data = try? e.encode(s), let text = String(data: data, encoding: .utf8) { print(text); fflush(nil) }
    }

    /// Writes the JUnit report (the path was checked before the run); false if it could not.
    func writeJUnit(failure: Runner.Failure?, elapsed: Double, steps: Int) -> Bool {
        guard let path = options.junit else { return true }
        func esc(_ s: String) -> String {
            s.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;").replacing("\"", with: "&quot;")
        }
        // A saved failure is judged by every property, so it may fail one not chosen here.
        let properties = options.properties + [failure?.violation.property].compactMap { $0 }.filter { !options.properties.contains($0) }
        let skipped = runner.skippedProperties
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites><testsuite name=\"tabcheck\" tests=\"\(properties.count)\" failures=\"\(failure == nil ? 0 : 1)\" skipped=\"\(skipped.count)\" time=\"\(elapsed)\">\n"
        for p in properties {
            xml += "  <testcase classname=\"tabcheck\" name=\"\(p.rawValue) (\(p.rules))\" time=\"\(elapsed / Double(properties.count))\""
            if skipped.contains(p) {
                xml += "><skipped message=\"\(esc("a driver lacks \(Capability.needed(by: p).subtracting(runner.capabilities).names)"))\"/></testcase>\n"
            } else if let f = failure, f.violation.property == p {
                xml += "><failure message=\"\(esc("rule \(f.violation.rule): \(f.violation.message)"))\">\(esc(f.description))</failure></testcase>\n"
            } else { xml += "/>\n" }
        }
        xml += "</testsuite></testsuites>\n"
        do {
            try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
            try Data(xml.utf8).write(to: URL(fileURLWithPath: path))
            return true
        } catch {
            warn("could not write --junit \(path): \(InputFile.reason(error))")
            return false
        }
    }
}
