import Generators
/// One step deleted, with the references after it re-derived.
///
/// Deleting a `newTab` renumbers later tabs and shifts displayed indices, so a plain deletion
/// (`DeleteSpans`) rarely reproduces: `newTab, newTab, closeID("t2")` needs `closeID("t1")`
/// once the first tab is gone. Offers every later reference shifted at once, then (on
/// sequences of at most 16 steps) one later reference re-targeted to any small index or id.
struct DeleteAndRenumber: ShrinkPass {
    let name = "delete and renumber"
    let schedule = ShrinkSchedule.everyRound

    func run(_ state: ShrinkState) -> Bool {
        var accepted = false
        var k = state.best.count - 1
        while k >= 0 && !state.stopped {
            let ok = state.attempt(candidates(deleting: k, from: state.best, closesMakeTabs: state.closesMakeTabs)) != nil
            if ok { accepted = true }
            k = ok ? min(k, state.best.count) - 1 : k - 1
        }
        return accepted
    }

    /// `closesMakeTabs`: the model opens a tab when a close takes the last one (a policy's
    /// choice), so a close counts among the steps that make tabs for retargeting.
    func candidates(deleting k: Int, from best: [Action], closesMakeTabs: Bool = false) -> [[Action]] {
        var base = best
        let removed = base.remove(at: k)
        let created = best[..<k].filter { $0 == .newTab }.count + 1
        var candidates: [[Action]] = []
        if removed == .newTab {
            candidates.append(base.enumerated().map { $0 >= k ? $1.renumberingIDs(above: created) : $1 })
        }
        candidates.append(base.enumerated().map { $0 >= k ? $1.shiftingIndices() : $1 })
        if removed == .newTab {
            candidates.append(base.enumerated().map { $0 >= k ? $1.renumberingIDs(above: created).shiftingIndices() : $1 })
        }
        guard best.count <= 16 else { return candidates }
        let tabsMade = Self.tabsMade(by: best, closesMakeTabs: closesMakeTabs)
        for j in k..<base.count {
            for alternative in base[j].retargeted(maxIndex: tabsMade, maxID: tabsMade) {
                var c = base
                c[j] = alternative
                candidates.append(c)
            }
        }
        return candidates
    }

    /// How many tabs the steps of `actions` can address: new ones and restored ones (a
    /// restored session counts three at most: retargeting tries every index), and a tab each
    /// close makes when the model opens one in place of the last.
    static func tabsMade(by actions: [Action], closesMakeTabs: Bool = false) -> Int {
        actions.reduce(0) { n, a in
            if a == .newTab { return n + 1 }
            if case .restoreData(let text) = a { return n + min(3, SessionText.tabCount(text) ?? 0) }
            if closesMakeTabs, [.closeDisplayed, .closeID, .closeAll, .flyAwayFinished].contains(a.kind) { return n + 1 }
            return n
        }
    }
}
