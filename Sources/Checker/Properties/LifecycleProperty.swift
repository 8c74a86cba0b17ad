/// S1–S3, the app's life and the model's pending work (`GridCapability.appLifecycle`):
/// - S1: the schedule's own steps — jobs run, the clock moved, the work settled, the app
///   backgrounded — change nothing the user sees (tabs, titles, what is displayed, the query, the
///   active tab): background work saves, it never edits the grid (work for a closed tab never
///   brings it back or retitles another);
/// - S2: after a kill at any point, the relaunch restores a state the user saw at or after the
///   last completed flush (a `background` step, awaited to its end): never older, never one
///   nobody saw (a half-restored list, the empty grid of a restore in flight);
/// - S3: the work the model awaits ends, and a settle goes quiet, within the scheduler's budget.
/// Judged from the implementation's observations alone: the property keeps the states seen since
/// the last flush.
package struct LifecycleProperty: StepProperty {
    package static let name = Property.lifecycle
    package var rules: [String] { ["S1", "S2", "S3"] }
    package var needs: Set<Capability> { [.appLifecycle] }
    /// A state the user saw, as a session holds it (P1: the tabs with their titles, the active tab).
    struct Seen: Equatable {
        let ids: [String], titles: [String], active: String?
        init(_ o: Observation) { ids = o.tabIDs; titles = o.titles; active = o.active }
        /// The state in a line: at most 8 tabs, titles cut at 20 characters.
        var text: String {
            let shown = zip(ids, titles).prefix(8).map { id, title in "\(id) “\(title.count > 20 ? title.prefix(20) + "…" : title)”" }
            let more = ids.count > 8 ? ", … \(ids.count) tabs in all" : ""
            return "[\(shown.joined(separator: ", "))\(more)] active \(active ?? "none")"
        }
    }
    /// The states seen since the last completed flush (the first: the one on screen then), and the step it completed at.
    var window: [Seen] = []
    var flushedAt = 0
    var step = 0
    package init() {}

    package mutating func check(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        step += 1
        if window.isEmpty { window = [Seen(pre)] }
        if let problem = f.scheduleProblem { return Violation(Self.name, "S3", problem) }
        switch f.action {
        case .runJobs, .advanceClock, .settle, .background:
            if let v = unchanged(f.action, pre, post) { return v }
            if case .background = f.action { window = [Seen(post)]; flushedAt = step }
            return nil
        case .relaunch:
            guard f.outcome.crashed == nil else { return nil }
            let restored = Seen(post)
            if !window.contains(restored) {
                let since = flushedAt == 0 ? "since the launch" : "since the last completed flush (the background at step \(flushedAt))"
                let seen = window.suffix(4).map(\.text).joined(separator: "; ")
                return Violation(Self.name, "S2", "after a kill the relaunch restored \(restored.text), a state the user never saw \(since): they saw \(window.count > 4 ? "… " : "")\(seen)")
            }
            window = [restored]
            flushedAt = step
            return nil
        case .willAppear, .newTab, .closeDisplayed, .closeID, .closeAll, .setQuery, .beginSearch, .endSearch, .cancelSearch,
             .setTitle, .move, .select, .reopen, .setViewport, .swipeBegan, .swipeChanged, .swipeEnded, .swipeCancelled,
             .tapClose, .flyAwayFinished, .save, .restoreSaved, .restoreData, .reorder, .beginMove, .updateMove, .endMove,
             .cancelMove, .newBackgroundTab:
            let now = Seen(post)
            if window.last != now { window.append(now) }
            return nil
        }
    }

    /// S1 for one of the schedule's steps.
    func unchanged(_ action: Action, _ pre: Observation, _ post: Observation) -> Violation? {
        guard pre.tabIDs != post.tabIDs || pre.titles != post.titles || pre.displayed != post.displayed
                || pre.query != post.query || pre.active != post.active else { return nil }
        return Violation(Self.name, "S1", "\(action.kind.rawValue) ran the model's pending work, which must never change the grid: \(Seen(pre).text) (query “\(pre.query)”) became \(Seen(post).text) (query “\(post.query)”)")
    }
}
