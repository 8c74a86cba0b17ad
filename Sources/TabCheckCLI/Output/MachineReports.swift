import Checker
import Foundation
import Generators

/// `--json` (one summary object on stdout) and `--junit` (one test case per property).
extension CheckCommand {
    struct Summary: Encodable {
        struct FailureInfo: Encodable {
            let property, rule, message: String
            let step, shrunkSteps, originalSteps: Int
            let sequenceSeed, replayFile: String?
            var shrinkInterrupted = false
            /// Candidates the shrinker ran, and the shrunk sequence (one action a string, as
            /// reports print them) — what scripts/mutation-score.sh compares across seeds.
            var shrinkCandidates = 0
            /// How many failures the shrink started from (the first, and later ones of its
            /// rule): `shrunk` is the shortest of theirs, `sequenceSeed` where it came from.
            var shrinkStarts = 1
            /// Candidates per pass, keyed by the pass's name.
            var shrinkCandidatesPerPass: [String: Int] = [:]
            var shrunk: [String] = []
            /// Each shrink pass in order: name, candidates tried and accepted, seconds.
            var shrinkPasses: [ShrinkPassStatistics] = []
            /// How often the failure came back when run again, when not every time.
            var nondeterministic: String?
            /// What stopped the shrink before a local minimum: "budget" (the same on any
            /// machine), "time cap" (depends on the machine), "interrupt"; nil: nothing did.
            var shrinkStoppedBy: String?
        }
        let result, seed: String
        let sequences, steps: Int
        let elapsed, stepsPerSecond: Double
        var secondsToFailure: Double? = nil
        var shrinkSeconds: Double? = nil
        let failure: FailureInfo?
        /// Properties not checked because a driver lacks a capability they need.
        var skipped: [String] = []
        /// The policy judged by: a preset's name, or every knob.
        var policy = "spec"
        /// What `tabcheck merge` needs to add shards up and to refuse shards of different
        /// campaigns: the shard, the campaign's settings, its coverage, how to reproduce.
        var shard = ShardRecord.Shard(index: 1, count: 1)
        var config: ShardRecord.Config?
        var coverage: CoverageCounts?
        var reproduce: [String] = []
    }

    func summary(_ e: Ending) -> Summary {
        var s = Self.summary(e)
        s.shard = .init(index: options.shard.index, count: options.shard.count)
        // A campaign's seed, even when the run ended replaying a saved failure that still fails
        // (its Ending names that failure's sequence seed): merge compares the campaigns' seeds, and
        // refused such a shard of a real matrix as "another campaign" (#54's fifth audit).
        let campaign = options.replay == nil && options.bytes == nil && options.sequenceSeed == nil
        let r = campaign ? runner : e.runner
        s.config = ShardRecord.Config(program: drivers.program, compare: [r.implementation.name, r.oracle.name],
                                      seed: campaign ? hex(campaignConfig.seed) : e.seed,
                                      // A replay or one sequence had no campaign's default budget: only what was given (#54).
                                      sequencesPerShard: campaign ? options.sequences : nil, timeLimit: campaign ? campaignConfig.timeLimit : options.timeLimit,
                                      maxSteps: options.maxSteps, properties: r.checkedProperties.map(\.rawValue), policy: s.policy,
                                      largeGrids: options.openings != .none,
                                      startTabs: options.openings.startTabs)
        s.coverage = e.coverage.map(CoverageCounts.init)
        s.reproduce = e.reproduce
        return s
    }

    static func summary(_ e: Ending) -> Summary {
        var failure: Summary.FailureInfo?
        if let found = e.found {
            let f = found.shrunkFailure
            failure = .init(property: f.violation.property.rawValue, rule: f.violation.rule, message: f.violation.message,
                            step: f.step, shrunkSteps: found.shrunk.count, originalSteps: e.originalSteps ?? found.original.count,
                            sequenceSeed: e.sequenceSeed, replayFile: e.replayFile, shrinkInterrupted: found.shrinkInterrupted,
                            shrinkCandidates: found.shrinkAttempts, shrinkStarts: found.shrinkStarts,
                            shrinkCandidatesPerPass: Dictionary(uniqueKeysWithValues: found.shrinkPasses.filter { $0.tried > 0 }.map { ($0.name, $0.tried) }),
                            shrunk: found.shrunk.map(\.description), shrinkPasses: found.shrinkPasses,
                            nondeterministic: found.nondeterministic,
                            shrinkStoppedBy: found.shrinkInterrupted ? "interrupt" : found.shrinkTimedOut ? "time cap"
                                : found.shrinkBudgetSpent ? "budget" : nil)
        }
        return Summary(result: e.result, seed: e.seed, sequences: e.sequences, steps: e.steps, elapsed: e.elapsed,
                       stepsPerSecond: e.elapsed > 0 ? Double(e.steps) / e.elapsed : 0, secondsToFailure: e.secondsToFailure,
                       shrinkSeconds: e.found?.shrinkSeconds, failure: failure, skipped: e.runner.skippedProperties.map(\.rawValue),
                       policy: PolicyFile.describe(e.runner.policy))
    }

    func emitJSON(_ e: Ending) {
        guard options.json else { return }
        let encoder = ActionCoding.encoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if let data = try? encoder.encode(summary(e)), let text = String(data: data, encoding: .utf8) { print(text); fflush(nil) }
    }

    /// Writes the JUnit report (the path was checked before the run); false if it could not.
    func writeJUnit(_ e: Ending) -> Bool {
        guard let path = options.junit else { return true }
        do {
            try InputFile.writeOutput(Data(junit(e).utf8), to: path)
            return true
        } catch {
            warn("could not write --junit \(path): \(InputFile.reason(error))")
            return false
        }
    }

