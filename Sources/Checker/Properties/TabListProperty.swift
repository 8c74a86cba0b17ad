import Generators

/// F2, F5, F8, F9 and what no other step may do, read from the observations alone: a new tab
/// is appended last and titled "New Tab"; Close All leaves no tab, hidden ones included; a
/// title change changes that tab's title and nothing else; a move puts the tab where F9 says,
/// relative to the tabs the query hides too; the steps that are not about tabs (search,
/// select, viewport, swipes, the close button, save) leave the tabs and titles as they were.
/// Seen failing on: planted `newTabUntitled`, `closeAllKeepsHidden`, `titleOnWrongTab`,
/// `moveAfterHiddenTabs`, `titlesTrimmed`.
package struct TabListProperty: StepProperty {
    package static let name = Property("tabList")
    package var rules: [String] { ["F2", "F5", "F8", "F9", "F11"] }
    package var needs: Set<Capability> { [] }
    package init() {}

    package func check(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        guard f.outcome.rejected == nil else { return nil }
        switch f.action {
        case .newTab:
            guard let new = f.appended, new.fresh else {   // appended last, not an id already open
                return Violation(Self.name, "F2", "a new tab must be appended to the end of tabs: tabs went from \(pre.tabIDs) to \(post.tabIDs)")
            }
            if post.titles.count != pre.titles.count + 1 || !post.titles.starts(with: pre.titles) || post.titles.last != "New Tab" {
                return Violation(Self.name, "F2", "a new tab is titled \"New Tab\" and no other title changes: titles went from \(pre.titles.map(swiftLiteral)) to \(post.titles.map(swiftLiteral))")
            }
        case .newBackgroundTab:
            return background(pre, post, f.policy.backgroundTabPlacement)
        case .closeAll where f.policy.emptyGrid == .replacedByNewTab && !pre.tabIDs.isEmpty:
            if post.replacement(of: pre, closingAll: true) == nil {
                return Violation(Self.name, "F5", "Close All must leave one new \"New Tab\" in place of every tab (policy emptyGrid=replacedByNewTab), got \(post.tabs)")
            }
        case .closeAll:
            if !post.tabIDs.isEmpty {
                return Violation(Self.name, "F5", "Close All must close every tab, hidden ones too; \(post.tabIDs) are open")
            }
        case let .setTitle(id, title):
            var expected = pre.titles
            if let k = pre.tabIDs.firstIndex(of: id) { expected[k] = title }
            if post.tabIDs != pre.tabIDs || post.titles != expected {
                return Violation(Self.name, "F8", pre.tabIDs.contains(id)
                                 ? "setting \(id)'s title to \(swiftLiteral(title)) must change that title only: titles \(post.titles.map(swiftLiteral)), expected \(expected.map(swiftLiteral))"
                                 : "a title for \(id), which is not open, must change nothing")
            }
        case let .move(i, j), let .reorder(i, j):   // D5: a reorder is F9's move, heard after the view made it
            return move(i, j, pre, post, f.policy.moveUnderFilter)
        case .endMove:   // D4: the drop is F9's move of the moving tab to its target
            if let m = pre.moving, let i = pre.displayed.firstIndex(of: m.tab), m.target < pre.displayed.count {
                return move(i, m.target, pre, post, f.policy.moveUnderFilter)
            }
            if !f.tabsUnchanged { return Violation(Self.name, "D4", "a drop with no movement to make must not change the tabs: \(pre.tabs) became \(post.tabs)") }
        case .setQuery, .beginSearch, .endSearch, .cancelSearch, .select, .setViewport, .swipeBegan, .swipeChanged,
             .swipeEnded, .swipeCancelled, .tapClose, .save, .willAppear, .beginMove, .updateMove, .cancelMove:
            if !f.tabsUnchanged {
                return Violation(Self.name, "F", "\(f.action.kind.rawValue) must not change the tabs: \(pre.tabs) became \(post.tabs)")
            }
        case .closeDisplayed, .closeID, .reopen, .flyAwayFinished, .restoreSaved, .restoreData: break
        // S1 and S2 are `lifecycle`'s (the schedule's steps change no tab; a relaunch restores).
        case .runJobs, .advanceClock, .settle, .background, .relaunch: break
        }
        return nil
    }

    /// F11: one new tab titled "New Tab", right after the active tab (last when none is
    /// active); every other tab and title as it was, and the active tab still active.
    func background(_ pre: Observation, _ post: Observation, _ placement: Policy.BackgroundTabPlacement) -> Violation? {
        let afterActive = placement == .afterActive
        let at = (afterActive ? pre.active.flatMap { pre.tabIDs.firstIndex(of: $0) }.map { $0 + 1 } : nil) ?? pre.tabIDs.count
        guard post.tabIDs.count == pre.tabIDs.count + 1, at < post.tabIDs.count, !pre.tabIDs.contains(post.tabIDs[at]) else {
            let place = afterActive ? "right after the active tab (\(pre.active ?? "none, so last"))" : "at the end (policy backgroundTabPlacement=atEnd)"
            return Violation(Self.name, "F11", "a tab opened in the background goes \(place): tabs went from \(pre.tabIDs) to \(post.tabIDs)")
        }
        var expected = pre.tabIDs
        expected.insert(post.tabIDs[at], at: at)
        var titles = pre.titles
        titles.insert("New Tab", at: at)
        if post.tabIDs != expected || post.titles != titles {
            return Violation(Self.name, "F11", "a tab opened in the background is a \"New Tab\" at \(at), the others unchanged: tabs \(pre.tabs) became \(post.tabs)")
        }
        if post.active != pre.active {
            return Violation(Self.name, "F11", "a tab opened in the background is not activated: the active tab went from \(pre.active ?? "none") to \(post.active ?? "none")")
        }
        return nil
    }

    /// F9: displayed is the old displayed with the tab moved from i to j; in tabs it sits just
    /// before the tab now displayed at j + 1 (or just after the one at j − 1 when j is last),
    /// and every other tab, hidden ones included, keeps its order.
    /// (Under `moveUnderFilter = targetsPosition` a forward move puts it just after its target.)
    func move(_ i: Int, _ j: Int, _ pre: Observation, _ post: Observation, _ rule: Policy.MoveUnderFilter) -> Violation? {
        let shown = pre.displayed
        guard shown.indices.contains(i), shown.indices.contains(j) else {
            return Violation(Self.name, "F9", "move(from: \(i), to: \(j)) must be rejected: \(shown.count) items are displayed")
        }
        let moving = shown[i]
        var rest = shown
        rest.remove(at: i)
        var expectedShown = rest
        expectedShown.insert(moving, at: j)
        // The tabs without the moved one, then the moved one put back beside its new neighbour;
        // its title travels with it.
        var expected = pre.tabIDs, titles = pre.titles
        if i != j, let from = expected.firstIndex(of: moving) {
            expected.remove(at: from)
            let title = titles.remove(at: from)
            let beforeNext = j < rest.count && !(rule == .targetsPosition && i < j)
            let at: Int? = beforeNext ? expected.firstIndex(of: rest[j]) : expected.firstIndex(of: rest[j - 1]).map { $0 + 1 }
            if let at {
                expected.insert(moving, at: at)
                titles.insert(title, at: at)
            }
        }
        if post.displayed != expectedShown {
            return Violation(Self.name, "F9", "move(from: \(i), to: \(j)) must display \(expectedShown), got \(post.displayed)")
        }
        if post.tabIDs != expected {
            return Violation(Self.name, "F9", "move(from: \(i), to: \(j)) must leave tabs \(expected) (the moved tab next to the one now displayed beside it, hidden tabs in their order), got \(post.tabIDs)")
        }
        if post.titles != titles {
            return Violation(Self.name, "F9", "a move must not change titles")
        }
        return nil
    }
}
