import Generators

/// U1–U3: closes are recorded (at most the policy's limit, SPEC: 20), reopen restores them — each tab at
/// min(position, count), in ascending position order, with its title, active again if it
/// was — and nothing to reopen is a no-op. The positions come from the property's own record
/// of what each close removed (from the observations before it), kept like U1 says: newest
/// last, at most 20, cleared by a restore.
/// Seen failing on: planted `closesNotRecorded`, `reopenAtEnd`; mutants 22, 23, 28.
package struct ReopenProperty: StepProperty {
    package static let name = Property("reopen")
    package var rules: [String] { ["U1", "U2", "U3"] }
    package var needs: Set<Capability> { [.reopen] }
    /// One entry a close: each tab it removed, where it was, whether it was active.
    var history: [[(id: String, title: String, position: Int, wasActive: Bool)]] = []
    package init() {}

    package mutating func check(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        if let v = counts(f, pre, post) { return v }
        if case .reopen = f.action, f.outcome.rejected == nil, let v = positions(f, pre, post) { return v }
        record(f, pre, post)
        return nil
    }

    /// U2: the tabs the newest entry brings back, where they were. Judged only while the
    /// record covers every entry the model keeps (a run may start from a model that closed
    /// tabs before it).
    func positions(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        guard pre.closedCount > 0, history.count == pre.closedCount, let entry = history.last else { return nil }
        let (ids, titles, active, first) = Self.putBack(entry.sorted(by: { $0.position < $1.position }), into: pre)
        // Under reopenSelection=activatesReopened, when none of them was active the first put back is.
        if active == nil, let first {
            // None of them was active: the policy's choice (SPEC: the active tab stays).
            let expected = f.policy.reopenSelection == .activatesReopened ? first : pre.active
            if post.active != expected {
                return Violation(Self.name, "U2", "reopen put back \(first) first and none of its tabs was active: \(expected ?? "no tab") must be active (policy reopenSelection=\(f.policy.reopenSelection.rawValue)), active is \(post.active ?? "none")")
            }
        }
        if post.tabIDs != ids || post.titles != titles {
            return Violation(Self.name, "U2", "reopen must put back \(entry.map { "\($0.id) at \($0.position)" }.joined(separator: ", ")) (min(position, count), ascending, with their titles): expected \(ids), got \(post.tabIDs)")
        }
        if let active, post.active != active {
            return Violation(Self.name, "U2", "reopen brought back \(active), which was active: it must be active again, active is \(post.active ?? "none")")
        }
        return nil
    }

    /// What U2 asks: `pre`'s tabs with each of `entry`'s (ascending positions) not among them
    /// inserted at min(position, count) in turn; the one that was active, the first put back.
    /// Many (a Close All's entry) are merged in one pass, looked up in a set: inserted one by
    /// one, a thousand tabs were a million comparisons.
    static func putBack(_ entry: [(id: String, title: String, position: Int, wasActive: Bool)], into pre: Observation)
        -> (ids: [String], titles: [String], active: String?, first: String?) {
        let (ids, titles) = (pre.tabIDs, pre.titles)
        guard entry.count > 8, titles.count == ids.count else { return putBackOneByOne(entry, into: pre) }
        var active: String?, first: String?
        // Distinct ascending positions put each one at its final place (a later insertion lands
        // after it): the result interleaves them with `pre`'s tabs.
        var present = Set(ids)
        var (outIDs, outTitles): ([String], [String]) = ([], [])
        outIDs.reserveCapacity(ids.count + entry.count)
        outTitles.reserveCapacity(ids.count + entry.count)
        var next = 0
        for item in entry where present.insert(item.id).inserted {
            let at = min(item.position, outIDs.count + ids.count - next)
            guard at >= outIDs.count else { return putBackOneByOne(entry, into: pre) }
            while outIDs.count < at { outIDs.append(ids[next]); outTitles.append(titles[next]); next += 1 }
            outIDs.append(item.id)
            outTitles.append(item.title)
            if item.wasActive { active = item.id }
            first = first ?? item.id
        }
        outIDs.append(contentsOf: ids[next...])
        outTitles.append(contentsOf: titles[next...])
        return (outIDs, outTitles, active, first)
    }

    /// `putBack` one insertion at a time, as U2 says it (few tabs, or two at one position).
    static func putBackOneByOne(_ entry: [(id: String, title: String, position: Int, wasActive: Bool)], into pre: Observation)
        -> (ids: [String], titles: [String], active: String?, first: String?) {
        var ids = pre.tabIDs, titles = pre.titles
        var active: String?, first: String?
        for item in entry where !ids.contains(item.id) {
            let at = min(item.position, ids.count)
            ids.insert(item.id, at: at)
            titles.insert(item.title, at: at)
            if item.wasActive { active = item.id }
            first = first ?? item.id
        }
        return (ids, titles, active, first)
    }

    /// Keeps the record in step with U1.
    mutating func record(_ f: StepFacts, _ pre: Observation, _ post: Observation) {
        guard f.outcome.rejected == nil else { return }
        switch f.action {
        case .reopen:
            if pre.closedCount > 0, !history.isEmpty { history.removeLast() }
        case .restoreSaved where !f.savedBefore:
            break
        case .restoreSaved, .restoreData, .relaunch:
            history = []
        case .willAppear, .newTab, .closeDisplayed, .closeID, .closeAll, .setQuery, .beginSearch, .endSearch,
             .cancelSearch, .setTitle, .move, .select, .setViewport, .swipeBegan, .swipeChanged, .swipeEnded,
             .swipeCancelled, .tapClose, .flyAwayFinished, .save, .reorder, .beginMove, .updateMove, .endMove,
             .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background:
            guard !f.gone.isEmpty else { return }
            // Each closed tab at its first place before the step: looked up in the ids for a few,
            // in a table of first places for many (a Close All of n tabs was n² comparisons).
            let place: (String) -> Int?
            if f.gone.count <= 8 {
                place = { pre.tabIDs.firstIndex(of: $0) }
            } else {
                var first: [String: Int] = [:]
                for (k, id) in pre.tabIDs.enumerated() where first[id] == nil { first[id] = k }
                place = { first[$0] }
            }
            history.append(f.gone.compactMap { id in place(id).map { (id, pre.titles[$0], $0, pre.active == id) } })
            while history.count > max(0, f.policy.reopenLimit) { history.removeFirst() }
        }
    }

    /// U1, U3: how many entries, and which tabs the newest holds.
    func counts(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        let p = post, limit = max(0, f.policy.reopenLimit)
        if p.closedCount > limit { return Violation(Self.name, "U1", "\(p.closedCount) closes are kept; at most \(limit)") }
        guard f.outcome.rejected == nil else { return nil }
        let preIDs = pre.tabIDs, postIDs = post.tabIDs
        let gone = f.gone
        switch f.action {
        case .reopen:
            if pre.closedCount == 0 {
                if p != pre { return Violation(Self.name, "U3", "reopen with nothing to reopen changed the state") }
            } else {
                let back: [String]
                if pre.newestClosed.count <= 8 { back = pre.newestClosed.filter { !preIDs.contains($0) } }
                else { let open = Set(preIDs); back = pre.newestClosed.filter { !open.contains($0) } }
                if postIDs.count != preIDs.count + back.count || !Set(back).isSubset(of: postIDs) {
                    return Violation(Self.name, "U2", "reopen must bring back \(back); tabs went from \(preIDs) to \(postIDs)")
                }
                if p.closedCount != pre.closedCount - 1 { return Violation(Self.name, "U2", "reopen must consume the newest entry") }
            }
        case .restoreSaved where !f.savedBefore:
            if p.closedCount != pre.closedCount { return Violation(Self.name, "U1", "restoring with nothing saved changed the reopen history") }
        case .restoreSaved, .restoreData, .relaunch:
            if p.closedCount != 0 { return Violation(Self.name, "U1", "a restore must clear the reopen history") }
        case .willAppear, .newTab, .closeDisplayed, .closeID, .closeAll, .setQuery, .beginSearch, .endSearch,
             .cancelSearch, .setTitle, .move, .select, .setViewport, .swipeBegan, .swipeChanged, .swipeEnded,
             .swipeCancelled, .tapClose, .flyAwayFinished, .save, .reorder, .beginMove, .updateMove, .endMove,
             .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background:
            if !gone.isEmpty && limit > 0 {
                if !p.newestClosed.sameSet(as: gone) {
                    return Violation(Self.name, "U1", "closing \(gone) must record them as the newest entry, got \(p.newestClosed)")
                }
                if p.closedCount != min(limit, pre.closedCount + 1) {
                    return Violation(Self.name, "U1", "a close must add one entry (now \(p.closedCount), before \(pre.closedCount))")
                }
            } else if gone.isEmpty && p.closedCount != pre.closedCount {
                return Violation(Self.name, "U1", "a step that closed nothing changed the reopen history")
            }
        }
        return nil
    }
}
