#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Checker
import Foundation
import Generators

/// `tabcheck serve --driver NAME`: one of this executable's drivers behind the wire protocol
/// (docs/wire-protocol.md), on standard input and output, until end of input. What
/// `--against REV` runs in the build of REV; and the protocol's reference implementation.
struct ServeCommand {
    static let usage = """
    usage: PROGRAM serve [--driver NAME]
      Speaks the wire protocol (docs/wire-protocol.md) on standard input and output: one
      JSON request per line, one reply per line, until end of input. NAME is one of this
      executable's drivers (default: its first). `--wire "PROGRAM serve --driver NAME"` checks
      it from another process; `--against REV` runs this command in the build of REV.
      A request it cannot answer gets {"error": WHY} and the next is read. Exit 0 at end of
      input, 2 on a bad flag.
    """

    static func run(_ rest: [String], _ drivers: Drivers) throws(InputError) -> Int32 {
        if try Arguments.help(rest, command: "serve ", usage: usage.replacing("PROGRAM", with: drivers.program)) { return 0 }
        var factory = drivers.all[0]
        var a = Arguments(rest, command: "serve ")
        while let flag = try a.nextFlag() {
            switch flag {
            case "--driver":
                let v = try a.value(flag)
                guard let f = drivers.named(v) else { throw InputError("serve --driver: unknown driver \"\(v)\"; known: \(drivers.names)") }
                factory = f
            default: throw InputError("serve: unknown argument \"\(flag)\" (\(drivers.program) serve --help)")
            }
        }
        var server = Server(factory: factory)
        ServeInput.endOnSignals()
        var input = ServeInput()
        while let next = input.next() {
            guard case .text(let line) = next else {
                write(WireCoding.Reply(error: "a request longer than \(ServeInput.maxLine >> 20) MB: skipped to the next line"))
                continue
            }
            guard !line.isEmpty else { continue }
            // A request it cannot answer (an op from a newer checker, a bad line) gets its error,
            // and the next one is read: the protocol's one reply per request holds.
            let reply: WireCoding.Reply
            do { reply = try server.answer(line) } catch { reply = WireCoding.Reply(error: error.message) }
            write(reply)
        }
        return 0
    }

    static func write(_ reply: WireCoding.Reply) {
        let bytes = WireCoding.line(reply)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let why = n < 0 ? String(cString: strerror(errno)) : "nothing written"
                Console.error("\(Console.program): serve: could not write a reply to standard output (\(why))\n")
                exit(2)
            }
            done += n
        }
    }

    /// One driver instance at a time, made again by every `start` and `run`.
    struct Server {
        /// The longest `run` answered whole (the checker's longest sequence and its opening),
        /// and the most tabs its steps may hold in all (a reply of ~100 MB).
        static let maxRun = 100_300
        static let maxRunTabs = 2_000_000
        let factory: DriverFactory
        var driver: (any GridDriver)?

        mutating func answer(_ line: String) throws(InputError) -> WireCoding.Reply {
            let request: WireCoding.Request
            do { request = try ActionCoding.decoder().decode(WireCoding.Request.self, from: Data(line.utf8)) } catch {
                throw InputError("a request that is not the protocol's JSON: \(WireError.describe(error))")
            }
            var r = WireCoding.Reply()
            switch request.op {
            case "hello":
                r.protocol = WireCoding.version
                r.name = factory.name
                r.capabilities = factory.capabilities.map(\.rawValue).sorted()
                r.storage = true
            case "start":
                driver = factory.make(request.viewport ?? .phone)
                r.observation = .init(driver!.observe())
            case "apply":
                guard var d = driver, let action = request.action else { throw InputError("apply needs an action, after a start") }
                r.outcome = .init(d.apply(action))
                r.observation = .init(d.observe())
                driver = d
            case "roundTrip":
                guard let d = driver else { throw InputError("roundTrip comes after a start") }
                switch d.roundTrip() {
                case .success(let o)?: r.restored = .init(o)
                case .failure(let e)?: r.restoreError = e.message
                case nil: break
                }
            case "storageProblem":
                guard let d = driver else { throw InputError("storageProblem comes after a start") }
                r.storageProblem = d.storageProblem()
            case "run":
                r.steps = try run(request)
            default:
                throw InputError("unknown op \"\(request.op.prefix(40))\" (hello, start, apply, roundTrip, storageProblem, run)")
            }
            return r
        }

        /// A whole sequence in one exchange: each step's outcome and observation, and after a
        /// save what a fresh instance restores.
        mutating func run(_ request: WireCoding.Request) throws(InputError) -> [WireCoding.Step] {
            guard let actions = request.actions else { throw InputError("run needs actions") }
            guard actions.count <= Server.maxRun else { throw InputError("a run of \(actions.count) actions (at most \(Server.maxRun)): send them one by one with apply") }
            var d = factory.make(request.viewport ?? .phone)
            var steps: [WireCoding.Step] = []
            steps.reserveCapacity(actions.count)
            var entries = 0
            for a in actions {
                var s = WireCoding.Step(outcome: .init(d.apply(a)), observation: .init(d.observe()))
                // Each step's reply holds every tab: a run that grows a large grid is quadratic.
                entries += s.observation.tabIDs.count
                guard entries <= Self.maxRunTabs else {
                    throw InputError("a run whose steps hold more than \(Self.maxRunTabs) tabs in all: send its actions one by one with apply")
                }
                if case .save = a {
                    switch d.roundTrip() {
                    case .success(let o)?: s.restored = .init(o)
                    case .failure(let e)?: s.restoreError = e.message
                    case nil: break
                    }
                    s.storageProblem = d.storageProblem()
                }
                steps.append(s)
            }
            driver = d
            return steps
        }
    }
}
