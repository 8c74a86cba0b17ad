import Checker
import Foundation
import Generators

/// The campaign, replay and failure-database flow of `tabcheck`.
struct CheckCommand {
    let options: Options
    let defaultSeed = Campaign.Config().seed

    /// Human output: stdout, or stderr when stdout carries the JSON summary.
    func say(_ s: String) {
        if options.json { FileHandle.standardError.write(Data((s + "\n").utf8)) } else { print(s) }
    }

    var runner: Runner {
        Runner(implementation: DriverFactory.named(options.compare[0])!, oracle: DriverFactory.named(options.compare[1])!,
               properties: options.properties)
    }

    func run() throws(InputError) -> Int32 {
        if let path = options.replay { return try replay(path) }
        if let path = options.bytes { return try replayBytes(path) }
        if options.useDatabase, let code = replayDatabase() { return code }
        var config = Campaign.Config()
        config.seed = options.seed ?? defaultSeed
        config.maxSteps = options.maxSteps
        config.shrinkTime = options.shrinkTime
        config.shard = options.shard
        config.largeGrids = options.largeGrids
        if let s = options.sequenceSeed {
            // One sequence, exactly as a failure message names it.
            let outcome = runner.run(.seeded(s, maxSteps: options.maxSteps, largeGrids: options.largeGrids))
            guard let failure = outcome.failure else {
                say("sequence seed \(hex(s)): \(outcome.executed.count) steps, every property held")
                return 0
            }
            let campaign = Campaign(runner: runner, config: config)
            reportOriginal(seed: s, outcome: outcome)
            let found = campaign.shrink(outcome.executed, failure, seed: s, index: 0)
            return finish(found: found, sequences: 1, steps: outcome.executed.count, elapsed: 0, seed: s)
        }
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
            + ", budget: \(options.sequences.map { "\($0) sequences" } ?? "\(Int(config.timeLimit ?? 0)) s")")
        let tty = isatty(2) == 1 && !options.quiet
        let campaign = Campaign(runner: runner, config: config)
        let result = campaign.run(progressEvery: tty ? 0.25 : 5, progress: { p in
            guard !options.quiet else { return }
            let line = "  \(p.sequences) sequences, \(p.steps) steps, \(Int(Double(p.steps) / max(p.elapsed, 1e-9))) steps/s, \(String(format: "%.1f", p.elapsed)) s, no failure yet"
            if tty { FileHandle.standardError.write(Data(("\r" + line).utf8)) } else { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        }, onFailure: { seed, _, outcome in
            if tty { FileHandle.standardError.write(Data("\n".utf8)) }
            reportOriginal(seed: seed, outcome: outcome)
        })
        if tty { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        if let found = result.found {
            return finish(found: found, sequences: result.sequences, steps: result.steps, elapsed: result.elapsed, seed: config.seed,
                          secondsToFailure: result.secondsToFailure)
        }
        let rate = Double(result.steps) / max(result.elapsed, 1e-9)
        say("PASS: \(result.sequences) sequences, \(result.steps) steps in \(String(format: "%.2f", result.elapsed)) s (\(Int(rate)) steps/s), 0 failures")
        if options.coverage { say(""); say(result.coverage.table()) }
        emitJSON(Summary(result: "pass", seed: hex(config.seed), sequences: result.sequences, steps: result.steps,
                         elapsed: result.elapsed, stepsPerSecond: rate, failure: nil))
        writeJUnit(failure: nil, elapsed: result.elapsed, steps: result.steps)
        return 0
    }

    func reportOriginal(seed: UInt64, outcome: Runner.Outcome) {
        guard let f = outcome.failure else { return }
        say("FAIL: \(f.violation.property.rawValue) broke rule \(f.violation.rule) at step \(f.step) of \(outcome.executed.count) (sequence seed \(hex(seed)); reproduce: tabcheck --sequence-seed \(hex(seed)) --max-steps \(options.maxSteps)\(options.largeGrids ? "" : " --no-large-grids"))")
        say("  \(f.violation.message)")
        say("shrinking (up to \(options.shrinkTime) s)…")
    }

    func finish(found: Campaign.Found, sequences: Int, steps: Int, elapsed: Double, seed: UInt64, secondsToFailure: Double? = nil) -> Int32 {
        let f = found.shrunkFailure
        say("shrunk \(found.original.count) → \(found.shrunk.count) steps in \(String(format: "%.3f", found.shrinkSeconds)) s (\(found.shrinkAttempts) candidates\(found.shrinkTimedOut ? ", stopped by the time cap" : ""))")
        say("")
        say(Report.steps(found.shrunk, failure: f))
        var replayPath: String?
        if options.useDatabase {
            replayPath = save(ReplayFile(seed: found.sequenceSeed, violation: f.violation, compare: options.compare,
                                         originalSteps: found.original.count, actions: found.shrunk), failure: f, seed: found.sequenceSeed)
        }
        if let replayPath {
            say("")
            say("saved \(replayPath); reproduce with:")
            say("  swift run -c release tabcheck --replay \(replayPath)")
        }
        say("")
        say("regression test (paste into Tests/PropertyTests/RegressionTests.swift):")
        say(Report.regressionTest(found.shrunk, failure: f, seed: found.sequenceSeed))
        emitJSON(Summary(result: "fail", seed: hex(seed), sequences: sequences, steps: steps, elapsed: elapsed,
                         stepsPerSecond: Double(steps) / max(elapsed, 1e-9), secondsToFailure: secondsToFailure, shrinkSeconds: found.shrinkSeconds,
                         failure: .init(property: f.violation.property.rawValue, rule: f.violation.rule, message: f.violation.message,
                                        step: f.step, shrunkSteps: found.shrunk.count, originalSteps: found.original.count,
                                        sequenceSeed: hex(found.sequenceSeed), replayFile: replayPath)))
        writeJUnit(failure: f, elapsed: elapsed, steps: steps)
        return 1
    }

    // MARK: Replay and the failure database

    func replay(_ path: String) throws(InputError) -> Int32 {
        let file = try ReplayFile.load(URL(fileURLWithPath: path))
        for name in file.compare where DriverFactory.named(name) == nil {
            throw InputError("\(path): field \"compare\" names unknown driver \"\(name)\"")
        }
        let r = Runner(implementation: DriverFactory.named(file.compare[0])!, oracle: DriverFactory.named(file.compare[1])!,
                       properties: options.properties)
        let outcome = r.run(.actions(file.actions), collectCoverage: false)
        guard let f = outcome.failure else {
            say("replay \(path): \(file.actions.count) steps, every property held (the bug it recorded is fixed)")
            emitJSON(Summary(result: "pass", seed: file.seed ?? "", sequences: 1, steps: file.actions.count, elapsed: 0, stepsPerSecond: 0, failure: nil))
            writeJUnit(failure: nil, elapsed: 0, steps: file.actions.count)
            return 0
        }
        say("FAIL (replay \(path)): \(f.violation.property.rawValue) broke rule \(f.violation.rule) at step \(f.step)")
        let seedValue = file.seed.flatMap { Options.parseSeed($0) }
        let found = Campaign(runner: r, config: { var c = Campaign.Config(); c.shrinkTime = options.shrinkTime; return c }())
            .shrink(outcome.executed, f, seed: seedValue ?? 0, index: 0)
        say("shrunk \(outcome.executed.count) → \(found.shrunk.count) steps")
        say("")
        say(Report.steps(found.shrunk, failure: found.shrunkFailure))
        say("")
        say("regression test:")
        say(Report.regressionTest(found.shrunk, failure: found.shrunkFailure, seed: seedValue))
        emitJSON(Summary(result: "fail", seed: file.seed ?? "", sequences: 1, steps: outcome.executed.count, elapsed: 0, stepsPerSecond: 0,
                         failure: .init(property: f.violation.property.rawValue, rule: f.violation.rule, message: f.violation.message,
                                        step: f.step, shrunkSteps: found.shrunk.count, originalSteps: file.actions.count,
                                        sequenceSeed: file.seed, replayFile: path)))
        writeJUnit(failure: found.shrunkFailure, elapsed: 0, steps: outcome.executed.count)
        return 1
    }

    /// A libFuzzer input: the bytes feed the choice stream exactly as in the fuzz target.
    func replayBytes(_ path: String) throws(InputError) -> Int32 {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError("--bytes: cannot read \(path)")
        }
        let outcome = runner.run(.choices(Choices(bytes: Array(data)), maxSteps: options.maxSteps))
        guard let failure = outcome.failure else {
            say("bytes \(path): \(outcome.executed.count) steps, every property held")
            return 0
        }
        say("FAIL (bytes \(path)): \(failure.violation.property.rawValue) broke rule \(failure.violation.rule) at step \(failure.step)")
        var config = Campaign.Config()
        config.shrinkTime = options.shrinkTime
        let found = Campaign(runner: runner, config: config).shrink(outcome.executed, failure, seed: 0, index: 0)
        return finish(found: found, sequences: 1, steps: outcome.executed.count, elapsed: 0, seed: 0)
    }