    func junit(_ e: Ending) -> String {
        func esc(_ s: String) -> String {
            s.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;").replacing("\"", with: "&quot;")
        }
        let failure = e.found?.shrunkFailure
        // A saved failure is judged by every property, so it may fail one not chosen here.
        let runner = e.runner
        let skipped = runner.skippedProperties
        // What was checked or said skipped, as the JSON says it: a property with nothing to judge
        // (lifecycle of a synchronous model) is no test case, never a pass (#54).
        let checked = runner.checkedProperties
        let chosen = runner.selected.filter { checked.contains($0) || skipped.contains($0) }
        let properties = chosen + [failure?.violation.property].compactMap { $0 }.filter { !chosen.contains($0) }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites><testsuite name=\"tabcheck\" tests=\"\(properties.count)\" failures=\"\(failure == nil ? 0 : 1)\" skipped=\"\(skipped.count)\" time=\"\(e.elapsed)\">\n"
        xml += "  <properties><property name=\"policy\" value=\"\(esc(PolicyFile.describe(runner.policy)))\"/></properties>\n"
        for p in properties {
            xml += "  <testcase classname=\"tabcheck\" name=\"\(p.rawValue) (\(p.rules))\" time=\"\(e.elapsed / Double(properties.count))\""
            if skipped.contains(p) {
                xml += "><skipped message=\"\(esc("a driver lacks \(runner.needs(p).subtracting(runner.capabilities).names)"))\"/></testcase>\n"
            } else if let f = failure, f.violation.property == p {
                xml += "><failure message=\"\(esc("rule \(f.violation.rule): \(f.violation.message)"))\">\(esc(f.description))</failure></testcase>\n"
            } else { xml += "/>\n" }
        }
        return xml + "</testsuite></testsuites>\n"
    }

    /// `--html` and `--frames`: the storyboard of the shrunk failure (none for a pass) and the
    /// campaign's figures. False when a file could not be written (its paths were checked
    /// before the run, so only a disk that filled up or vanished gets here).
    func picture(_ e: Ending) -> Bool {
        guard options.html != nil || options.frames != nil else { return true }
        let runner = e.runner
        var summary = HTMLReport.Summary(title: "\(drivers.program): \(runner.implementation.name) vs \(runner.oracle.name)", result: e.result,
                                         implementation: runner.implementation.name, oracle: runner.oracle.name, seed: e.seed.isEmpty ? "none" : e.seed,
                                         sequences: e.sequences, steps: e.steps, elapsed: e.elapsed, properties: runner.checkedProperties)
        summary.skipped = runner.skippedDescription
        summary.policy = runner.policy == .spec ? nil : PolicyFile.describe(runner.policy)
        summary.reproduce = e.reproduce
        summary.replayFile = e.replayFile
        summary.capabilities = runner.capabilities
        if let found = e.found {
            summary.regressionTest = Report.regressionTest(found.shrunk, failure: found.shrunkFailure, id: e.testID ?? hex(found.sequenceSeed),
                                                           implementation: runner.implementation, oracle: runner.oracle, policy: runner.policy, customProperties: drivers.properties)
        }
        summary.policyValue = runner.policy
        if let found = e.found {
            if found.shrinkInterrupted { summary.hints.append("shrinking was stopped by \(Interrupt.name): this is the smallest failure found so far, not a local minimum") }
            else if found.shrinkTimedOut { summary.hints.append("shrinking stopped at its time cap: the sequence may shrink further (--shrink-time)") }
            else if found.shrinkBudgetSpent { summary.hints.append("shrinking stopped after its budget of candidates: the sequence may shrink further (--shrink-budget)") }
            if let file = e.replayFile { summary.hints.append("reproduce from the replay file: \(me) --replay \(shellWord(file))") }
            if found.shrunkFailure.violation.property != .crash {
                summary.hints += policyHints(found.shrunk, compare: [runner.implementation.name, runner.oracle.name], policy: runner.policy)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
            }
        }
        // A failure before the first step has an empty sequence and one record: the start.
        let records = e.found.map { HTMLReport.records($0.shrunk, runner, failure: $0.shrunkFailure) } ?? []
        let report = HTMLReport(summary: summary, records: records, coverage: e.coverage)
        var ok = true
        if let path = options.html {
            do {
                try InputFile.writeOutput(Data(report.page().utf8), to: path)
                say("wrote the report \(path)\(report.records.isEmpty ? "" : " (\(report.records.count) frames)")")
            } catch { warn("could not write --html \(path): \(InputFile.reason(error))"); ok = false }
        }
        // Frames only when there are some: a passing run makes no folder (decisions.md, Command line and inputs).
        if let dir = options.frames, !report.frames.isEmpty {
            let folder = CheckCommand.framesFolder(dir)
            do throws(InputError) {
                try folder.prepare()
                for (i, frames) in report.frames.enumerated() {
                    let r = report.records[i]
                    let caption = (r.action.map { "step \(r.step) of \(report.records.count - 1): \(HTMLReport.caption($0))" } ?? "before the first step")
                        + (r.violation != nil ? " — fails here" : "")
                    try folder.write(Data(StoryboardFrame.combined(frames, caption: caption).utf8), name: String(format: "frame-%03d.svg", i))
                }
                say("wrote \(report.frames.count) frames to \(dir)")
            } catch { warn("could not write --frames \(dir): \(error.message)"); ok = false }
        }
        return ok
    }
}
