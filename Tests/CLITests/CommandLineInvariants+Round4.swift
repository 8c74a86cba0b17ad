import Foundation

/// The invariants of #54's classes (`CommandLineGen.drawRound4`), held beside the others.
extension CommandLinePropertyTests {
    static let round4Invariants = [
        "A failure saved in the database stays there unless a replay ran all of it and every property held: never moved to fixed/ by an interrupt, a replay that could not run, or another program.",
        "Ctrl-Z stops every process of the run, workers included; `fg` resumes them and the run ends as if never paused.",
        "Two runs at once in one folder (one database, one report) each end as one alone would, and a report both wrote is whole.",
    ]

    static func round4(_ k: CommandLineCase, run: Tool.Run, twin: Tool.Run?, after: [String: Data?], before: [String: Data?], ranOn: String?, took: Double) -> Broken? {
        // 11. The saved failure is the planted F3 bug's: it fails whenever it runs, so it stays.
        if before[CommandLineGen.savedFailure] != nil && after[CommandLineGen.savedFailure] == nil {
            let moved = after.keys.filter { $0.hasPrefix(".tabcheck/failures/fixed/") }.sorted()
            return Broken(invariant: "11 failure called fixed", detail: "\(CommandLineGen.savedFailure) left the database (\(moved)): \(run.stderrLines.suffix(3))")
        }
        // 12. Job control.
        if let ranOn { return Broken(invariant: "12 ran on after Ctrl-Z", detail: ranOn) }
        if k.pause != nil && k.signal == nil && (run.signaled || run.status >= 128) {
            return Broken(invariant: "12 ended by Ctrl-Z", detail: "\(run)")
        }
        // … and its time budget is not spent by the pause: a campaign that passed its
        // `--time-limit T`, paused within it, ran T besides the pause (0.3 s + `resume`).
        if let pause = k.pause, k.signal == nil, run.status == 0, run.stdout.contains("PASS:"), let budget = Self.budget(run.stdout),
           pause.after < budget, took < budget + 0.75 * (0.3 + pause.resume) {
            return Broken(invariant: "12 pause spent the budget", detail: "--time-limit \(budget) s, paused \(0.3 + pause.resume) s, ended after \(String(format: "%.2f", took)) s")
        }
        // 13. Two runs at once: each ends as one alone would, and a report both wrote is whole.
        if let twin {
            if twin.signaled || twin.status >= 128 || ![0, 1, 2].contains(twin.status) {
                return Broken(invariant: "13 twin crashed", detail: "the second of two runs at once: \(twin)")
            }
            for (flag, name) in zip(k.args, k.args.dropFirst()) where flag == "--html" {
                // (A user's file that was there and is unchanged was refused, not written.)
                if let data = after[name] ?? nil, !data.isEmpty, before[name] ?? nil != data, !String(decoding: data.suffix(32), as: UTF8.self).contains("</html>") {
                    return Broken(invariant: "13 report torn", detail: "\(name), written by two runs at once, does not end its HTML: \(data.count) bytes")
                }
            }
        }
        return nil
    }

    /// The campaign's time budget from its first line ("…, budget: 6 s"), if it had one.
    static func budget(_ stdout: String) -> Double? {
        guard let r = stdout.range(of: "budget: ") else { return nil }
        let number = stdout[r.upperBound...].prefix { $0.isNumber || $0 == "." }
        guard stdout[number.endIndex...].hasPrefix(" s"), !stdout[number.endIndex...].hasPrefix(" sequences") else { return nil }
        return Double(number)
    }
}
