import Checker
import Foundation
import Synchronization

/// The signal that asked the run to stop (SIGINT: Ctrl-C, SIGTERM: a CI timeout or cancel), 0
/// while none has. Written by the signal handler, read by the campaign and the shrinker.
let interruptSignal = Atomic<Int32>(0)

/// Whether a failure has been printed and saved (a second signal then exits 1, not 128 + n).
let failureReported = Atomic<Bool>(false)

/// When the first signal came (CLOCK_MONOTONIC, ns): one sent to the process group and to the
/// process both (`timeout -s INT` does), or forwarded twice by the supervisor, arrives twice
/// within microseconds and is one request, not a second one (#54: the run then ended at once,
/// with no --json, when it had asked to stop at the next step).
let firstSignalAt = Atomic<Int64>(0)

/// SIGINT, SIGTERM and SIGHUP (a closed terminal) stop a campaign or a shrink at the next
/// candidate instead of killing the process, so the failure found so far is saved and printed.
/// A second signal ends the process at once, with a line: exit 130 before any failure, exit 1
/// after one — the failure was saved before shrinking began, and 130 would say there was none (decisions.md, Command line and inputs).
package enum Interrupt {
    /// The signals that stop a run: SIGINT, SIGTERM, and SIGHUP unless it was ignored when
    /// tabcheck started.
    package static let stopping: [Int32] = {
        var hup = sigaction()
        sigaction(SIGHUP, nil, &hup)
        let ignored = unsafeBitCast(hup.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
        return [SIGINT, SIGTERM] + (ignored ? [] : [SIGHUP])
    }()

    package static func install() {
        // A parent may have started us with these signals blocked (a child inherits the mask
        // of the thread that spawned it, and Dispatch's worker threads block them): unblock
        // them, or Ctrl-C and a CI cancel would never reach the handler.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGHUP)
        sigaddset(&set, SIGTSTP)   // held while a parent started us (ChildProcesses.start)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        // SIGHUP ignored at the start (nohup, a service manager) stays ignored: that is a
        // request to outlive the terminal.
        _ = watchdog   // made here, never first in a signal handler
        RunClock.pauseAware()   // Ctrl-Z's pause is not the run's time; children stop with us (ChildProcesses)
        for s in stopping {
            signal(s) { sig in
                var ts = timespec()
                clock_gettime(CLOCK_MONOTONIC, &ts)   // async-signal-safe
                let now = Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
                guard interruptSignal.load(ordering: .relaxed) == 0 else {
                    // The same delivery twice (within 50 ms: no one presses Ctrl-C so fast) is the first's.
                    if now - firstSignalAt.load(ordering: .relaxed) < 50_000_000 { return }
                    // The second: at once, with a line and the exit code that says what happened
                    // (decisions.md, Command line and inputs: it was 128 + n, 137 through the supervisor, and silent). Only
                    // async-signal-safe calls here (write, _exit).
                    let found = failureReported.load(ordering: .relaxed)
                    let line = found ? "\(Console.program): stopped at once by a second signal; the failure above was saved before shrinking began\n"
                        : "\(Console.program): stopped at once by a second signal, before any failure was found (exit 130)\n"
                    line.utf8CString.withUnsafeBufferPointer { _ = write(2, $0.baseAddress, $0.count - 1) }
                    WireConnection.endAll()   // programs behind --wire go with us
                    _exit(found ? 1 : 130)
                }
                firstSignalAt.store(now, ordering: .relaxed)
                interruptSignal.store(sig, ordering: .relaxed)
                sem_post(Interrupt.watchdog)   // async-signal-safe: wakes the watchdog
            }
        }
        Thread.detachNewThread { Interrupt.watch() }
    }

    /// How long a run may take to stop after the first signal: it stops at the next step or
    /// candidate, which is at once unless one step runs long (a replay of 1,000 tabs with
    /// 4,096-scalar titles: one query took 95 s, #54).
    package static let grace = 5.0

    /// Woken by the first signal: when the run has not ended `grace` seconds later, it ends
    /// here — with a line and the exit code a second signal gives. A failure found before was
    /// saved then (the original before shrinking), so what is lost is the step in progress.
    nonisolated(unsafe) static let watchdog: UnsafeMutablePointer<sem_t> = {
        let s = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
        sem_init(s, 0, 0)
        return s
    }()

    static func watch() {
        while sem_wait(watchdog) != 0 {}
        usleep(useconds_t(grace * 1_000_000))
        let found = failureReported.load(ordering: .relaxed)
        if !found { lastWords?() }   // --json's summary of an interrupted run, as a run that stopped in time writes it
        Console.error("\(Console.program): the run had not stopped \(Int(grace)) s after \(name) (one step was still running: a slow model or a large replay); "
                      + (found ? "the failure above was saved before shrinking began (exit 1)\n" : "stopped, before any failure was found (exit 130)\n"))
        WireConnection.endAll()
        _exit(found ? 1 : 130)
    }

    /// What the watchdog writes before it ends a run that did not stop in time with no failure
    /// found: `--json`'s summary, "interrupted", with the sequences and steps finished so far
    /// (#54: a slow model interrupted ended with no JSON, and CI's parser with it).
    nonisolated(unsafe) package static var lastWords: (() -> Void)?

    /// In a supervised child (Supervisor.swift): the parent's pid. When the parent is gone
    /// (killed with SIGKILL, which it cannot pass on), the child ends too, at the next
    /// question — as an unsupervised run would have ended with it.
    nonisolated(unsafe) static var parent: pid_t = 0

    package static var requested: Bool {
        if parent != 0 && getppid() != parent { WireConnection.endAll(); _exit(128 + SIGKILL) }
        return interruptSignal.load(ordering: .relaxed) != 0
    }

    package static var name: String {
        switch interruptSignal.load(ordering: .relaxed) {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        case SIGHUP: return "SIGHUP"
        default: return "a signal"
        }
    }
}
