import Foundation
import Generators

/// A sequence run in a `Sandbox` child (decisions.md, Isolation and traps), so that a model — or the checker — that
/// traps gives a failure instead of killing the run: property `crash`, rule `trap`, with the
/// runtime's message, the step and who was running. The child keeps a `TraceBeacon` up to
/// date — actions handed to the implementation, the driver call in progress — and, for a
/// generated sequence the parent cannot know, says each action before a driver sees it;
/// where it was when it died is where it died. Used where a trap has been seen (the shrink
/// of a trap, a replay of one), never on the fast path.
extension Runner {
    /// `source` run in a child; its outcome, or a `trap` failure where the child died.
    /// A child that stalls (no driver call for `stallLimit` seconds) is tried again twice:
    /// forked from a process with other threads, a child can block on a lock one of them held
    /// at the fork; a model in an endless loop stalls every time and is reported as a hang.
    package func runIsolated(_ source: Source, timeLimit: Double = 60, stallLimit: Double = 10) -> Outcome {
        runIsolated(batch: [source], timeLimit: timeLimit, stallLimit: stallLimit)[0]
    }

    /// Each source in a child of its own, side by side: all forked from this thread
    /// (`Sandbox.runAll`), so no other thread of ours can hold a lock a child needs. Those
    /// that stall are run again, twice at most.
    package func runIsolated(batch sources: [Source], timeLimit: Double = 60, stallLimit: Double = 10) -> [Outcome] {
        SupervisedCampaign.warmUp()
        _ = implementation.make(startViewport).observe()
        // Fixed actions are known here: the child only counts them (the filter is the run loop's).
        let c = capabilities
        let runs: [(source: Source, known: [Action]?)] = sources.map { source in
            guard case .actions(let a) = source else { return (source, nil) }
            let fixed = c.keeping(a)
            return (.actions(fixed), fixed)
        }
        let beacons = runs.map { _ in TraceBeacon() }
        var reports = beacons.map { $0 != nil ? Sandbox.Report()
            : Sandbox.Report(stderr: "mmap: \(String(cString: strerror(errno)))", end: .killed("no shared memory")) }
        var pending = sources.indices.filter { beacons[$0] != nil }
        for _ in 0..<3 where !pending.isEmpty {
            let got = Sandbox.runAll(timeLimit: timeLimit, stallLimit: stallLimit, pending.map { i in
                let beacon = beacons[i]!, run = runs[i]
                beacon.reset()
                return (progress: { beacon.progress }, body: { channel in
                    let out = self.traced(channel, beacon, sayingActions: run.known == nil).run(run.source, collectCoverage: false)
                    channel.send("R " + IsolatedOutcome(out).line)
                    return 0
                })
            })
            for (k, i) in pending.enumerated() { reports[i] = got[k] }
            pending = pending.filter { reports[$0].end == .stalled }
        }
        return sources.indices.map { i in
            Self.outcome(of: reports[i], beacon: beacons[i], known: runs[i].known, implementation: implementation.name, oracle: oracle.name)
        }
    }

    /// This runner with both drivers keeping `beacon` up to date, and the implementation's
    /// saying each action to `channel` when `sayingActions`.
    func traced(_ channel: Sandbox.Channel, _ beacon: TraceBeacon, sayingActions: Bool) -> Runner {
        var r = self
        let (impl, ref) = (implementation, oracle)
        r.implementation = DriverFactory(name: impl.name, summary: impl.summary, capabilities: impl.capabilities) {
            TracingDriver(base: impl.make($0), channel: sayingActions ? channel : nil, beacon: beacon, oracle: false)
        }
        r.oracle = DriverFactory(name: ref.name, summary: ref.summary, capabilities: ref.capabilities) {
            TracingDriver(base: ref.make($0), channel: nil, beacon: beacon, oracle: true)
        }
        return r
    }

