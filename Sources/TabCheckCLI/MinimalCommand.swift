import Checker
import Foundation
import Generators

/// `tabcheck minimal`: the true minimal failing length over an alphabet, by exhaustive
/// search (`ExhaustiveSearch`); `--from FILE` draws the alphabet from a shrunk failure.
enum MinimalCommand {
    struct Settings {
        var limit = 3
        var properties: [Property]?
        var from: ReplayFile?
        var jobs = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var timeLimit: Double?
    }

    static func parse(_ rest: [String]) throws(InputError) -> Settings {
        var s = Settings()
        var a = Arguments(rest, command: "minimal ")
        while let flag = try a.nextFlag() {
            switch flag {
            case "--max-length": s.limit = try a.int(flag, 1...5)
            case "--jobs", "-j": s.jobs = try a.int(flag, 1...256)
            case "--time-limit":
                s.timeLimit = try a.seconds(flag, max: Options.maxSeconds)
                guard s.timeLimit! > 0 else { throw InputError("minimal --time-limit takes a positive number of seconds, got 0") }
            case "--from": s.from = try ReplayFile.load(path: try a.value(flag), flag: "minimal --from")
            case "--property":
                let v = try a.value(flag)
                guard let p = Property(rawValue: v) else {
                    throw InputError("minimal --property: unknown property \"\(v)\"; known: \(Property.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                s.properties = [p]
            default: throw InputError("minimal: unknown argument \"\(flag)\" (tabcheck minimal --help)")
            }
        }
        // The alphabet takes every value of the failure: a long one would make it huge.
        if let from = s.from, from.actions.count > 64 {
            throw InputError("minimal --from: the file holds \(from.actions.count) actions; give it a shrunk failure (at most 64; \(Console.program) --replay FILE shrinks one)")
        }
        return s
    }

    /// `drivers`: what `--from`'s compare pair may name (a failure is searched between the
    /// drivers it was found between).
    static func run(_ rest: [String], _ drivers: Drivers) throws(InputError) -> Int32 {
        if try Arguments.help(rest, command: "minimal ", usage: minimalUsage) { return 0 }
        let s = try parse(rest)
        for name in s.from?.compare ?? [] where drivers.named(name) == nil {
            throw InputError("minimal --from: field \"compare\" names unknown driver \"\(name)\"; known: \(drivers.names)")
        }
        // A property the drivers cannot be judged by would "prove" that nothing fails (decisions.md, Command line and inputs).
        let runner = Self.runner(s, drivers)
        if let p = s.properties, runner.checkedProperties.isEmpty, let why = runner.skippedDescription {
            throw InputError("minimal --property \(p.map(\.rawValue).joined(separator: ",")): nothing would be checked — \(why), which \(runner.implementation.name) or \(runner.oracle.name) lacks")
        }
        if let file = s.from, let why = Self.unjudgeable(file, runner) { throw InputError("minimal --from: \(why)") }
        return try Supervisor.run(MinimalRun(settings: s, drivers: drivers))
    }

    /// Why a search from `file` could prove nothing, as its replay could not (`ReplayEvidence`,
    /// one rule): steps its drivers do not declare never run, so they can never fail (#54's fifth
    /// audit: "none over the alphabet", exit 0, where `--replay` refused the file).
    static func unjudgeable(_ file: ReplayFile, _ runner: Runner) -> String? {
        let kinds = ReplayEvidence.undeclared(file.actions, runner.capabilities)
        let n = file.actions.filter { !runner.capabilities.allows($0) }.count
        guard n > 0 else { return nil }
        return "\(n) of its \(file.actions.count) steps would never run: \(file.compare.joined(separator: " and ")) do not declare \(kinds.joined(separator: ", ")) "
            + "(search it between drivers that have \(kinds.count == 1 ? "it" : "them"): the file's \"compare\")"
    }

    /// The drivers the search runs: the default pair, or those `--from` names, under its policy.
    static func runner(_ s: Settings, _ drivers: Drivers) -> Runner {
        let recorded = s.from?.property.flatMap(Property.init(rawValue:)).map { [$0] }
        let compare = s.from?.compare ?? drivers.defaultCompare
        // Judged as the failure was: by the file's policy (a replay file records it).
        var runner = Runner(implementation: drivers.named(compare[0])!, oracle: drivers.named(compare[1])!,
                            properties: s.properties ?? recorded ?? Property.allCases).withPolicy(s.from?.policy ?? .spec)
        runner.customProperties = drivers.properties
        return runner
    }

    /// The search; `trapped`: after the supervised child died of a trap, every level runs in
    /// forked children and a child's trap is the failure.
    static func search(_ s: Settings, _ drivers: Drivers, trapped: Bool) -> Int32 {
        let runner = Self.runner(s, drivers)
        // A trap or a hang ends the process it happens in: its candidates, and the run that
        // collects the states it passes through, run in children.
        let killing = trapped ? ExhaustiveSearch.killing(rule: "trap")
            : s.from.flatMap { $0.property == Property.crash.rawValue ? ExhaustiveSearch.killing(rule: $0.rule) : nil }
        var alphabet = ExhaustiveSearch.alphabet + ExhaustiveSearch.newerActions(runner.capabilities)
        var which = "the fixed \(alphabet.count)-action alphabet"
        if let from = s.from {
            let drawn = ExhaustiveSearch.alphabet(limit: s.limit, from: from.actions, runner: runner, isolated: killing != nil)
            alphabet = drawn.actions
            which = "these \(alphabet.count) actions (drawn from the failure, \(drawn.restores) of them restores of states it passes through)"
        }
        let started = RunClock.now()
        let deadline = s.timeLimit.map { started + $0 }
        let watch = SearchWatch(deadline: deadline)
        Console.error("minimal: searching lengths 1…\(s.limit) over \(which)\n")
        if killing != nil { Console.error("minimal: the failure ends its process (crash: \(trapped ? "trap" : s.from?.rule ?? "")); each level runs in forked children\n") }
        let recorded = trapped || s.properties != nil ? nil : Self.recorded(s.from)
        // "No failing sequence" says of what: the file's failure only, when only it counts.
        if recorded != nil, let from = s.from, let p = from.property, let rule = from.rule { which += " (a failure of \(p): \(rule) only)" }
        let r = ExhaustiveSearch.search(runner, limit: s.limit, alphabet: alphabet, jobs: s.jobs, isolated: killing,
                                        deadline: deadline, fails: recorded, shouldStop: { watch.shouldStop() })
        let cost = "\(r.sequencesRun) sequences, \(r.distinctStates) distinct states, \(String(format: "%.2f", RunClock.now() - started)) s, \(s.jobs) jobs"
        if Interrupt.requested {
            print("minimal: interrupted; no failing sequence of length ≤ \(r.provenAbove) over \(which) (\(cost))")
            return 130
        }
        if watch.timedOut || r.stopped {
            print("minimal: stopped at --time-limit; proven only that no failing sequence of length ≤ \(r.provenAbove) exists over \(which) (\(cost))")
            return 3
        }
        if let found = r.found {
            let f = killing != nil ? runner.runIsolated(.actions(found)).failure : runner.run(.actions(found), collectCoverage: false).failure
            print("shortest over the alphabet \(found.count): \(found.map(\.description).joined(separator: ", ")) — \(f.map { "\($0.violation.property.rawValue): \($0.violation.rule)" } ?? "")")
            print("proven: no failing sequence of length < \(found.count) over \(which); a shorter one outside them is not ruled out (\(cost))")
            return 1
        }
        print("none over the alphabet ≤ \(s.limit): no failing sequence of length ≤ \(s.limit) over \(which) (\(cost))")
        return 0
    }
}

extension MinimalCommand {
    /// The failure `--from` records, as the shrinker judged it: its property and rule (a
    /// crash on the way to a differential difference is another failure); nil: any failure.
    static func recorded(_ from: ReplayFile?) -> (@Sendable (Runner.Outcome) -> Bool)? {
        guard let property = from?.property, let rule = from?.rule else { return nil }
        return { out in out.failure.map { $0.violation.property.rawValue == property && $0.violation.rule == rule } ?? false }
    }
}

/// `minimal` as the supervisor runs it: a model that traps mid-search is searched again in children.
struct MinimalRun: SupervisedRun {
    let settings: MinimalCommand.Settings
    let drivers: Drivers
    var noIsolation: Bool { false }
    var jobs: Int { settings.jobs }
    func run(in shared: RunningSequences?) throws(InputError) -> Int32 { MinimalCommand.search(settings, drivers, trapped: false) }
    func recover(signal: String, _ shared: RunningSequences) -> Int32 {
        Console.error("\(Console.program): minimal: the model died of \(signal) (a trap); searching again, each level in forked children\n")
        return MinimalCommand.search(settings, drivers, trapped: true)
    }
}

/// What `minimal` asks between candidates: an interrupt, the time limit; and a progress
/// line on stderr every few seconds (a search over a large alphabet runs for minutes).
final class SearchWatch: @unchecked Sendable {
    private let lock = NSLock()
    private let deadline: Double?
    private let start = RunClock.now()
    private var lastLine: Double
    private var asked = 0
    private(set) var timedOut = false

    init(deadline: Double?) { self.deadline = deadline; lastLine = start }

    func shouldStop() -> Bool {
        if Interrupt.requested { return true }
        lock.lock(); defer { lock.unlock() }
        asked += 1
        guard asked & 1023 == 0 else { return timedOut }
        let now = RunClock.now()
        if let deadline, now >= deadline { timedOut = true }
        if now - lastLine >= 5 {
            lastLine = now
            Console.error("minimal: still searching, \(Int(now - start)) s\(deadline.map { ", \(Int(max(0, $0 - now))) s left" } ?? "")\n")
        }
        return timedOut
    }
}
