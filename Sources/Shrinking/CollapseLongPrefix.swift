import Generators
/// For a sequence longer than any default run, or one that makes a large grid: a prefix
/// replaced by the restore of the state it leaves, longest prefix first — before anything is
/// deleted.
///
/// A large-grid sequence needs most of its 129+ new tabs, so deleting spans of it fails
/// candidate after candidate, each a run over a large grid (mutant 37 spent its 5 s on 600
/// of them at ~9 ms and stopped at 135–267 steps). The restore of the state before the steps
/// that matter stands for all of them in one step; what breaks a hidden structure (a chunk
/// split under a filter) is kept, as it comes after that state. The restores are made a
/// batch at a time, as they are offered (each costs a run of its prefix through the
/// reference), and the first prefix whose collapse still fails ends the pass. Runs once,
/// after `CollapseTail`; sequences of at most `Shrinker.longSequence` steps that make at most
/// `Shrinker.largeGrid` new tabs skip it and shrink exactly as without it. Needs `ShrinkState.collapse`. At most n candidates.
struct CollapseLongPrefix: ShrinkPass {
    let name = "collapse long prefix"
    let schedule = ShrinkSchedule.opening

    func run(_ state: ShrinkState) -> Bool {
        guard let collapse = state.collapse, Shrinker.isLarge(state.best) else { return false }
        let best = state.best
        var k = best.count - 1
        while k >= 2 && !state.stopped {
            var batch: [[Action]] = []
            while batch.count < max(1, state.width) && k >= 2 {
                if let restored = collapse(Array(best[..<k])), restored.count < k { batch.append(restored + best[k...]) }
                k -= 1
            }
            if state.attempt(batch) != nil { return true }
        }
        return false
    }
}
