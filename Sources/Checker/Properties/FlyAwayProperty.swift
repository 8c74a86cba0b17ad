import Generators

/// G6, the fly-away's own rules: further taps on the close button and swipes on a flying
/// tab are ignored; it lasts (distance to the left edge) / 5000 s — from the
/// right edge of the cell, in the column it is displayed in, moved by the swipe's offset,
/// to the view's left edge; never negative — and a tab flying away is an open tab (a tab
/// closed by another path, Close All included, has no fly-away left to finish).
/// The cell's place comes from the observed layout: insets, item width, the 10 pt spacing
/// of L3 and ⌊columns⌋ items a row (L6).
/// Seen failing on: planted `durationIgnoresColumn`, `pendingAfterCloseAll`; the tutorial at
/// fixing steps 2, 5, 6 and 9 (Examples/TutorialGrid).
package struct FlyAwayProperty: StepProperty {
    package static let name = Property("flyAway")
    package var rules: [String] { ["G6"] }
    package var needs: Set<Capability> { [.flyAway, .layout] }
    package init() {}

    package func check(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        if let ghost = post.pending.first(where: { !post.tabIDs.contains($0) }) {
            return Violation(Self.name, "G6", "\(ghost) is flying away but is not open (pending \(post.pending), tabs \(post.tabIDs))")
        }
        if let v = ignoredWhileFlying(f, pre, post) { return v }
        guard f.outcome.rejected == nil, let d = f.outcome.flyAwayDuration, d.isFinite else { return nil }
        let id: String?
        switch f.action {
        case .tapClose(let i): id = pre.displayed.indices.contains(i) ? pre.displayed[i] : nil
        case .swipeEnded: id = pre.swipeHolder
        case .willAppear, .newTab, .closeDisplayed, .closeID, .closeAll, .setQuery, .beginSearch, .endSearch,
             .cancelSearch, .setTitle, .move, .select, .reopen, .setViewport, .swipeBegan, .swipeChanged,
             .swipeCancelled, .flyAwayFinished, .save, .restoreSaved, .restoreData, .reorder, .beginMove,
             .updateMove, .endMove, .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch: id = nil
        }
        guard let id, let index = pre.displayed.firstIndex(of: id) else { return nil }
        let expected = Self.duration(pre.layout, index: index, offset: pre.swipeHolder == id ? pre.swipeOffset : 0)
        if abs(d - expected) > 1e-9 * max(1, abs(expected)) {
            return Violation(Self.name, "G6", "the fly-away of \(id), displayed at \(index), must last \(expected) s (its distance to the left edge / 5000), got \(d) s")
        }
        return nil
    }

    /// Until completion, further taps on the close button and swipes on a flying tab are
    /// ignored: no second fly-away, no update, no swipe.
    func ignoredWhileFlying(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        switch f.action {
        case .tapClose(let i) where pre.displayed.indices.contains(i) && pre.pending.contains(pre.displayed[i]):
            if f.outcome.flyAwayDuration != nil || f.outcome.update != .none || post.pending != pre.pending {
                return Violation(Self.name, "G6", "\(pre.displayed[i]) is already flying away: a second tap on its close button must be ignored")
            }
        case .swipeBegan(let i, _, _) where pre.displayed.indices.contains(i) && pre.pending.contains(pre.displayed[i]):
            if pre.swipeHolder == nil && post.swipeHolder == pre.displayed[i] {
                return Violation(Self.name, "G6", "\(pre.displayed[i]) is flying away: a swipe on it must be ignored")
            }
        case .willAppear, .newTab, .closeDisplayed, .closeID, .closeAll, .setQuery, .beginSearch, .endSearch,
             .cancelSearch, .setTitle, .move, .select, .reopen, .setViewport, .swipeBegan, .swipeChanged,
             .swipeEnded, .swipeCancelled, .tapClose, .flyAwayFinished, .save, .restoreSaved, .restoreData, .reorder,
             .beginMove, .updateMove, .endMove, .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch: break
        }
        return nil
    }

    /// The seconds a cell displayed at `index` takes to fly off at 5000 pt/s.
    static func duration(_ l: Observation.Layout, index: Int, offset: Double) -> Double {
        guard !l.tooSmall else { return 0 }
        let perRow = max(1, Int(l.columns.rounded(.down)))
        let column = Double(index % perRow)
        let seconds = (l.insetLeft + column * (l.itemWidth + 10) + l.itemWidth + offset) / 5000
        return seconds > 0 && seconds.isFinite ? seconds : 0
    }
}
