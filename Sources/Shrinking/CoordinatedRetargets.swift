import Generators
/// One step deleted and up to two others aimed at another tab at once — anywhere in the
/// sequence, before the deleted step too.
///
/// `DeleteAndRenumber` re-aims one reference after the deleted step. Mutant 04 (a fly-away
/// completion that closes the tab now at the pending index) once shrank to `restore(t1, t2),
/// tapClose(0), move(0, 1), flyAwayFinished(t1)`: without the move, the close and its
/// completion must both aim at the other tab — `tapClose(1), flyAwayFinished(t2)` — two
/// changes, one of them before the deletion. At a local minimum of at most 6 steps only.
struct CoordinatedRetargets: ShrinkPass {
    let name = "coordinated retargets"
    let schedule = ShrinkSchedule.atLocalMinimum

    func run(_ state: ShrinkState) -> Bool {
        let best = state.best
        guard (2...6).contains(best.count) else { return false }
        let tabs = DeleteAndRenumber.tabsMade(by: best)
        var candidates: [[Action]] = []
        for k in best.indices.reversed() {
            var base = best
            base.remove(at: k)
            let options = base.map { $0.retargeted(maxIndex: tabs, maxID: tabs) }
            for i in base.indices where !options[i].isEmpty {
                for a in options[i] {
                    var one = base
                    one[i] = a
                    if i < k { candidates.append(one) }   // later single re-aims are DeleteAndRenumber's
                    for j in (i + 1)..<base.count where !options[j].isEmpty {
                        for b in options[j] {
                            var two = one
                            two[j] = b
                            candidates.append(two)
                        }
                    }
                }
            }
        }
        return state.attempt(candidates) != nil
    }
}
