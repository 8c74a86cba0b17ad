import Generators
/// Spans of steps deleted, large to small, from the end (later steps depend on earlier ones).
///
/// The basic delta-debugging pass: half the sequence, then quarters, … then single steps.
/// O(n log n) candidates per round.
struct DeleteSpans: ShrinkPass {
    let name = "delete spans"
    let schedule = ShrinkSchedule.everyRound

    func run(_ state: ShrinkState) -> Bool {
        var accepted = false
        var size = state.best.count / 2
        while size >= 1 && !state.stopped {
            var start = state.best.count - size
            while start >= 0 && !state.stopped {
                let starts = Array(stride(from: start, through: max(0, start - state.width + 1), by: -1))
                if let s = state.removeWindow(size: size, starts: starts) {
                    accepted = true
                    start = min(s, state.best.count - size)
                } else {
                    start -= starts.count
                }
            }
            size /= 2
        }
        return accepted
    }
}
