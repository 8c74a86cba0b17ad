import Checker

/// How a run ended, whatever started it (a campaign, `--sequence-seed`, `--replay`,
/// `--bytes`): what every output — `--json`, `--junit`, `--html` and `--frames` — is written
/// from, by `CheckCommand.conclude`. The console has printed the run as it went.
struct Ending {
    enum Verdict {
        case pass
        case interrupted
        case fail(Campaign.Found)
    }
    var verdict: Verdict
    let runner: Runner
    /// The master seed as reports print it ("" when there is none).
    var seed: String
    var sequences = 1
    var steps = 0
    var elapsed = 0.0
    var secondsToFailure: Double?
    var coverage: Coverage?
    /// Command lines that run the same thing again.
    var reproduce: [String] = []
    /// The failure's replay file, its sequence seed, and the length of what first failed
    /// (default: the original sequence the shrink started from).
    var replayFile: String?
    var sequenceSeed: String?
    /// What the console named the regression test by (a seed, or the actions' fingerprint):
    /// the page names it the same.
    var testID: String?
    var originalSteps: Int?

    var found: Campaign.Found? { if case .fail(let f) = verdict { return f }; return nil }
    var result: String {
        switch verdict {
        case .pass: return "pass"
        case .interrupted: return "interrupted"
        case .fail: return "fail"
        }
    }
}

extension CheckCommand {
    /// Writes every output the flags ask for, then says how the run exits: 0 every property
    /// held, 1 a property failed (a report that could not be written does not hide it), 130
    /// interrupted, 2 a pass whose report could not be written.
    func conclude(_ given: Ending) -> Int32 {
        var ending = given
        // A replay, a byte file, one sequence: their time is the command's (decisions.md, Command line and inputs: "117 steps in 0 s").
        if ending.elapsed == 0 { ending.elapsed = RunClock.now() - started }
        emitJSON(ending)
        // An interrupted run has no verdict to report as test cases.
        let junit = ending.result == "interrupted" ? true : writeJUnit(ending)
        let drawn = picture(ending)
        let code: Int32
        switch ending.verdict {
        case .fail:
            if !junit || !drawn { warn("the failure above stands (exit 1), but a report it asked for was not written (see above)") }
            code = 1
        case .interrupted: code = 130
        case .pass: code = junit && drawn ? 0 : 2
        }
        // What the run left alone, said with its verdict; exit 2 says only why (Notices).
        if code != 2 { Notices.flush() }
        return code
    }
}
