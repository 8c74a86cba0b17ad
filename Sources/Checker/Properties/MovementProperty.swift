import Generators

/// D4: the user's interactive movement. A long press on a displayed cell begins one (one at a
/// time); a drag over a displayed position sets its target (another place is refused); the
/// drop is F9's move (`tabList` judges it) and a cancel changes nothing but the movement; a
/// movement whose tab stops being displayed, or a restore, ends it.
package struct MovementProperty: StepProperty {
    package static let name = Property("movement")
    package var rules: [String] { ["D4"] }
    package var needs: Set<Capability> { [.interactiveMovement] }
    package init() {}

    package func check(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        let now = post.moving.map { "\($0.tab) → #\($0.target)" } ?? "none"
        if let m = post.moving, !post.displayed.contains(m.tab) {
            return Violation(Self.name, "D4", "the movement of \(m.tab) goes on, but \(m.tab) is not displayed")
        }
        let expected: (tab: String, target: Int)?
        switch f.action {
        case .beginMove(let i):
            expected = pre.moving ?? (pre.displayed.indices.contains(i) ? (pre.displayed[i], i) : nil)
        case .updateMove(let j):
            expected = pre.moving.map { pre.displayed.indices.contains(j) ? ($0.tab, j) : $0 }
        case .restoreSaved where !f.savedBefore:   // nothing to restore: nothing happens
            expected = pre.moving.flatMap { post.displayed.contains($0.tab) ? $0 : nil }
        case .endMove, .cancelMove, .restoreSaved, .restoreData, .closeAll, .relaunch:
            expected = f.outcome.rejected != nil ? pre.moving : nil
        case .willAppear, .newTab, .closeDisplayed, .closeID, .setQuery, .beginSearch, .endSearch, .cancelSearch,
             .setTitle, .move, .select, .reopen, .setViewport, .swipeBegan, .swipeChanged, .swipeEnded,
             .swipeCancelled, .tapClose, .flyAwayFinished, .save, .reorder, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background:
            // Any other event keeps it while its tab is displayed.
            expected = pre.moving.flatMap { post.displayed.contains($0.tab) ? $0 : nil }
        }
        guard expected?.tab == post.moving?.tab && expected?.target == post.moving?.target else {
            let want = expected.map { "\($0.tab) → #\($0.target)" } ?? "none"
            return Violation(Self.name, "D4", "after \(f.action) the movement must be \(want), got \(now)")
        }
        return nil
    }
}