    /// The outcome a child's report stands for: the actions it was handed — `known`'s first
    /// `beacon.applied`, or those it said — and where it was.
    static func outcome(of report: Sandbox.Report, beacon: TraceBeacon?, known: [Action]?, implementation: String, oracle: String) -> Outcome {
        var out = Outcome()
        if let known { out.executed = Array(known.prefix(beacon?.applied ?? 0)) }
        for line in report.messages {
            if known == nil, line.hasPrefix("A "), let a = try? ActionCoding.decoder().decode(Action.self, from: Data(line.dropFirst(2).utf8)) { out.executed.append(a) }
            else if line.hasPrefix("R "), let r = IsolatedOutcome(line: String(line.dropFirst(2))) {
                out.failure = r.failure(out.executed)
                if let f = out.failure { out.executed = Array(out.executed.prefix(f.step)) }
            }
        }
        let calling = beacon?.calling
        if case .exited(0) = report.end { return out }
        // It died: where, and of what.
        let who: String
        if let calling, let dot = calling.firstIndex(of: ".") {
            let role = calling[..<dot], name = role == "implementation" ? implementation : oracle
            who = "\(name) (the \(role)) trapped in \(calling[calling.index(after: dot)...])"
        } else {
            who = "the checker (a property or the run loop) trapped"
        }
        let message = trapMessage(report)
        let hung = report.end == .timedOut || report.end == .stalled
        let violation = Violation(.crash, hung ? "hang" : "trap", hung ? "\(who.replacing("trapped", with: "hung")): \(message)" : "\(who): \(message)")
        guard let last = out.executed.last else {
            // Before the first action: the drivers' making or first observation.
            out.failure = Failure(step: 0, action: nil, violation: violation)
            return out
        }
        out.failure = Failure(step: out.executed.count, action: last, violation: violation)
        return out
    }

    /// The runtime's line ("…/TabList.swift:45: Fatal error: Index out of range") and the signal.
    static func trapMessage(_ report: Sandbox.Report) -> String {
        let all = report.stderr.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        // The runtime's backtrace (`Sandbox.keepBacktracer`) names the frame, never the message:
        // its lines hold addresses that differ run by run, so a trap without a message would
        // differ from itself (decisions.md, Command line and inputs: a shrink that accepted nothing, "nondeterministic").
        let lines = Array(all.prefix { !$0.hasPrefix("*** ") })
        let fatal = lines.first { $0.contains("Fatal error") || $0.contains("Precondition failed") || $0.contains("Assertion failed") }
        let signal: String
        switch report.end {
        case .trapped(let s): signal = s
        case .killed(let s): signal = "killed by \(s)"
        case .timedOut: signal = "no end within the time limit"
        case .stalled: signal = "no progress for the stall limit, three times"
        case .exited(let code): signal = "exit \(code)"
        }
        // An optimised build traps with no message on an index out of range, an overflow, a nil
        // force-unwrapped or a failed precondition: the frame below says where.
        let text = fatal.map { String($0.prefix(300)) } ?? lines.last.map { String($0.prefix(300)) }
            ?? "\(Self.noRuntimeMessage) (traps without one: an arithmetic overflow, a nil force-unwrapped, and in optimised code an index out of range or a failed precondition)"
        return "\(text) (\(signal))" + (trapFrame(in: all).map { ", in \($0)" } ?? "")
    }

    /// How a trap report says the runtime gave no message.
    package static let noRuntimeMessage = "the runtime printed no message"

    /// What a trap report quotes of the runtime for a trap whose message in a debug build is
    /// `message`: optimised code (a release build, as CI's tests) traps without one.
    package static func runtimeSays(_ message: String) -> String {
        #if DEBUG
        message
        #else
        noRuntimeMessage
        #endif
    }

