import Generators
/// One step moved across any number of others, then a prefix collapsed into a restore: a
/// move alone is no smaller, so it is only offered together with the collapse it enables.
///
/// `SortNeighbours` swaps only neighbours, and only toward kind order; a step that has to
/// travel past several others — or against kind order — to join the prefix a restore can
/// stand for stayed where it was, one step above the minimum (decisions.md, Shrinking: `newTab,
/// setQuery("\r"), setTitle(t1, "\r\n")` needs the title change moved before the query).
/// At a local minimum of 3…8 steps only, after `CollapsePrefix`: O(n³) collapses.
struct MoveAndCollapse: ShrinkPass {
    let name = "move and collapse"
    let schedule = ShrinkSchedule.atLocalMinimum

    func run(_ state: ShrinkState) -> Bool {
        let best = state.best
        let n = best.count
        guard let collapse = state.collapse, (3...8).contains(n) else { return false }
        var candidates: [[Action]] = []
        for i in best.indices.reversed() {
            for j in best.indices where j != i {
                var moved = best
                moved.insert(moved.remove(at: i), at: j)
                // Only prefixes that reach the moved part: shorter ones are `CollapsePrefix`'s
                // own candidates with the tail reordered.
                for k in stride(from: n, through: max(2, min(i, j) + 1), by: -1) {
                    guard let restored = collapse(Array(moved[..<k])), restored.count < k else { continue }
                    let c = restored + moved[k...]
                    if c.count < n && !candidates.contains(c) { candidates.append(c) }
                }
            }
        }
        return state.attempt(candidates) != nil
    }
}
