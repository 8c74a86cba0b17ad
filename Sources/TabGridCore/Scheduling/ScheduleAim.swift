/// Which job a pick ran, told apart by its lineage: the step whose event (or model's making,
/// −1) enqueued the first job of its line and that job's place among the step's first jobs,
/// then which child of its parent each job down the line is (a task's next job, an actor hop, a
/// sleep's wake-up are children of the job that enqueued them). A pick counts among the ready
/// jobs (`JobQueue.run(pick:)`), so the same pick names another job once an earlier step is
/// gone; the lineage stays when the shrinker deletes a step (and renumbers the ones after it),
/// whichever step the parent ran in.
package struct JobBirth: Hashable, Sendable, CustomStringConvertible {
    package let step: Int
    /// The first job's place among its step's first jobs, then each child's among its parent's.
    package let path: [Int]
    /// Whether it is a sleep's wake-up (a timer): what stands in for it when it is gone.
    package let timer: Bool
    package init(step: Int, path: [Int], timer: Bool = false) {
        self.step = step
        self.path = path
        self.timer = timer
    }
    /// The same job with its line's step renumbered.
    package func at(step: Int) -> JobBirth { JobBirth(step: step, path: path, timer: timer) }
    package var description: String { "\(step):\(path.map(String.init).joined(separator: "."))" }
}

/// A run with its schedule aimed at jobs rather than places, for the shrinker
/// (`ReaimSchedule`): set for one run on the thread that runs it (`with(_:)`), read by the
/// `ScheduledDriver` that thread makes. Each `runJobs` step whose index is in `aims` runs those
/// jobs, in order, where they are ready (a job that is gone or not due is skipped) instead of its
/// picks; every `runJobs` step records the jobs it ran and their places, so the shrinker can
/// write the candidate back with picks that replay it. A campaign never sets one: a run without
/// it reads one thread-specific value per model, no more.
package final class ScheduleAim: @unchecked Sendable {
    /// By step index: the jobs a `runJobs` step is to run.
    package let aims: [Int: [JobBirth]]
    /// By step index: the jobs each `runJobs` step ran, in order.
    package private(set) var ran: [Int: [JobBirth]] = [:]
    /// By step index: the places (among the ready jobs, oldest first) of the jobs each ran.
    package private(set) var picks: [Int: [Int]] = [:]

    package init(aims: [Int: [JobBirth]] = [:]) { self.aims = aims }

    /// Timers that ran in place of aimed ones that were gone (`JobQueue.runStandIn`): the jobs
    /// down an aimed timer's line are aimed down its stand-in's.
    private var standIns: [(aimed: JobBirth, standIn: JobBirth)] = []

    func stand(_ standIn: JobBirth, for aimed: JobBirth) { standIns.append((aimed, standIn)) }

    /// `birth`, or the same place down the line of the job that stood in for its ancestor.
    func following(_ birth: JobBirth) -> JobBirth {
        for (aimed, standIn) in standIns.reversed()
        where aimed.step == birth.step && birth.path.count > aimed.path.count && birth.path.starts(with: aimed.path) {
            return JobBirth(step: standIn.step, path: standIn.path + birth.path.dropFirst(aimed.path.count), timer: birth.timer)
        }
        return birth
    }

    func record(step: Int, ran births: [JobBirth], picks places: [Int]) {
        ran[step] = births
        picks[step] = places
    }

    /// Runs `body` with this aim as the thread's.
    package func with<R>(_ body: () throws -> R) rethrows -> R { try Self.slot.with(self, body) }

    /// The aim of the run on this thread, if any.
    static var current: ScheduleAim? { slot.current }
    private static let slot = ThreadSlot<ScheduleAim>()
}
