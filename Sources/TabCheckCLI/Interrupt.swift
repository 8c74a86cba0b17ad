import Foundation
import Synchronization

/// The signal that asked the run to stop (SIGINT: Ctrl-C, SIGTERM: a CI timeout or cancel), 0
/// while none has. Written by the signal handler, read by the campaign and the shrinker.
let interruptSignal = Atomic<Int32>(0)

/// SIGINT and SIGTERM stop a campaign or a shrink at the next candidate instead of killing
/// the process, so the failure found so far is saved and printed. A second signal kills at
/// once (the handler puts the default back).
enum Interrupt {
    static func install() {
        // A parent may have started us with these signals blocked (a child inherits the mask
        // of the thread that spawned it, and Dispatch's worker threads block them): unblock
        // them, or Ctrl-C and a CI cancel would never reach the handler.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for s in [SIGINT, SIGTERM] {
            signal(s) { sig in
                interruptSignal.store(sig, ordering: .relaxed)
                signal(sig, SIG_DFL)
            }
        }
    }

    /// In a supervised child (Supervisor.swift): the parent's pid. When the parent is gone
    /// (killed with SIGKILL, which it cannot pass on), the child ends too, at the next
    /// question — as an unsupervised run would have ended with it.
    nonisolated(unsafe) static var parent: pid_t = 0

    static var requested: Bool {
        if parent != 0 && getppid() != parent { _exit(128 + SIGKILL) }
        return interruptSignal.load(ordering: .relaxed) != 0
    }

    static var name: String {
        switch interruptSignal.load(ordering: .relaxed) {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        default: return "a signal"
        }
    }
}
