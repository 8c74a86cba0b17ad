import Generators
/// The state before the last one, two or three steps, restored in one step, then those steps.
///
/// Most failures need a state and one action, so a long sequence usually becomes two or three
/// actions at the first candidates, and the passes after it work on those instead of on the
/// whole sequence (mutant 12's shrinks ended at 3–9 steps before it). Runs once, first. Needs `ShrinkState.collapse`. O(1) candidates.
struct CollapseTail: ShrinkPass {
    let name = "collapse tail"
    let schedule = ShrinkSchedule.opening

    func run(_ state: ShrinkState) -> Bool {
        guard let collapse = state.collapse else { return false }
        let best = state.best
        let candidates = (1...3).compactMap { k -> [Action]? in
            guard k < best.count, let restored = collapse(Array(best[..<(best.count - k)])), restored.count + k < best.count else { return nil }
            return restored + best[(best.count - k)...]
        }
        return state.attempt(candidates) != nil
    }
}
