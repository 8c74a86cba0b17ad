import Checker
import Foundation
import Generators

/// `tabcheck policy`: infers the policy a driver follows (`PolicyInference.infer`) — a
/// campaign, and for each failure the one knob change that explains it, until a campaign
/// passes — and prints the preset it matches or the policy file to save. It runs a model, so
/// it runs supervised (Supervisor.swift): a model that traps is a failure, not a dead process.
struct PolicyCommand {
    static let usage = """
    usage: tabcheck policy [--compare IMPL,ORACLE] [--policy P] [--sequences N] [--seed S] [--jobs N]
      Infers the choices IMPL makes where tab models differ (docs/policies.md), by campaigns
      against ORACLE (default: the first driver against the reference, which ORACLE must be),
      starting from --policy P (a preset or a JSON file; default spec): each failure that a
      change of one knob (or else of two together) explains adopts that change, a round at a
      time, until a campaign of N sequences (default 2000) passes. A count knob moves to the
      least value that explains every failure so far, so it may take a round a value; the
      rounds end at as many as there are single-knob changes of the start (no verdict then:
      the last policy is printed, to go on from). A policy met twice ends it (the model's
      choices alternate). Prints the matching preset, or the JSON to save and pass as
      --policy FILE.json. Exit 0 when a policy was found, 1 when a failure no knob explains
      remains (a bug, or a choice no knob expresses yet: it is printed; a model that traps is
      one) or the rounds ran out, 2 on bad input, 130 when interrupted before any failure.
    """

    var compare: [String]
    /// --policy: where inference starts (default SPEC's).
    var start = Policy.spec
    var config = Campaign.Config()
    let drivers: Drivers

    static func run(_ rest: [String], _ drivers: Drivers) throws(InputError) -> Int32 {
        if try Arguments.help(rest, command: "policy ", usage: usage) { return 0 }
        var p = PolicyCommand(compare: drivers.defaultCompare, drivers: drivers)
        p.config.sequences = 2_000
        p.config.jobs = max(1, ProcessInfo.processInfo.activeProcessorCount)
        p.config.shouldStop = { Interrupt.requested }
        var a = Arguments(rest, command: "policy ")
        while let flag = try a.nextFlag() {
            switch flag {
            case "--compare":
                let v = try a.value(flag)
                let names = v.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                guard names.count == 2 else { throw InputError("policy --compare takes two driver names, IMPL,ORACLE, got \"\(v)\"") }
                for n in names where drivers.named(n) == nil { throw InputError("policy --compare: unknown driver \"\(n)\"; known: \(drivers.names)") }
                guard names[1] == "reference" else { throw InputError("policy --compare: the oracle must be the reference (it is what follows a policy), got \"\(names[1])\"") }
                p.compare = names
            case "--sequences": p.config.sequences = try a.int(flag, 1...1_000_000)
            case "--seed":
                let v = try a.value(flag)
                guard let s = Options.parseSeed(v) else { throw InputError("policy --seed takes a number 0…2^64−1 (decimal or 0x-hex), got \"\(v)\"") }
                p.config.seed = s
            case "--jobs", "-j": p.config.jobs = try a.int(flag, 1...256)
            case "--policy": p.start = try PolicyFile.resolve(try a.value(flag), flag: "policy --policy")
            default: throw InputError("policy: unknown argument \"\(flag)\" (tabcheck policy --help)")
            }
        }
        return try Supervisor.run(p)
    }

    func infer(isolated: Bool) -> Int32 {
        var config = self.config
        config.isolated = isolated
        let runner = Runner(implementation: drivers.named(compare[0])!, oracle: drivers.named(compare[1])!).withPolicy(start)
        if !isolated {
            print("policy: inferring what \(compare[0]) chooses, against \(compare[1]), \(config.sequences) sequences a round (seed \(hex(config.seed)))")
        }
        fflush(nil)
        var round = 0
        let inferred = PolicyInference.infer(runner: runner, config: config) { line in
            round += 1
            print("  round \(round): \(line)")
            fflush(nil)
        }
        if inferred.interrupted {
            guard let f = inferred.unexplained else {
                print("policy: interrupted by \(Interrupt.name) in round \(round + 1); no verdict (exit 130)")
                return 130
            }
            print("policy: interrupted by \(Interrupt.name) while shrinking a failure of round \(round + 1), not yet tried against the knobs:\n")
            print(Report.steps(f.shrunk, failure: f.shrunkFailure))
            return 1
        }
        guard let p = inferred.policy else {
            if inferred.roundsRanOut {
                print("no verdict: every round's failure was explained by a change, and the rounds ran out; go on from the last policy (--policy FILE.json):")
                print(PolicyFile.json(inferred.lastPolicy))
                print("(exit 1: \(compare[0]) fails under the policy it started from)")
                return 1
            }
            if let f = inferred.unexplained {
                print("")
                print(Report.steps(f.shrunk, failure: f.shrunkFailure))
                save(f, inferred.lastPolicy)
            }
            print("no policy explains every failure: what is left is a bug, or a choice no knob expresses yet (docs/policies.md lists those) (exit 1)")
            return 1
        }
        if let name = PolicyFile.name(of: p) {
            print("\(compare[0]) follows the preset \(name): --policy \(name)")
        } else {
            print("\(compare[0]) follows no preset; save this and pass it as --policy FILE.json:")
            print(PolicyFile.json(p))
        }
        return 0
    }
}

extension PolicyCommand {
    /// A failure no knob explains is a failure like a campaign's: saved to the failure database
    /// with its seed, and a command to replay it (decisions.md, Command line and inputs).
    func save(_ f: Campaign.Found, _ policy: Policy) {
        let v = f.shrunkFailure.violation
        let folder = ".tabcheck/failures"
        let path = "\(folder)/\(v.property.rawValue)-\(Report.ruleSlug(v.rule))-\(hex(f.sequenceSeed)).json"
        let file = ReplayFile(seed: f.sequenceSeed, violation: v, compare: compare, originalSteps: f.original.count, actions: f.shrunk, policy: policy)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try file.encoded().write(to: URL(fileURLWithPath: path), options: .atomic)
            print("saved \(path) (sequence seed \(hex(f.sequenceSeed))); reproduce with:\n  \(drivers.rerun) --replay \(shellWord(path))")
        } catch {
            Console.error("\(Console.program): policy: could not save the failure to \(path): \(InputFile.reason(error))\n")
        }
    }
}

extension PolicyCommand: SupervisedRun {
    var noIsolation: Bool { false }
    var jobs: Int { config.jobs }
    func run(in shared: RunningSequences?) throws(InputError) -> Int32 { infer(isolated: false) }
    func recover(signal: String, _ shared: RunningSequences) -> Int32 {
        Console.error("\(Console.program): policy: the model died of \(signal) (a trap); inferring again from the start, each sequence in a process of its own\n")
        return infer(isolated: true)
    }
}
