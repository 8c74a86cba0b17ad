import Generators
import Shrinking
import TabGridCore

extension Campaign {
    /// How the shrinker runs a candidate with its schedule aimed at jobs (`ReaimSchedule`):
    /// in this process, on the shrinking thread, with a `ScheduleAim` the model's
    /// `ScheduledDriver` reads. Nil unless the model's work is scheduled (appLifecycle), both
    /// drivers run here and candidates are not isolated — a candidate forked into a child could
    /// not hand back what its jobs were.
    package static func aiming(_ runner: Runner, isolated: Bool, same: @escaping @Sendable (Runner.Outcome) -> Bool) -> ScheduleAiming? {
        guard !isolated, !runner.hasRemote, runner.capabilities.contains(.appLifecycle) else { return nil }
        return ScheduleAiming { actions, aims in
            let aim = ScheduleAim(aims: aims)
            let out = aim.with { runner.run(.actions(actions), collectCoverage: false) }
            // The steps as they ran (`executed`: to a failure), each step of jobs with the places it ran.
            let ranAs = out.executed.enumerated().map { k, a -> Action in
                if case .runJobs = a, let picks = aim.picks[k] { return .runJobs(picks) }
                return a
            }
            return .init(fails: same(out), ranAs: ranAs, ran: aim.ran)
        }
    }
}
