@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's main and default executors, replaced by ones that hand every job enqueued
/// from a thread that is driving a model (`JobQueue.current`) to that model's queue, and every
/// other job to the platform's own executors, unchanged. Installed once, the first time a
/// `@MainActor` driver is made (`JobQueue.init`): a process with only synchronous drivers never
/// installs them. docs/decisions.md, "Async models: whose executor runs a model's jobs", says
/// why this and not task executor preference or the runtime's enqueue hooks.
enum HeldExecutors {
    /// The platform's executors, as they were before ours: every job no model holds goes there.
    nonisolated(unsafe) static var platformMain: (any MainExecutor)?
    nonisolated(unsafe) static var platformDefault: (any TaskExecutor)?
    static let main = HeldMainExecutor()
    static let task = HeldTaskExecutor()

    /// Installs the executors once (a lock: two campaign threads may make their first drivers together).
    static func install() {
        pthread_mutex_lock(&installLock.mutex)
        defer { pthread_mutex_unlock(&installLock.mutex) }
        guard !installed else { return }
        platformMain = MainActor.executor
        platformDefault = Task.defaultExecutor
        _createExecutors(factory: HeldExecutorFactory.self)
        installed = true
    }
    nonisolated(unsafe) private static var installed = false
    private static let installLock = Mutex()
}

/// A pthread mutex in a class (its address must not move).
final class Mutex: @unchecked Sendable {
    var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
}

enum HeldExecutorFactory: ExecutorFactory {
    static var mainExecutor: any MainExecutor { HeldExecutors.main }
    static var defaultExecutor: any TaskExecutor { HeldExecutors.task }
}

/// The main actor's executor. On a thread driving a model, the main actor is that thread's: its
/// jobs are held in the model's queue and run there when the schedule says, and the thread counts
/// as isolated to the main actor (so `MainActor.assumeIsolated` holds for the driver's calls).
final class HeldMainExecutor: MainExecutor, @unchecked Sendable {
    func run() throws { try HeldExecutors.platformMain?.run() }
    func stop() { HeldExecutors.platformMain?.stop() }
    func enqueue(_ job: consuming ExecutorJob) {
        if let queue = JobQueue.current { queue.hold(UnownedJob(job), main: true, afterMilliseconds: 0) }
        else { HeldExecutors.platformMain!.enqueue(job) }
    }
    var isMainExecutor: Bool { true }
    func checkIsolated() {
        if JobQueue.current == nil { HeldExecutors.platformMain!.checkIsolated() }
    }
    func isIsolatingCurrentContext() -> Bool? {
        JobQueue.current != nil ? true : HeldExecutors.platformMain!.isIsolatingCurrentContext()
    }
}

/// The default executor: unstructured and detached tasks, default actors' work, and the sleeps
/// of `Task.sleep` (a job due after a delay: held with its due time on the queue's test clock).
final class HeldTaskExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
    func enqueue(_ job: consuming ExecutorJob) {
        if let queue = JobQueue.current { queue.hold(UnownedJob(job), main: false, afterMilliseconds: 0) }
        else { HeldExecutors.platformDefault!.enqueue(job) }
    }
    var asSchedulingExecutor: (any SchedulingExecutor)? { self }
    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        if let queue = JobQueue.current {
            queue.hold(UnownedJob(job), main: false, afterMilliseconds: Self.milliseconds(delay))
        } else if let platform = HeldExecutors.platformDefault as? any SchedulingExecutor {
            platform.enqueue(job, after: delay, tolerance: tolerance, clock: clock)
        } else {
            HeldExecutors.platformDefault!.enqueue(job)
        }
    }
    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        if let queue = JobQueue.current {
            // `Task.sleep(for:)` arrives here with an instant on a real clock: only the delay
            // from now counts, rounded to whole milliseconds (the microseconds between the
            // sleep's reading of the clock and this one are not the model's).
            queue.hold(UnownedJob(job), main: false, afterMilliseconds: Self.milliseconds(clock.now.duration(to: instant)))
        } else if let platform = HeldExecutors.platformDefault as? any SchedulingExecutor {
            platform.enqueue(job, at: instant, tolerance: tolerance, clock: clock)
        } else {
            HeldExecutors.platformDefault!.enqueue(job)
        }
    }

    /// A clock's duration in whole milliseconds, rounded to the nearest (0 for a clock whose
    /// durations are not `Swift.Duration`, and for any negative delay).
    static func milliseconds<D>(_ d: D) -> Int64 {
        guard let d = d as? Duration else { return 0 }
        let (seconds, attoseconds) = d.components
        guard seconds >= 0 else { return 0 }
        let (ms, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        if overflow { return Int64.max / 2 }
        return ms + (attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000
    }
}
