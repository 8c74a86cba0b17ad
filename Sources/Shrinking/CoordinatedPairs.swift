import Generators
/// Two changes at once that neither makes alone: one step deleted and another simplified
/// (its three plainest variants, or the plainest step of one of the two plainest kinds before
/// its own), and a save with the restore that reads it replaced by a restore of what it saved.
///
/// Every other pass makes one change per candidate, and a local minimum of single changes can
/// still be one step too long when a deletion only fails together with a plainer neighbour,
/// or a save only goes together with its restore. A plainer *kind* came with the value classes (decisions.md, Generation and values): mutant 32
/// ended at `newTab, save ×4, closeDisplayed(0), save ×3` on three seeds, where deleting the
/// first step and making the close a new tab gives the 8 steps of every other seed. At a local
/// minimum of at most 10 steps only: O(n²) candidates.
struct CoordinatedPairs: ShrinkPass {
    let name = "coordinated pairs"
    let schedule = ShrinkSchedule.atLocalMinimum

    func run(_ state: ShrinkState) -> Bool {
        let best = state.best
        guard best.count <= 10 else { return false }
        var candidates: [[Action]] = []
        for k in best.indices.reversed() {
            var base = best
            base.remove(at: k)
            candidates += base.withOneStepPlainer()
            for j in base.indices {
                for plain in Action.simplestOfEachKind.lazy.filter({ $0.kind.order < base[j].kind.order }).prefix(2) {
                    var c = base
                    c[j] = plain
                    candidates.append(c)
                }
            }
        }
        if let collapse = state.collapse {
            for j in best.indices where best[j] == .restoreSaved {
                guard let i = best[..<j].lastIndex(of: .save), let restored = collapse(Array(best[..<i])),
                      case .restoreData? = restored.first else { continue }
                var c = best
                c[j] = restored[0]
                c.remove(at: i)
                candidates.append(c)
            }
        }
        return state.attempt(candidates) != nil
    }
}
