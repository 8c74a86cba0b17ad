import Generators
/// A restored session made smaller (one tab, or half of them, gone, with the later indices
/// shifted) together with one other step made plainer: two changes that fail only together.
///
/// `ShrinkSessions` removes tabs one change at a time and `CoordinatedPairs` pairs a deletion
/// with a plainer step, so a failure that needs a shorter session *and* a different later
/// step (decisions.md, Shrinking: a 128–129-tab restore, where the chunk boundary moves with the session's
/// size and the step that crosses it must follow) stopped one step of simplification short.
/// At a local minimum of at most 8 steps; at most 64 removals per session, each with the
/// three plainest variants of every other step.
struct CoordinatedSessions: ShrinkPass {
    let name = "coordinated sessions"
    let schedule = ShrinkSchedule.atLocalMinimum

    func run(_ state: ShrinkState) -> Bool {
        let best = state.best
        guard best.count <= 8 else { return false }
        var candidates: [[Action]] = []
        for p in best.indices {
            guard case .restoreData(let text) = best[p], let parsed = SessionText.parse(text), parsed.ids.count >= 2 else { continue }
            let n = parsed.ids.count
            let removals = [0..<(n / 2), (n / 2)..<n] + (0..<n).reversed().prefix(62).map { $0..<($0 + 1) }
            for gone in removals where !gone.isEmpty {
                guard let base = best.removingTabs(gone, fromSessionAt: p, parsed: parsed) else { continue }
                candidates += base.withOneStepPlainer(skipping: p)
            }
        }
        return state.attempt(candidates) != nil
    }
}
