import Generators
import TabGridCore

/// What the shrinker asks of the checker to keep a schedule's jobs when a step goes
/// (`ReaimSchedule`): a run of a candidate whose `runJobs` steps run the jobs named in `aims`
/// (by step index, each job by its birth) rather than their picks. Only for a model whose work
/// is scheduled (GridCapability.appLifecycle) and run in this process; nil otherwise, and the
/// pass does nothing.
package struct ScheduleAiming: Sendable {
    /// The run's verdict and what it did.
    package struct Run: Sendable {
        /// Whether it failed the same way.
        package let fails: Bool
        /// The sequence as it ran (to the failing step, if any), each `runJobs` step with the
        /// picks that replay it without the aim.
        package let ranAs: [Action]
        /// By step index: the jobs each `runJobs` step ran, in order.
        package let ran: [Int: [JobBirth]]
        package init(fails: Bool, ranAs: [Action], ran: [Int: [JobBirth]]) {
            self.fails = fails
            self.ranAs = ranAs
            self.ran = ran
        }
    }

    package let run: @Sendable ([Action], [Int: [JobBirth]]) -> Run
    package init(run: @escaping @Sendable ([Action], [Int: [JobBirth]]) -> Run) { self.run = run }
}
