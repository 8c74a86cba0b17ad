import Foundation
import Synchronization

/// Monotonic seconds, for time limits and rates only — never for generation — less the time
/// the process spent stopped by job control (#54's fifth audit: a campaign paused by Ctrl-Z
/// for 5 s of its `--time-limit 6` ended at once on `fg`, its figures counting the pause; a
/// pause longer than the grace could end a run with "one step was still running").
package enum RunClock {
    /// Nanoseconds spent stopped by a SIGTSTP so far.
    private static let pausedNanos = Atomic<UInt64>(0)

    package static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds &- pausedNanos.load(ordering: .relaxed)) / 1e9
    }

    /// Ctrl-Z (SIGTSTP) stops this process as it would by default — with SIGSTOP, which the
    /// shell sees as a stopped job — and on `fg` (SIGCONT) the time it stood still is added to
    /// the pause, so deadlines and rates go on where they were. The children in
    /// `ChildProcesses` stop first and go on after. (A SIGSTOP sent directly cannot be caught:
    /// that pause counts, and the children run on.)
    package static func pauseAware() {
        _ = pausedNanos.load(ordering: .relaxed)   // made here, never first in a signal handler
        ChildProcesses.prepare()
        signal(SIGTSTP) { _ in
            let before = RunClock.monotonicNanos()
            ChildProcesses.pauseAll()   // every process this one started stops with it (#54)
            let alarmLeft = alarm(0)     // a forked sandbox's self-limit does not count the pause either
            raise(SIGSTOP)   // returns on SIGCONT
            if alarmLeft > 0 { alarm(alarmLeft) }
            ChildProcesses.resumeAll()
            let after = RunClock.monotonicNanos()
            if after > before { RunClock.pausedNanos.add(after - before, ordering: .relaxed) }
        }
    }

    /// `CLOCK_MONOTONIC` in nanoseconds (async-signal-safe).
    private static func monotonicNanos() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}
