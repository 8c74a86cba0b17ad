import Foundation

/// A task executor that runs every job on a thread of its own. Swift Testing's exit tests
/// read the child's pipes with blocking reads in child tasks; on the shared cooperative pool
/// (as wide as the machine has cores) each campaign in a fresh process would hold one or
/// two of its threads for the whole campaign, and on a two-core machine stop every other
/// test until it ends. Run under this executor's preference (`withTaskExecutorPreference`),
/// those tasks block threads made for them instead. Jobs are few (a handful per campaign),
/// so a thread each costs nothing measurable.
final class ThreadPerJobExecutor: TaskExecutor {
    static let shared = ThreadPerJobExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread.detachNewThread { job.runSynchronously(on: executor) }
    }
}
