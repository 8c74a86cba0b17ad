#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Generators
import Synchronization

/// A driver in another process (docs/wire-protocol.md): each step is one request and one
/// reply over the program's standard input and output. What the program got wrong — a reply
/// that is not the protocol's, no reply in time, an exit — is the step's crash, with why.
struct WireDriver: PlannedDriver {
    let session: WireSession
    var last = Observation()
    var viewport: ViewportSpec
    /// A planned sequence's answers (`run`), the next one to hand out, and the last save's.
    var planned: [Action] = [], answers: [WireCoding.Step] = [], next = 0
    var saved: WireCoding.Step?
    /// The actions applied so far: what a planned run that is left puts the program through again.
    var applied: [Action] = []

    init(_ command: String, storage: Bool, viewport: ViewportSpec) {
        session = WireSession(command: command, storage: storage)
        self.viewport = viewport
        do throws(WireError) {
            let r = try session.connection().ask(.init(op: "start", viewport: viewport))
            guard let o = r.observation else { throw WireError("the answer to start holds no observation") }
            try o.validate()
            last = o.observation
        } catch {
            session.fault = "wire: \(error.message)"
        }
    }

    var startFault: String? { applied.isEmpty ? session.fault : nil }

    /// The whole sequence in one `run`; on any trouble the steps go one by one.
    mutating func plan(_ actions: [Action], viewport: ViewportSpec) {
        guard session.fault == nil, applied.isEmpty, !actions.isEmpty, let c = try? session.connection(), c.runs else { return }
        do throws(WireError) {
            let left = Double(bitPattern: WireConnection.budgetEnds.load(ordering: .relaxed)) - RunClock.now()
            guard left > 0 else { return }   // past the budget: no run; the first step's deadline check ends it
            let r = try c.ask(.init(op: "run", viewport: viewport, actions: actions),
                              timeout: min(WireConnection.timeout + Double(actions.count) / 100, max(1, left + 1)))
            guard let steps = r.steps, steps.count == actions.count else { throw WireError("a run answered with \(r.steps?.count ?? 0) steps of \(actions.count)") }
            for s in steps { try s.observation.validate() }
            planned = actions; answers = steps; next = 0
        } catch {
            // A program that does not do `run` (an optional op): one step at a time, from a fresh start.
            if c.broken == nil {
                c.runs = false
                if (try? c.ask(.init(op: "start", viewport: viewport))) == nil { session.fault = "wire: the program did not start again after a run it refused" }
                return
            }
            // It died during the run (a trap, an exit): which step killed it, the steps one by one
            // say, in a program started afresh (#54's fifth audit: the death was the first step's,
            // the failure saved was a lone new tab, and its replay was called fixed).
            // (A wait ended by Ctrl-C stays as it was: the first step's wait says "interrupted", never a failure.)
            guard c.broken.map({ !WireConnection.interrupted.hasSuffix($0) }) ?? false else { return }
            session.drop()
            do throws(WireError) {
                let fresh = try session.connection()
                guard let o = try fresh.ask(.init(op: "start", viewport: viewport)).observation else { throw WireError("the answer to start holds no observation") }
                try o.validate()
                last = o.observation
            } catch {
                session.fault = "wire: after it died during a run, the program did not start again: \(error.message)"
            }
        }
    }

    mutating func apply(_ action: Action) -> StepOutcome {
        if let f = session.fault { return .crash(f) }
        do throws(WireError) {
            if next < planned.count {
                if planned[next] == action { return try answer(answers[next], action) }
                try leavePlan()
            }
            let r = try session.connection().ask(.init(op: "apply", action: action))
            guard let o = r.outcome, let obs = r.observation else { throw WireError("the answer to apply holds no \(r.outcome == nil ? "outcome" : "observation")") }
            try obs.validate()
            let outcome = try WireDriver.decode(o)
            last = obs.observation
            applied.append(action)
            return outcome
        } catch {
            session.fault = "wire: \(error.message)"
            return .crash(session.fault!)
        }
    }

    private mutating func answer(_ step: WireCoding.Step, _ action: Action) throws(WireError) -> StepOutcome {
        next += 1
        applied.append(action)
        if case .save = action { saved = step }
        last = step.observation.observation
        return try WireDriver.decode(step.outcome)
    }

    /// Another action than the planned one: the program starts again and is put through the
    /// steps so far, one by one.
    private mutating func leavePlan() throws(WireError) {
        planned = []; answers = []; next = 0; saved = nil
        _ = try session.connection().ask(.init(op: "start", viewport: viewport))
        for a in applied { _ = try session.connection().ask(.init(op: "apply", action: a)) }
    }

    static func decode(_ o: WireCoding.WireOutcome) throws(WireError) -> StepOutcome {
        do { return try o.outcome() } catch let e as WireError { throw e } catch { throw WireError("\(error)") }
    }

