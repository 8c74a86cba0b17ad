import Generators

/// F3, F4, G6, F10: the tab removed is the one displayed at that index (or with that id);
/// the simulated collection view accepts every update and ends equal to `displayed`; ids stay
/// unique.
/// Seen failing on: planted `closesTabsIndex`, `newTabInsertsFullCount`; mutants 01, 02, 04, 11, 17, 20, 21.
package struct MappingProperty: StepProperty {
    package static let name = Property("mapping")
    package var rules: [String] { ["F3", "F4", "F10", "G6"] }
    package var needs: Set<Capability> { [] }
    package init() {}

    package func check(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        if let e = f.viewError {
            return Violation(Self.name, "F10", "the collection view rejected the update \(f.outcome.update): \(e.message)")
        }
        if f.viewItems != post.displayed {
            return Violation(Self.name, "F10", "after the update \(f.outcome.update) the view shows \(f.viewItems) but displayed is \(post.displayed)")
        }
        let postIDs = post.tabIDs
        if !idsStayUnique(f, pre, post) {
            return Violation(Self.name, "F", "tab ids are not unique: \(postIDs)")
        }
        guard f.outcome.rejected == nil else { return nil }
        func removed(_ id: String?, _ rule: String, _ what: String) -> Violation? {
            let expected = pre.tabIDs.filter { $0 != id }
            // The grid may not be empty (policy): the last tab's place goes to one new tab.
            if expected.isEmpty && !pre.tabIDs.isEmpty && f.policy.emptyGrid == .replacedByNewTab {
                if post.replacement(of: pre) != nil && post.titles == ["New Tab"] { return nil }
                return Violation(Self.name, rule, "\(what): the last tab's place goes to one new \"New Tab\" (policy emptyGrid=replacedByNewTab), got \(post.tabs)")
            }
            if postIDs != expected {
                return Violation(Self.name, rule, "\(what): expected tabs \(expected), got \(postIDs)")
            }
            return nil
        }
        switch f.action {
        case .closeDisplayed(let i) where !pre.displayed.indices.contains(i):
            // A model that accepts an index outside displayed fails here, not the checker.
            return Violation(Self.name, "F3", "closing displayed item \(i) must be rejected: \(pre.displayed.count) items are displayed")
        case .closeDisplayed(let i):
            return removed(pre.displayed[i], "F3", "closing displayed item \(i) must remove \(pre.displayed[i]), the tab the user saw")
        case .closeID(let id):
            return removed(id, "F4", "closing \(id) by identity")
        case .flyAwayFinished(let id):
            let closes = pre.pending.contains(id)
            return removed(closes ? id : nil, "G6", closes ? "the fly-away of \(id) finished: that tab, and only it, closes" : "a completion for \(id), which is not flying away, closes nothing")
        case .tapClose(let i) where !pre.displayed.indices.contains(i):
            if postIDs != pre.tabIDs || post.pending != pre.pending {
                return Violation(Self.name, "G6", "the close button of item \(i), outside the \(pre.displayed.count) displayed, changed the tabs or the fly-aways")
            }
        case .tapClose(let i):
            if postIDs != pre.tabIDs { return Violation(Self.name, "G6", "the close button must not remove a tab before its fly-away finishes") }
            if !post.pending.contains(pre.displayed[i]) {
                return Violation(Self.name, "G6", "the close button on \(pre.displayed[i]) must start its fly-away; pending is \(post.pending)")
            }
        case .willAppear, .newTab, .closeAll, .setQuery, .beginSearch, .endSearch, .cancelSearch, .setTitle, .move,
             .select, .reopen, .setViewport, .swipeBegan, .swipeChanged, .swipeEnded, .swipeCancelled, .save,
             .restoreSaved, .restoreData, .reorder, .beginMove, .updateMove, .endMove, .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch: break
        }
        return nil
    }

    func idsStayUnique(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Bool {
        if let one = f.appended { return one.fresh }   // one appended
        let pre = pre.tabIDs, post = post.tabIDs
        if post.count + f.gone.count == pre.count { return true }    // only removals (or nothing changed)
        if let new = StepFacts.inserted(into: pre, giving: post), new.count <= 4 {   // a few inserted (a reopen)
            return new.indices.allSatisfy { k in !pre.contains(new[k]) && !new[(k + 1)...].contains(new[k]) }
        }
        return Set(post).count == post.count
    }
}
