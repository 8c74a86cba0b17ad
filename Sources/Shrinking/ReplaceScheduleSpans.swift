import Generators
/// Two or three steps, one of them of the schedule or the app's life, become one such step:
/// `settle ⏵ relaunch` → `background` (both leave the session saved), `runJobs([1]) ⏵
/// advanceClock(5000) ⏵ runJobs([0])` → `settle`. A shrink that changes kind, which no
/// single step's variants reach: its steps stand for another, shorter way to the same state.
///
/// The async catalogue's delete-before-write mutant ended on 20 sequences over 20 seeds, 6 to
/// 9 steps, half of them flushing by a settle and a relaunch where the shortest goes to the
/// background. At a local minimum, and only for spans with a schedule step (a synchronous
/// driver's sequences have none): at most 5 candidates per span, two spans per position.
struct ReplaceScheduleSpans: ShrinkPass {
    let name = "replace schedule spans"
    let schedule = ShrinkSchedule.atLocalMinimum

    /// The replacements, plainest first: the simplest step of each schedule kind.
    static let replacements = Action.simplestOfEachKind.filter { Capability.needed(by: $0.kind) == .appLifecycle }

    func run(_ state: ShrinkState) -> Bool {
        var accepted = false
        for size in [3, 2] {
            var start = state.best.count - size
            while start >= 0 && !state.stopped {
                let span = state.best[start..<(start + size)]
                if span.contains(where: { Capability.needed(by: $0.kind) == .appLifecycle }) {
                    let candidates = Self.replacements.map { r -> [Action] in
                        var c = state.best
                        c.replaceSubrange(start..<(start + size), with: [r])
                        return c
                    }
                    if state.attempt(candidates) != nil {
                        accepted = true
                        start = min(start, state.best.count - size)
                        continue
                    }
                }
                start -= 1
            }
        }
        return accepted
    }
}
