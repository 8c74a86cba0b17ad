#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Generators

/// A driver in another process (docs/wire-protocol.md): each step is one request and one
/// reply over the program's standard input and output. What the program got wrong — a reply
/// that is not the protocol's, no reply in time, an exit — is the step's crash, with why.
struct WireDriver: GridDriver {
    let session: WireSession
    var last = Observation()

    init(_ command: String, storage: Bool, viewport: ViewportSpec) {
        session = WireSession(command: command, storage: storage)
        do throws(WireError) {
            let r = try session.connection().ask(.init(op: "start", viewport: viewport))
            guard let o = r.observation else { throw WireError("the answer to start holds no observation") }
            last = o.observation
        } catch {
            session.fault = "wire: \(error.message)"
        }
    }

    mutating func apply(_ action: Action) -> StepOutcome {
        if let f = session.fault { return .crash(f) }
        do throws(WireError) {
            let r = try session.connection().ask(.init(op: "apply", action: action))
            guard let o = r.outcome, let obs = r.observation else { throw WireError("the answer to apply holds no \(r.outcome == nil ? "outcome" : "observation")") }
            let outcome: StepOutcome
            do { outcome = try o.outcome() } catch let e as WireError { throw e } catch { throw WireError("\(error)") }
            last = obs.observation
            return outcome
        } catch {
            session.fault = "wire: \(error.message)"
            return .crash(session.fault!)
        }
    }

    func observe() -> Observation { last }

    func roundTrip() -> Result<Observation, RoundTripError>? {
        guard session.fault == nil, let r = try? session.connection().ask(.init(op: "roundTrip")) else { return nil }
        if let e = r.restoreError { return .failure(RoundTripError(message: e)) }
        return r.restored.map { .success($0.observation) }
    }

    func storageProblem() -> String? {
        guard session.storage, session.fault == nil else { return nil }
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
        do throws(WireError) {
            let c = try WireConnection.start(command).get()
            hello = try WirePool.hello(c)
            WirePool.shared.give(c)
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
        let storage = hello.storage ?? false
        let shown = name ?? hello.name ?? "wire"
        return DriverFactory(name: shown, summary: "\(hello.name ?? "a program") in another process, through the wire protocol: \(command)",
                             capabilities: capabilities) { WireDriver(command, storage: storage, viewport: $0) }
    }
}
