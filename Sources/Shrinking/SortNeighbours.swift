import Generators
/// Adjacent steps put in kind order where the swap still fails.
///
/// The order `Action` declares its kinds (newTab before setQuery); within a kind, by their
/// text (swipeBegan(0) before swipeBegan(1)). Seeds that found the same steps in another
/// order then end on one sequence: a canonical final, not two equally short ones.
struct SortNeighbours: ShrinkPass {
    let name = "sort neighbours"
    let schedule = ShrinkSchedule.everyRound

    func run(_ state: ShrinkState) -> Bool {
        var accepted = false
        var j = 0
        while j + 1 < state.best.count && !state.stopped {
            let (x, y) = (state.best[j], state.best[j + 1])
            if x.kind.order > y.kind.order || (x.kind.order == y.kind.order && y.description < x.description) {
                var c = state.best
                c.swapAt(j, j + 1)
                if state.attempt([c]) != nil { accepted = true; j = max(0, j - 1); continue }
            }
            j += 1
        }
        return accepted
    }
}
