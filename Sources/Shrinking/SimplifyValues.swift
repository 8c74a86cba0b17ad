import Generators
/// Each step's arguments simplified, a field at a time: smaller indices and ids, shorter and
/// plainer strings, round numbers, a phone viewport, plainer kinds (`closeAll` →
/// `closeDisplayed(0)`); see `Action.simplerVariantGroups()`.
///
/// The same step again after each success (an id lowered one step, then the next) rather
/// than a whole new round per step; simplification is well-founded, so this ends. A field is
/// taken to its simplest before the next, so a velocity already at its threshold is not
/// tried again after every step of the translation.
struct SimplifyValues: ShrinkPass {
    let name = "simplify values"
    let schedule = ShrinkSchedule.everyRound

    func run(_ state: ShrinkState) -> Bool {
        var accepted = false
        var i = 0, field = 0
        var variants: (of: Action, groups: [[Action]])?     // worked out again only when the step changed
        var resume: (i: Int, field: Int, at: Int)?
        while i < state.best.count && !state.stopped {
            let best = state.best
            if variants?.of != best[i] { variants = (best[i], best[i].simplerVariantGroups()) }
            let groups = variants!.groups
            guard field < groups.count else { i += 1; field = 0; continue }
            var candidates = groups[field].map { simpler -> [Action] in
                var c = best
                c[i] = simpler
                return c
            }
            // A long group (a large session's titles, one by one) resumes where its last
            // success was: offered from the start each time, the blocks and titles that failed
            // before it fail again, n times over (mutant 37: ~2,000 candidates for 129 titles).
            var turn = 0
            if candidates.count > Self.longGroup, let r = resume, r.i == i, r.field == field { turn = min(r.at, candidates.count) }
            candidates = Array(candidates[turn...] + candidates[..<turn])
            if let k = state.attempt(candidates) {
                accepted = true
                resume = (i, field, (k + turn) % candidates.count)
            } else {
                field += 1
            }
        }
        return accepted
    }

    /// Groups longer than this resume at their last success; shorter ones (every string,
    /// index and viewport, a session of a few tabs) start over, as they always have.
    static let longGroup = 64
}
