#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// One running program that speaks the wire protocol (docs/wire-protocol.md): started with
/// `/bin/sh -c COMMAND`, its standard input and output one end of a socket pair (a write to
/// a program that died is an error, never a SIGPIPE), its standard error the checker's.
/// One request, one reply line; a reply that takes longer than `timeout` ends the program.
package final class WireConnection: @unchecked Sendable {
    package let command: String
    let pid: pid_t
    /// The process that started it: a forked child never uses its parent's connection.
    let owner: pid_t
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private(set) var broken: String?
    /// Whether the program answered `run` with an error (an optional op): not asked again.
    var runs = true
    private struct Answered: Error { let message: String }
    /// How long a reply may take (seconds).
    package static let timeout = 10.0
    /// When the run's budget ends (`RunClock` seconds; infinity: no budget), set with the overrun
    /// watchdog's limit: a whole sequence's `run` waits no longer than that, then the steps go
    /// one by one and the run's own deadline check stops them (#54's fifth audit: a model slow
    /// by a second a query, behind --wire, held one `run` past the watchdog — exit 2 every time).
    package static let budgetEnds = Atomic<UInt64>(Double.infinity.bitPattern)
    /// Whether the user asked the run to stop (the command line's Ctrl-C): a wait for a reply
    /// ends within a second of it, with `interrupted` as its error, which is never a failure.
    nonisolated(unsafe) package static var stopRequested: (@Sendable () -> Bool)?
    /// The error of a wait ended by `stopRequested`.
    package static let interrupted = "wire: interrupted while waiting for the program"
    /// The longest reply line read (a whole `run` of 100,000 steps fits).
    static let maxLine = 256 << 20

    private init(command: String, pid: pid_t, fd: Int32) {
        self.command = command; self.pid = pid; self.fd = fd; owner = getpid()
    }

    /// Kills every program still running (async-signal-safe: `kill` alone): what the command
    /// line does on its way out, so a program that hangs does not outlive the run.
    package static func endAll() { ChildProcesses.endAll() }


    /// Starts `command`; nil and why when it cannot be started.
    package static func start(_ command: String) -> Result<WireConnection, WireError> {
        var pair: [Int32] = [0, 0]
        #if os(Linux)
        let kind = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #else
        let kind = SOCK_STREAM
        #endif
        guard socketpair(AF_UNIX, kind, 0, &pair) == 0 else { return .failure(WireError("no socket pair: \(String(cString: strerror(errno)))")) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pair[1], 0)
        posix_spawn_file_actions_adddup2(&actions, pair[1], 1)
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attr, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attr, &defaults)
        // A group of its own: ending it ends what its shell started too (a `python3` under `sh -c`).
        posix_spawnattr_setpgroup(&attr, 0)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let argv = ["/bin/sh", "-c", command]
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var status: Int32 = 0
        let started = ChildProcesses.start([.group, .endsWithUs]) {
            var pid: pid_t = 0
            status = posix_spawn(&pid, "/bin/sh", &actions, &attr, &cArgs, environ)
            return status == 0 ? pid : nil
        }
        close(pair[1])
        guard let pid = started else { close(pair[0]); return .failure(WireError("/bin/sh could not be started: \(String(cString: strerror(status)))")) }
        return .success(WireConnection(command: command, pid: pid, fd: pair[0]))
    }

    /// Sends one request and reads its reply.
    func ask(_ request: WireCoding.Request, timeout: Double = WireConnection.timeout) throws(WireError) -> WireCoding.Reply {
        if let b = broken { throw WireError(b) }
        do {
            // One request, one reply: a line no request asked for (a reply written twice) would be
            // read as the next request's answer, and every later step misread (#54's third audit:
            // a failure at "step 0 of 0", saved with no steps, its replay called fixed).
            // (Not before `hello`: a program may greet before it is asked, as a one-line fixture does.)
            if start < buffer.count || (request.op != "hello" && unaskedInput()) {
                throw WireError("the program wrote a line no request asked for (a reply written twice?) before \(request.op)")
            }
            try sendAll(WireCoding.line(request))
            let r = try WireCoding.reply(try readLine(timeout))
            if start < buffer.count {
                throw WireError("the program wrote more than one line in answer to \(request.op) (one request, one reply)")
            }
            // An error reply leaves the program in step (one request, one reply): it is not broken.
            if let e = r.error { throw Answered(message: "the program answered \(request.op) with an error: \(e.prefix(300))") }
            return r
        } catch let e as Answered {
            throw WireError(e.message)
        } catch let e as WireError {
            broken = broken ?? e.message
            end()
            throw e
        } catch {
            throw WireError("\(error)")
        }
    }

    /// Whether bytes wait to be read before anything was asked (a peek: nothing is consumed).
    private func unaskedInput() -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0
    }

    private func sendAll(_ bytes: [UInt8]) throws {
        var done = 0
        while done < bytes.count {
            #if os(Linux)
            let flags = Int32(MSG_NOSIGNAL)
            #else
            let flags: Int32 = 0
            #endif
            let n = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + done, $0.count - done, flags) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let end = exitDescription()
                throw WireError(end == "still running" ? "the program stopped reading its input" : "the program ended without a reply (\(end))")
            }
            done += n
        }
    }

    private func readLine(_ timeout: Double) throws -> ArraySlice<UInt8> {
        // On the run's clock, which leaves out a Ctrl-Z pause (#54's third audit: a healthy model
        // paused 13 s was "no reply within 10 s", a crash at step 0, saved).
        let deadline = RunClock.now() + timeout
        // Where the search for the line's end goes on: each byte is looked at once (a 50-MB
        // reply, read 64 KB at a time, was searched from its start each time: 20 GB, and it
        // ran past the timeout, called a hang; #54's fifth audit).
        var scanned = start
        while true {
            if let nl = buffer[scanned...].firstIndex(of: 10) {
                let line = buffer[start..<nl]
                start = nl + 1
                if start == buffer.count { buffer.removeAll(keepingCapacity: true); start = 0 }
                return line
            }
            guard buffer.count - start < Self.maxLine else { throw WireError("a reply longer than \(Self.maxLine >> 20) MB") }
            if Self.stopRequested?() == true { throw WireError(String(Self.interrupted.dropFirst("wire: ".count))) }
            let left = deadline - RunClock.now()
            guard left > 0 else { throw WireError("no reply within \(Int(timeout)) s (a model that hangs?)") }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, Int32(min(left, 1) * 1000))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            scanned = buffer.count
            if start > 0 && start >= buffer.count / 2 { buffer.removeFirst(start); scanned -= start; start = 0 }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw WireError("the program ended without a reply (\(exitDescription()))") }
            buffer.append(contentsOf: chunk[..<n])
        }
    }

    /// How the program ended, once it has (waited for up to a second).
    private func exitDescription() -> String {
        var status: Int32 = 0
        for _ in 0..<100 {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid {
                reaped = true
                let sig = status & 0x7f
                return sig == 0 ? "exit status \((status >> 8) & 0xff)" : "killed by signal \(sig)"
            }
            if r < 0 { return "its status is unknown" }
            usleep(10_000)
        }
        return "still running"
    }
    private var reaped = false

    /// Closes the socket (the program reads end of file) and reaps it; a program that does not
    /// end within a second of that is killed.
    func end() {
        guard fd >= 0, !closed else { return }
        closed = true
        close(fd)
        defer { kill(-pid, SIGKILL); ChildProcesses.remove(pid) }   // whatever of its group is left (a hung child of its shell)
        guard !reaped else { return }
        var status: Int32 = 0
        for _ in 0..<100 { if waitpid(pid, &status, WNOHANG) != 0 { return }; usleep(10_000) }
        kill(-pid, SIGKILL)
        waitpid(pid, &status, 0)
    }
    private var closed = false

    deinit { if owner == getpid() { end() } }
}
