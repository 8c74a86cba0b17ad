import Generators
/// A restored session changed together with the steps after it.
///
/// Runs of its tabs removed (longest first, as `DeleteSpans` does) with later displayed
/// indices shifted down past them; then its ids renamed t1…tn with later references renamed.
/// `SimplifyValues` shrinks a session too, but one tab at a time and without touching the
/// steps that address its tabs by index; the large-grid failure (scripts/large-grid-shrink.sh)
/// collapses into a restore of 129 or more tabs, which needs whole runs gone with the later
/// indices following. Offers `width` removals at a time, so parallel shrinking has
/// candidates to share.
struct ShrinkSessions: ShrinkPass {
    let name = "shrink sessions"
    let schedule = ShrinkSchedule.everyRound

    func run(_ state: ShrinkState) -> Bool {
        var accepted = false
        var p = 0
        while p < state.best.count && !state.stopped {
            guard case .restoreData(let text) = state.best[p], let count = SessionText.tabCount(text) else { p += 1; continue }
            if removeRuns(at: p, count: count, state) { accepted = true }
            if case .restoreData(let current) = state.best[p], let r = SessionText.renamingIDs(current) {
                let map = Dictionary(uniqueKeysWithValues: r.old.enumerated().map { ($1, "t\($0 + 1)") })
                let best = state.best
                if state.attempt([best[..<p] + [.restoreData(r.text)] + best[(p + 1)...].map { $0.renamingIDs(map) }]) != nil { accepted = true }
            }
            p += 1
        }
        return accepted
    }

    /// Runs of the session's tabs at step `p` removed, longest first; true if one was.
    ///
    /// A session of more than `Shrinker.largeGrid / 2` tabs (only a collapsed large grid makes
    /// one) loses tabs from its ends only, one at a time, while it can: its size is most
    /// likely what the failure needs (a chunk that must split), and the ~7n removals of the
    /// full walk, each a run over a large grid, cost 3–5 s every round (mutant 37, whose 5 s
    /// went on them). Its inner tabs still go one at a time in `SimplifyValues`. Smaller
    /// sessions are walked in full, as before.
    func removeRuns(at p: Int, count: Int, _ state: ShrinkState) -> Bool {
        if count > Shrinker.largeGrid / 2 {
            var accepted = false
            while !state.stopped, case .restoreData(let current) = state.best[p], let n = SessionText.tabCount(current), probe(at: p, count: n, state) {
                accepted = true
            }
            return accepted
        }
        var accepted = false
        var size = max(1, count / 2)
        search: while size >= 1 && !state.stopped {
            guard case .restoreData(let current) = state.best[p], let parsed = SessionText.parse(current) else { break }
            let n = parsed.ids.count
            var start = n - size
            while start >= 0 {
                // `width` starts at a time (from the end); the first that fails is the one a
                // one-by-one walk would have taken.
                let best = state.best
                var candidates: [[Action]] = []
                var unreadable = false
                for s in stride(from: start, through: max(0, start - (state.width - 1)), by: -1) {
                    guard let c = best.removingTabs(s..<(s + size), fromSessionAt: p, parsed: parsed) else { unreadable = true; break }
                    candidates.append(c)
                }
                if state.attempt(candidates) != nil { accepted = true; continue search }
                if unreadable { break }
                start -= candidates.count
            }
            if size == 1 { break }
            size /= 2
        }
        return accepted
    }

    /// Whether the session at `p` loses its first or its last tab (and keeps the loss).
    func probe(at p: Int, count: Int, _ state: ShrinkState) -> Bool {
        guard case .restoreData(let current) = state.best[p], let parsed = SessionText.parse(current) else { return true }
        let best = state.best
        return state.attempt([count - 1, 0].compactMap { best.removingTabs($0..<($0 + 1), fromSessionAt: p, parsed: parsed) }) != nil
    }
}
