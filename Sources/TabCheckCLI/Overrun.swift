import Checker
import Foundation
import Synchronization

/// The run's budget held even while one step runs (#54). A campaign asks for `--time-limit`
/// between steps, and a shrink for its time cap between candidates, so one step of a slow model
/// (a query of 30 s) outran them both — a 2-s campaign ran 30 s. A step is never cut short
/// (the model's state would mean nothing after it), so when the budget plus `Interrupt.grace`
/// has passed and the step is still running, the run ends here, as the watchdog of a signal
/// ends it: one line saying what ran long, exit 2 before any failure ("the environment
/// stopped the run": nothing was judged after the steps before it), exit 1 after one (it
/// was saved before shrinking began).
package enum Overrun {
    /// RunClock seconds by which the run must have ended (`Double.infinity`: no limit).
    private static let deadline = Atomic<UInt64>(Double.infinity.bitPattern)
    private static let budget = Mutex<String>("")
    private static let watching = Atomic<Bool>(false)
    /// The grace of the last limit, in whole seconds (for the line).
    private static let graceSeconds = Atomic<Int>(Int(Interrupt.grace))

    /// From now on the run ends `seconds` + grace from now, its budget named `what`
    /// ("--time-limit 2 s"); nil: no limit from here.
    /// `remote`: a driver runs in another process, whose wait is bounded by its own timeout and
    /// then is the step's crash, saved (#54's fifth audit: a `--wire` model that hung under
    /// `--time-limit 5` ended here, exit 2, 0.3 s before its wait would have named the hang).
    package static func limit(_ seconds: Double?, what: String, remote: Bool = false) {
        guard let seconds, seconds.isFinite else {
            deadline.store(Double.infinity.bitPattern, ordering: .relaxed)
            WireConnection.budgetEnds.store(Double.infinity.bitPattern, ordering: .relaxed)
            return
        }
        WireConnection.budgetEnds.store((RunClock.now() + seconds).bitPattern, ordering: .relaxed)
        budget.withLock { $0 = what }
        let grace = Interrupt.grace + (remote ? WireConnection.timeout : 0)
        graceSeconds.store(Int(grace), ordering: .relaxed)
        deadline.store((RunClock.now() + seconds + grace).bitPattern, ordering: .relaxed)
        if !watching.exchange(true, ordering: .relaxed) { Thread.detachNewThread { watch() } }
    }

    /// Four times a second: cheap, and a run ends within a quarter of a second of its limit.
    private static func watch() {
        while true {
            usleep(250_000)
            let end = Double(bitPattern: deadline.load(ordering: .relaxed))
            guard RunClock.now() > end else { continue }
            // Once more a moment later: a process resumed from Ctrl-Z adds its pause to the clock in
            // the handler's thread, which may run just after this one wakes.
            usleep(100_000)
            guard RunClock.now() > Double(bitPattern: deadline.load(ordering: .relaxed)) else { continue }
            let what = budget.withLock { $0 }
            let found = failureReported.load(ordering: .relaxed)
            Console.error("\(Console.program): one step of the model was still running \(graceSeconds.load(ordering: .relaxed)) s after \(what) ran out "
                          + "(a step is never cut short: a slow model); stopped there — "
                          + (found ? "the failure above was saved before shrinking began (exit 1)\n"
                                   : "nothing was judged after the steps before it (exit 2)\n"))
            WireConnection.endAll()
            _exit(found ? 1 : 2)
        }
    }
}