    /// The first frame of the crashed thread in code that is not the checker's: the model's
    /// function and line ("TrapsOnLastClose.apply(_:) at Tests/PlantedTabcheck/main.swift:52"),
    /// when the runtime's backtracer ran (`Sandbox.keepBacktracer`).
    static func trapFrame(in lines: [String]) -> String? {
        guard let crashed = lines.firstIndex(where: { $0.hasPrefix("Thread ") && $0.hasSuffix("crashed:") }) else { return nil }
        let cwd = FileManager.default.currentDirectoryPath + "/"
        for line in lines[(crashed + 1)...] {
            if line.hasPrefix("Thread ") || line.hasPrefix("Registers") { break }
            guard let at = line.range(of: " at /", options: .backwards), line.contains(".swift:"),
                  !line.contains("/Sources/Checker/"), !line.contains("/Sources/Generators/"), !line.contains("/swift/stdlib/"),
                  let plus = line.range(of: " + "), let address = line.range(of: " 0x") else { continue }
            let symbol = line[address.upperBound...].drop { $0 != " " }.dropFirst()
            let name = symbol[..<(symbol.range(of: " + ")?.lowerBound ?? plus.lowerBound)]
            var place = String(line[line.index(after: at.lowerBound)...].dropFirst(3))
            if place.hasPrefix(cwd) { place.removeFirst(cwd.count) }
            // file:line:column → file:line
            if let colon = place.lastIndex(of: ":"), place[..<colon].contains(":") { place = String(place[..<colon]) }
            return "\(name) at \(place)"
        }
        return nil
    }
}

/// A driver that keeps an isolated run's `TraceBeacon` up to date, and says each action to
/// the parent when it has a channel.
struct TracingDriver: GridDriver, ScheduledWork {
    var scheduleProblem: String? { (base as? any ScheduledWork)?.scheduleProblem }
    func takeScheduleLog() -> [String] { (base as? any ScheduledWork)?.takeScheduleLog() ?? [] }
    var base: any GridDriver
    let channel: Sandbox.Channel?
    let beacon: TraceBeacon
    let oracle: Bool

    mutating func apply(_ action: Action) -> StepOutcome {
        if !oracle {
            if let channel, let data = try? ActionCoding.encoder().encode(action) { channel.send("A " + String(decoding: data, as: UTF8.self)) }
            beacon.applying()
        }
        beacon.begin(.apply, oracle: oracle); defer { beacon.end() }
        return base.apply(action)
    }
    func observe() -> Observation {
        beacon.begin(.observe, oracle: oracle); defer { beacon.end() }
        return base.observe()
    }
    func roundTrip() -> Result<Observation, RoundTripError>? {
        beacon.begin(.roundTrip, oracle: oracle); defer { beacon.end() }
        return base.roundTrip()
    }
    func storageProblem() -> String? {
        beacon.begin(.storageProblem, oracle: oracle); defer { beacon.end() }
        return base.storageProblem()
    }
}

/// A run's verdict as one line from the child: the failing step and its violation.
struct IsolatedOutcome {
    var step = 0
    var property = "", rule = "", message = ""
    /// The differential's differences: field, rule, left, right.
    var differences: [[String]] = []

    init(_ out: Runner.Outcome) {
        guard let f = out.failure else { return }
        step = f.step; property = f.violation.property.rawValue; rule = f.violation.rule; message = f.violation.message
        differences = f.violation.differences.map { [$0.field, $0.rule, $0.left, $0.right] }
    }
    init?(line: String) {
        guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let step = o["step"] as? Int, let p = o["property"] as? String, let r = o["rule"] as? String,
              let m = o["message"] as? String, let d = o["differences"] as? [[String]], d.allSatisfy({ $0.count == 4 })
        else { return nil }
        self.step = step; property = p; rule = r; message = m; differences = d
    }
    var line: String {
        let o: [String: Any] = ["step": step, "property": property, "rule": rule, "message": message, "differences": differences]
        return (try? JSONSerialization.data(withJSONObject: o)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
    func failure(_ executed: [Action]) -> Runner.Failure? {
        // Step 0 is a failure of the initial states (a property is named); an empty record is none.
        guard step > 0 || (step == 0 && !property.isEmpty), step <= executed.count else { return nil }
        let d = differences.map { Difference(field: $0[0], rule: $0[1], left: $0[2], right: $0[3]) }
        return Runner.Failure(step: step, action: step == 0 ? nil : executed[step - 1], violation: Violation(Property(property), rule, message, differences: d))
    }
}
