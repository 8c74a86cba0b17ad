import Generators
/// Two schedule steps side by side become one: `runJobs(a) ⏵ runJobs(b)` → `runJobs(a + b)`,
/// two clock steps → one of their sum, a step of jobs or of the clock followed by `settle` →
/// `settle` (which runs every job and moves the clock as far as they need).
///
/// Nothing runs between two schedule steps but the checker's look at the grid, so the merged
/// step runs the same jobs in the same order; the async catalogue's finals held
/// `runJobs([0, 0]) ⏵ runJobs([0])` one step longer than their shortest before it. Schedule
/// steps only (GridCapability.appLifecycle): a synchronous driver's sequences have none and pay
/// nothing. Every round: one candidate per adjacent pair at most.
struct MergeScheduleSteps: ShrinkPass {
    let name = "merge schedule steps"
    let schedule = ShrinkSchedule.everyRound

    func run(_ state: ShrinkState) -> Bool {
        var accepted = false
        var j = 0
        while j + 1 < state.best.count && !state.stopped {
            if let merged = Self.merge(state.best[j], state.best[j + 1]) {
                var c = state.best
                c.replaceSubrange(j...(j + 1), with: [merged])
                if state.attempt([c]) != nil { accepted = true; continue }
            }
            j += 1
        }
        return accepted
    }

    static func merge(_ x: Action, _ y: Action) -> Action? {
        switch (x, y) {
        case let (.runJobs(a), .runJobs(b)): return .runJobs(a + b)
        case let (.advanceClock(a), .advanceClock(b)):
            let (sum, overflow) = max(0, a).addingReportingOverflow(max(0, b))
            return .advanceClock(milliseconds: overflow ? .max : sum)
        case (.runJobs, .settle), (.advanceClock, .settle): return .settle
        default: return nil
        }
    }
}
