import Generators
/// A prefix of two or more steps replaced by the one step that recreates its state.
///
/// `newTab ×3, select(1)` becomes one restore of a three-tab session with the second active,
/// longest prefix first: length is what minimal means, and a restore is one step (exhaustive
/// search found a 2-step form of mutant 12, whose shrinks ended at 3–9 steps). Also the
/// first steps kept (a view that must have appeared first), then the state before the last
/// step restored, then the last step — or not, when the failing step is itself a change of
/// state the restore can stand for (mutants 19 and 23 needed this). Last, the whole sequence
/// collapsed, alone, with one of its steps after it, or after its first steps kept. Needs `ShrinkState.collapse`; at a local minimum of more
/// than two steps only.
struct CollapsePrefix: ShrinkPass {
    let name = "collapse prefix"
    let schedule = ShrinkSchedule.atLocalMinimum

    func run(_ state: ShrinkState) -> Bool {
        let best = state.best
        guard let collapse = state.collapse, best.count > 2 else { return false }
        var candidates = stride(from: best.count - 1, through: 2, by: -1).compactMap { k -> [Action]? in
            guard let restored = collapse(Array(best[..<k])), restored.count < k else { return nil }
            return restored + best[k...]
        }
        let n = best.count
        if let before = collapse(Array(best[..<(n - 1)])) {
            for i in 1..<(n - 1) {
                let kept = Array(best[..<i])
                for c in [kept + before + [best[n - 1]], kept + before] where c.count < n { candidates.append(c) }
            }
        }
        // The whole sequence too (decisions.md, Shrinking): the state it ends in, restored, alone or followed
        // by one of its steps — `newTab, setQuery("\r"), setTitle(t1, "\r\n")` fails at its
        // last step, yet the restore of a tab titled "\r\n" and the query reach the failure in
        // two, which no proper prefix gives.
        if let whole = collapse(best), whole.count < n {
            candidates.append(whole)
            for i in best.indices.reversed() where whole.count + 1 < n { candidates.append(whole + [best[i]]) }
            for i in 1..<(n - 1) where i + whole.count < n { candidates.append(Array(best[..<i]) + whole) }
        }
        return state.attempt(candidates) != nil
    }
}
