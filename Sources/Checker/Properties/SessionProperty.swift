import Generators

/// P2–P5: save → restore round-trips; a failed restore changes nothing; a save that crashes
/// leaves the previous save loadable. Seen failing on: planted `partialRestore`; mutant 18.
package struct SessionProperty: StepProperty {
    package static let name = Property("session")
    package var rules: [String] { ["P2", "P3", "P4", "P5"] }
    package var needs: Set<Capability> { [.sessions] }
    package init() {}

    package func check(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        switch f.action {
        case .save:
            if let problem = f.storageProblem { return Violation(Self.name, "P4", problem) }
            switch f.roundTrip {
            case .none: return Violation(Self.name, "P2", "save produced nothing to restore")
            case .failure(let e)?: return Violation(Self.name, "P2", "the saved session does not restore: \(e.message)")
            case .success(let r)?:
                if r.tabIDs != post.tabIDs || r.titles != post.titles || r.active != post.active {
                    let d = r.diff(against: post, "restored", "saved").filter { ["tabs", "active"].contains($0.field) }
                    return Violation(Self.name, "P2", "save → restore does not give back the same tabs and active tab", differences: d)
                }
                if !r.query.isEmpty || !r.pending.isEmpty || r.swipeHolder != nil {
                    return Violation(Self.name, "P2", "a restored session must have an empty query, no fly-aways and no swipe")
                }
            }
        case .restoreSaved, .restoreData:
            if f.outcome.rejected != nil {
                if post != pre {
                    return Violation(Self.name, "P3", "a rejected restore changed the state", differences: post.diff(against: pre, "after", "before"))
                }
            } else if case .restoreSaved = f.action, !f.savedBefore {
                if post != pre { return Violation(Self.name, "P2", "restoring with nothing saved must change nothing", differences: post.diff(against: pre, "after", "before")) }
            } else if !post.query.isEmpty || !post.pending.isEmpty || post.swipeHolder != nil || f.outcome.update != .reload {
                return Violation(Self.name, "P2", "a restore must reload, leave the query empty and drop fly-aways and swipes")
            }
        case .willAppear, .newTab, .closeDisplayed, .closeID, .closeAll, .setQuery, .beginSearch, .endSearch,
             .cancelSearch, .setTitle, .move, .select, .reopen, .setViewport, .swipeBegan, .swipeChanged,
             .swipeEnded, .swipeCancelled, .tapClose, .flyAwayFinished, .reorder, .beginMove, .updateMove, .endMove,
             .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch: break
        }
        return nil
    }
}
