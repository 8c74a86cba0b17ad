import Synchronization
import Checker
import Foundation
import Generators

/// The console's side of a failure: the original, printed and saved before shrinking
/// starts, then the shrunk sequence, its replay file and the regression test to paste.
extension CheckCommand {
    /// Prints the original failure at once and saves it before shrinking starts; returns
    /// where it was saved.
    func reportOriginal(seed: UInt64?, outcome: Runner.Outcome, origin: String) -> String? {
        guard let f = outcome.failure else { return nil }
        if let line = ResourceLimits.outOfMemory(f, at: origin) { fail(line) }   // exit 2, nothing saved
        say("FAIL: \(f.violation.property.rawValue) broke rule \(f.violation.rule) at step \(f.step) of \(outcome.executed.count) (\(origin)"
            + (seed.map { "; reproduce: \(reproduce(seed: $0))" } ?? "") + ")")
        say("  \(f.violation.behaviourChange(step: f.step) ?? f.violation.message)")
        var path: String?
        if options.useDatabase {
            let id = seed.map(hex) ?? Report.fingerprint(outcome.executed)
            path = save(ReplayFile(seed: seed, violation: f.violation, compare: options.compare, originalSteps: outcome.executed.count,
                                   actions: outcome.executed, policy: options.policy), failure: f, id: id)
            if let path { say("saved the original sequence to \(path) (replaced by the shrunk one when shrinking ends)") }
        }
        failureReported.store(true, ordering: .relaxed)
        say("shrinking (up to \(options.shrinkBudget) candidates, a time cap of \(String(format: "%g", options.shrinkTime)) s; Ctrl-C stops it and keeps the smallest failure so far)…")
        return path
    }

    /// Policy inference (docs/policies.md): when the shrunk sequence passes with one knob
    /// changed, the failure may be a choice the model makes rather than a bug; say so, and
    /// how to check it that way.
    func reportPolicyHint(_ shrunk: [Action], compare: [String], policy: Policy) {
        let lines = policyHints(shrunk, compare: compare, policy: policy)
        guard !lines.isEmpty else { return }
        say("")
        for line in lines { say(line) }
    }

    /// The policy hint's lines, for the console and the HTML report alike.
    func policyHints(_ shrunk: [Action], compare: [String], policy: Policy) -> [String] {
        guard compare.contains("reference") else { return [] }
        let changes = PolicyInference.explaining(shrunk, runner: runner(compare, Property.allCases, policy: policy))
        guard !changes.isEmpty else { return [] }
        var lines: [String] = []
        for c in changes.prefix(3) {
            let preset = PolicyFile.name(of: c.policy).map { " (the preset \($0))" } ?? ""
            let judged = policy == .spec ? "SPEC's" : "this run's policy's"
            lines.append("policy: this sequence passes with \(c)\(preset) — the model may follow that choice rather than \(judged); check it so:")
            lines.append("  \(me) --policy \(PolicyFile.name(of: c.policy) ?? "FILE.json") --compare \(shellWord(compare.joined(separator: ",")))"
                + (PolicyFile.name(of: c.policy) == nil ? "   # FILE.json: \(PolicyFile.json(c.policy))" : ""))
        }
        lines.append("  (or infer the whole policy: \(me) policy --compare \(shellWord(compare.joined(separator: ","))))")
        return lines
    }

    /// Prints the shrunk failure, saves it over the original (`saved`) when `database`, and
    /// prints the regression test; returns the replay file written, if any.
    func reportShrunk(_ found: Campaign.Found, id: String, saved: String?, seed: UInt64?, compare: [String], database: Bool,
                      policy: Policy? = nil) -> String? {
        let policy = policy ?? options.policy
        let f = found.shrunkFailure
        let why = found.shrinkInterrupted ? ", stopped by \(Interrupt.name): the smallest failure found so far"
            : found.shrinkTimedOut ? "; stopped by the time cap at \(found.shrunk.count) steps — the result depends on this machine's speed; --shrink-time \(String(format: "%g", options.shrinkTime * 4)) to go on"
            : found.shrinkBudgetSpent && found.shrinkAttempts < options.shrinkBudget
                ? "; its search for a shorter failure left out a length that would not fit in the budget of \(options.shrinkBudget) candidates — --shrink-budget \(options.shrinkBudget * 4) to go on"
            : found.shrinkBudgetSpent ? "; stopped after its budget of \(options.shrinkBudget) candidates at \(found.shrunk.count) steps — --shrink-budget \(options.shrinkBudget * 4) to go on" : ""
        let starts = found.shrinkStarts > 1 ? " over \(found.shrinkStarts) starts" : ""
        say("shrunk \(found.original.count) → \(found.shrunk.count) steps in \(String(format: "%.3f", found.shrinkSeconds)) s (\(found.shrinkAttempts) candidates\(starts)\(why))")
        if let first = found.firstFailureSeed {
            say("  the shortest came from a later failure of the same rule, sequence seed \(hex(found.sequenceSeed)) (\(found.original.count) steps), "
                + "not the first one's (\(hex(first))): the shrink also starts from the failures found after the first")
        }
        if options.shrinkStats { say(Report.shrinkStatistics(found.shrinkPasses)) }
        if let n = found.nondeterministic {
            say("NONDETERMINISTIC: \(n)")
            say("  the shrunk sequence: \(found.shrunk.map(\.description).joined(separator: ", "))")
        }
        say("")
        say(Report.steps(found.shrunk, failure: f))
        var replayPath: String?
        if database && options.useDatabase {
            replayPath = save(ReplayFile(seed: seed == nil ? nil : found.sequenceSeed, violation: f.violation, compare: compare,
                                         originalSteps: found.original.count, actions: found.shrunk, policy: policy), failure: f, id: id, path: saved)
        }
        if let replayPath {
            say("")
            say("saved \(replayPath); reproduce with:")
            say("  \(me) --replay \(shellWord(replayPath))")
        }
        // A crash is never a policy choice, and running a trap again here would end tabcheck.
        if found.shrunkFailure.violation.property != .crash { reportPolicyHint(found.shrunk, compare: compare, policy: policy) }
        say("")
        // A model in another process has no Swift test to paste: its regression is the replay file.
        if !drivers.remoteArguments.isEmpty {
            say("regression test: keep the replay file and run `\(me) --replay FILE` in CI (a model behind --wire or --against has no Swift type a test could name)")
            return replayPath
        }
        // Drivers of another package: its own test files, not this repository's.
        say("regression test (paste at file scope into \(drivers.regressionTestFile), which imports TabGridTesting; skip it if that name is already there):")
        say(Report.regressionTest(found.shrunk, failure: f, id: id, implementation: drivers.named(compare[0])!, oracle: drivers.named(compare[1])!,
                                  policy: policy, customProperties: drivers.properties))
        return replayPath
    }
}
