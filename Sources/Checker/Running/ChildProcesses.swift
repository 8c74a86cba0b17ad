import Foundation
import Synchronization

/// Every process this one started and has not yet reaped — the isolated worker, a `--wire`
/// program, `durability`'s saving child, `--against`'s build — in one table, so job control
/// and a hurried exit reach them all (#54: Ctrl-Z stopped the parent and `durability`'s saving
/// child saved on; each kind of child had had its own way, or none). A command that starts a
/// process adds it here; `RunClock.pauseAware`'s Ctrl-Z stops them before it stops this one
/// and resumes them on `fg`.
///
/// Read in signal handlers: plain memory, 64 slots, written under a lock and read without one
/// (an aligned `Int32` is read whole; a slot being written may be missed, never misread).
package enum ChildProcesses {
    package struct Kind: OptionSet, Sendable {
        package let rawValue: Int32
        package init(rawValue: Int32) { self.rawValue = rawValue }
        /// It leads a process group of its own: signals go to the group (what its shell started too).
        package static let group = Kind(rawValue: 1)
        /// It is this tool, pause-aware itself: Ctrl-Z reaches it as SIGTSTP, so it keeps the pause
        /// out of its own clock. Others are stopped with SIGSTOP, which no program can ignore.
        package static let pauseAware = Kind(rawValue: 2)
        /// It dies with this process (`endAll`): a program behind `--wire` must not outlive the run.
        package static let endsWithUs = Kind(rawValue: 4)
    }

    private static let slots = 64
    /// pid, kind and the pid of the process that added it, per slot (0: free). A forked copy of
    /// this process inherits the table; the owner keeps it from acting on its parent's children.
    nonisolated(unsafe) private static let table: UnsafeMutablePointer<Int32> = {
        let p = UnsafeMutablePointer<Int32>.allocate(capacity: 3 * slots)
        p.initialize(repeating: 0, count: 3 * slots)
        return p
    }()
    private static let lock = Mutex<Void>(())

    /// Made before any signal handler can read it (`RunClock.pauseAware` calls it).
    package static func prepare() { _ = table; _ = spawning.load(ordering: .relaxed) }

    /// How many threads are between starting a process and adding it: a Ctrl-Z then waits for
    /// them (a second at most), or the new child would run on through the pause.
    private static let spawning = Atomic<Int>(0)

    /// Starts a process with `start` (its pid, or nil when it could not) and adds it, with no
    /// moment in between when a Ctrl-Z could miss it: SIGTSTP is held in this thread meanwhile
    /// (the handler runs on another thread, which waits for the add, or here after it). A child
    /// inherits the held signal; this tool's own children let it go (`Interrupt.install`).
    package static func start(_ kind: Kind, _ start: () -> pid_t?) -> pid_t? {
        var hold = sigset_t(), before = sigset_t()
        sigemptyset(&hold)
        sigaddset(&hold, SIGTSTP)
        pthread_sigmask(SIG_BLOCK, &hold, &before)
        spawning.add(1, ordering: .sequentiallyConsistent)
        let pid = start()
        if let pid, pid > 0 { add(pid, kind) }
        spawning.subtract(1, ordering: .sequentiallyConsistent)
        pthread_sigmask(SIG_SETMASK, &before, nil)
        return pid
    }

    package static func add(_ pid: pid_t, _ kind: Kind) {
        lock.withLock { _ in
            for k in 0..<slots where table[3 * k] == 0 {
                table[3 * k + 1] = kind.rawValue
                table[3 * k + 2] = getpid()
                table[3 * k] = pid
                return
            }
        }
    }

    package static func remove(_ pid: pid_t) {
        lock.withLock { _ in
            for k in 0..<slots where table[3 * k] == pid { table[3 * k] = 0 }
        }
    }

    /// Sends a signal to every child of this process (async-signal-safe: `kill` and `getpid`
    /// alone); `kind` chooses which, `signal` which signal given its kind.
    private static func each(_ only: Kind?, _ signal: (Kind) -> Int32) {
        let me = getpid()
        for k in 0..<slots {
            let pid = table[3 * k]
            guard pid > 0, table[3 * k + 2] == me else { continue }
            let kind = Kind(rawValue: table[3 * k + 1])
            if let only, !kind.contains(only) { continue }
            kill(kind.contains(.group) ? -pid : pid, signal(kind))
        }
    }

    /// Ctrl-Z: each child stops (before this process does), a child being started included.
    package static func pauseAll() {
        var wait = timespec(tv_sec: 0, tv_nsec: 5_000_000)
        for _ in 0..<200 where spawning.load(ordering: .sequentiallyConsistent) > 0 { nanosleep(&wait, nil) }
        each(nil) { $0.contains(.pauseAware) ? SIGTSTP : SIGSTOP }
    }
    /// `fg`: each child goes on.
    package static func resumeAll() { each(nil) { _ in SIGCONT } }
    /// On the way out: the children that must not outlive this process are killed.
    package static func endAll() { each(.endsWithUs) { _ in SIGKILL } }
}