    func observe() -> Observation { last }

    func roundTrip() -> Result<Observation, RoundTripError>? {
        guard session.fault == nil else { return nil }
        if !planned.isEmpty {
            if let e = saved?.restoreError { return .failure(RoundTripError(message: e)) }
            return saved?.restored.map { .success($0.observation) }
        }
        guard let r = try? session.connection().ask(.init(op: "roundTrip")) else { return nil }
        if let e = r.restoreError { return .failure(RoundTripError(message: e)) }
        return r.restored.map { .success($0.observation) }
    }

    func storageProblem() -> String? {
        guard session.storage, session.fault == nil else { return nil }
        if !planned.isEmpty { return saved?.storageProblem }
        return (try? session.connection().ask(.init(op: "storageProblem")))?.storageProblem
    }
}

/// One driver's hold on a connection: taken from the pool when the driver is made, given back
/// when the last copy of the driver is gone (a broken one is dropped, and the next driver
/// starts the program again).
final class WireSession: @unchecked Sendable {
    let command: String
    let storage: Bool
    var fault: String?
    private var held: WireConnection?

    init(command: String, storage: Bool) { self.command = command; self.storage = storage }

    func connection() throws(WireError) -> WireConnection {
        if let c = held { return c }
        let c = try WirePool.shared.take(command)
        held = c
        return c
    }

    /// Lets go of a connection whose program died: the next `connection()` starts another.
    func drop() {
        held?.end()
        held = nil
    }

    deinit { if let c = held { WirePool.shared.give(c) } }
}

/// Programs that answered `hello`, idle, per command, in this process. A forked child never
/// takes its parent's: it starts its own.
final class WirePool: @unchecked Sendable {
    static let shared = WirePool()
    private let lock = NSLock()
    private var idle: [String: [WireConnection]] = [:]

    func take(_ command: String) throws(WireError) -> WireConnection {
        let me = getpid()
        lock.lock()
        var list = idle[command, default: []].filter { $0.owner == me }
        let found = list.popLast()
        idle[command] = list
        lock.unlock()
        if let c = found { return c }
        let c = try WireConnection.start(command).get()
        _ = try Self.hello(c)
        return c
    }

    func give(_ c: WireConnection) {
        guard c.broken == nil, c.owner == getpid() else { return }
        lock.lock(); idle[c.command, default: []].append(c); lock.unlock()
    }

    /// The first exchange: the protocol's version, the program's name and what it supports.
    static func hello(_ c: WireConnection) throws(WireError) -> WireCoding.Reply {
        let r = try c.ask(.init(op: "hello", protocol: WireCoding.version))
        guard r.protocol == WireCoding.version else {
            c.end()
            throw WireError("it speaks protocol \(r.protocol.map(String.init) ?? "(none given)"), this checker \(WireCoding.version)")
        }
        return r
    }
}

extension DriverFactory {
    /// A driver in another program, started with `/bin/sh -c command`, speaking the wire
    /// protocol; named `name`, or by its answer to `hello`. Throws when the program cannot be
    /// started or its `hello` is not the protocol's.
    package static func wire(_ command: String, name: String? = nil, flag: String = "--wire") throws(InputError) -> DriverFactory {
        let hello: WireCoding.Reply
        var connection: WireConnection?
        do throws(WireError) {
            let c = try WireConnection.start(command).get()
            hello = try WirePool.hello(c)
            connection = c
        } catch {
            throw InputError("\(flag) \(command.prefix(200)): \(error.message) (docs/wire-protocol.md)")
        }
        var capabilities = Set<Capability>()
        for n in hello.capabilities ?? Capability.all.map(\.rawValue) {
            guard let c = Capability(rawValue: n) else {
                throw InputError("\(flag) \(command.prefix(200)): its hello names capability \"\(n.prefix(40))\", which is none of: \(Capability.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            capabilities.insert(c)
        }
        // A model, not only a greeting: the first `start` must give a state (an echo does not).
        do throws(WireError) {
            guard let c = connection, let o = try c.ask(.init(op: "start", viewport: .phone)).observation else {
                throw WireError("its answer to start holds no observation")
            }
            try o.validate()
            WirePool.shared.give(c)
        } catch {
            throw InputError("\(flag) \(command.prefix(200)): \(error.message) (docs/wire-protocol.md)")
        }
        let storage = hello.storage ?? false
        let shown = name ?? hello.name ?? "wire"
        var f = DriverFactory(name: shown, summary: "\(hello.name ?? "a program") in another process, through the wire protocol: \(command)",
                              capabilities: capabilities) { WireDriver(command, storage: storage, viewport: $0) }
        f.inAnotherProcess = true
        return f
    }
}
