#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A forked child process to run something that may trap (decisions.md, Isolation and traps): an index out of range, a
/// force unwrap or an overflow kills the child, not the caller. The child writes what it
/// wants the parent to know to a `Channel` as it goes — so what it was doing when it died is
/// known — and its standard error is captured, where the runtime writes a trap's message.
///
/// Forked, not spawned: the child is this process, with the drivers and properties it was
/// given (closures included), and starting it costs about a millisecond. The child runs
/// only synchronous code on the thread that forked (no Dispatch, no async): after a fork
/// from a process with other threads, nothing else is safe there. It ends with `_exit`, so
/// buffered output of the parent is never written twice.
package enum Sandbox {
    /// How the child ended.
    package enum End: Equatable, Sendable {
        /// It returned: the exit status it chose.
        case exited(Int32)
        /// It died of a signal that a trap raises (SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS,
        /// SIGFPE), named.
        case trapped(String)
        /// It was killed from outside (SIGKILL, SIGINT, SIGTERM …), named.
        case killed(String)
        /// It ran past the time limit and was killed.
        case timedOut
        /// It showed no progress for the stall limit and was killed: a model in an endless
        /// loop — or, in a process with other threads (a test runner), a child that forked
        /// while another thread held a lock it needs. Worth one more try.
        case stalled
    }

    /// What the child wrote to its channel, its standard error, and how it ended.
    package struct Report: Sendable {
        package var messages: [String] = []
        package var stderr = ""
        package var end = End.exited(0)
    }

    /// The child's side: one line per `send`, written at once (the parent reads it even if the
    /// next instruction traps).
    package struct Channel {
        let fd: Int32
        package func send(_ line: String) {
            var bytes = Array(line.utf8) + [10]
            var done = 0
            while done < bytes.count {
                let n = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
                if n <= 0 { if n < 0 && errno == EINTR { continue }; return }
                done += n
            }
        }
    }

    /// The signals a trap raises, by number, and their names.
    package static let trapSignals: [Int32: String] = [SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT",
                                                      SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE"]

    /// In a child: a trap signal exits at once with 128 + the signal, instead of running the
    /// runtime's backtracer (seconds per trap, and it can hold the pipes open).
    /// Whether forked children keep the runtime's backtracer (a trap then costs a fraction of a
    /// second): only for the one run whose report names the frame a trap happened in.
    nonisolated(unsafe) package static var keepBacktracer = false
    /// Called when a child cannot be started (no pipe, no fork: `ulimit -n`, `ulimit -u`): the
    /// environment's fault, never a trap of the checker (#54: reported as a crash at step 0 and
    /// saved). The command line sets it to end the run with exit 2 and one line; nil keeps the
    /// child's report.
    nonisolated(unsafe) package static var cannotStart: ((String) -> Void)?

    package static func exitFastOnTraps() {
        for s in trapSignals.keys { signal(s) { sig in _exit(128 + sig) } }
    }

    /// How a child's wait status reads: a trap signal, or its exit code 128 + one.
    package static func end(ofStatus status: Int32) -> End {
        let signalled = status & 0x7f
        if signalled == 0 {
            let code = (status >> 8) & 0xff
            if code > 128, let name = trapSignals[code - 128] { return .trapped(name) }
            return .exited(code)
        }
        return trapSignals[signalled].map { .trapped($0) } ?? .killed(signalName(signalled))
    }

    static func signalName(_ s: Int32) -> String {
        [SIGKILL: "SIGKILL", SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP", SIGPIPE: "SIGPIPE", SIGXFSZ: "SIGXFSZ",
         SIGXCPU: "SIGXCPU", SIGALRM: "SIGALRM", SIGUSR1: "SIGUSR1", SIGUSR2: "SIGUSR2", SIGQUIT: "SIGQUIT"][s] ?? "signal \(s)"
    }

    /// Runs `body` in a child and waits for it (up to `timeLimit` seconds, and up to
    /// `stallLimit` seconds in which it neither writes nor changes `progress`). `body` returns
    /// the child's exit status.
    package static func run(timeLimit: Double = 60, stallLimit: Double = 10, progress: @escaping () -> UInt64 = { 0 },
                            _ body: (Channel) -> Int32) -> Report {
        withoutActuallyEscaping(body) { body in
            runAll(timeLimit: timeLimit, stallLimit: stallLimit, [(progress, body)])[0]
        }
    }
}