    /// Replays every saved failure first (Hypothesis's example database). A file that no
    /// longer fails moves to `../fixed/`; a malformed one is reported and left in place.
    func replayDatabase() -> Int32? {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: options.database) else { return nil }
        for name in names.sorted() where name.hasSuffix(".json") {
            let path = options.database + "/" + name
            let file: ReplayFile
            do { file = try ReplayFile.load(URL(fileURLWithPath: path)) } catch {
                FileHandle.standardError.write(Data("tabcheck: skipping \(error.message)\n".utf8))
                continue
            }
            guard file.compare == options.compare else { continue }
            let outcome = runner.run(.actions(file.actions), collectCoverage: false)
            if outcome.failure != nil {
                say("a saved failure still fails: \(path)")
                return (try? replay(path)) ?? 1
            }
            let fixed = (options.database as NSString).deletingLastPathComponent + "/fixed"
            try? fm.createDirectory(atPath: fixed, withIntermediateDirectories: true)
            try? fm.moveItem(atPath: path, toPath: fixed + "/" + name)
            say("saved failure \(name) no longer fails; moved to \(fixed)/")
        }
        return nil
    }

    func save(_ file: ReplayFile, failure: Runner.Failure, seed: UInt64) -> String? {
        let rule = failure.violation.rule.filter { $0.isLetter || $0.isNumber }.prefix(24)
        let path = "\(options.database)/\(failure.violation.property.rawValue)-\(rule)-\(hex(seed)).json"
        do {
            try FileManager.default.createDirectory(atPath: options.database, withIntermediateDirectories: true)
            try file.encoded().write(to: URL(fileURLWithPath: path), options: .atomic)
            return path
        } catch {
            FileHandle.standardError.write(Data("tabcheck: could not save the replay file \(path): \(error.localizedDescription)\n".utf8))
            return nil
        }
    }

    // MARK: Machine-readable output

    struct Summary: Encodable {
        struct FailureInfo: Encodable {
            let property, rule, message: String
            let step, shrunkSteps, originalSteps: Int
            let sequenceSeed, replayFile: String?
        }
        let result, seed: String
        let sequences, steps: Int
        let elapsed, stepsPerSecond: Double
        var secondsToFailure: Double? = nil
        var shrinkSeconds: Double? = nil
        let failure: FailureInfo?
    }

    func emitJSON(_ s: Summary) {
        guard options.json else { return }
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if let data = try? e.encode(s), let text = String(data: data, encoding: .utf8) { print(text) }
    }

    func writeJUnit(failure: Runner.Failure?, elapsed: Double, steps: Int) {
        guard let path = options.junit else { return }
        func esc(_ s: String) -> String {
            s.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;").replacing("\"", with: "&quot;")
        }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites><testsuite name=\"tabcheck\" tests=\"\(options.properties.count)\" failures=\"\(failure == nil ? 0 : 1)\" time=\"\(elapsed)\">\n"
        for p in options.properties {
            xml += "  <testcase classname=\"tabcheck\" name=\"\(p.rawValue) (\(p.rules))\" time=\"\(elapsed / Double(options.properties.count))\""
            if let f = failure, f.violation.property == p {
                xml += "><failure message=\"\(esc("rule \(f.violation.rule): \(f.violation.message)"))\">\(esc(f.description))</failure></testcase>\n"
            } else { xml += "/>\n" }
        }
        xml += "</testsuite></testsuites>\n"
        do { try Data(xml.utf8).write(to: URL(fileURLWithPath: path)) } catch {
            FileHandle.standardError.write(Data("tabcheck: could not write --junit \(path): \(error.localizedDescription)\n".utf8))
        }
    }
}
