import Generators
import ReferenceModel

/// The run loop's diffable view (D1–D5): for an implementation that feeds a diffable data
/// source, each step's snapshot is applied to a simulated one — after the user's drag, for a
/// reorder, which the view makes first — and what it did is a fact the `snapshot` property judges.
extension RunLoop {
    /// The move the view itself makes before the model hears of the action: a reorder's, or
    /// the drop of the interactive movement in progress before the step (D4, D5).
    func viewMove(_ action: Action) -> (from: Int, to: Int)? {
        switch action {
        case let .reorder(from, to): return (from, to)
        case .endMove:
            guard let m = implObs.moving, let from = implObs.displayed.firstIndex(of: m.tab) else { return nil }
            return (from, m.target)
        case .willAppear, .newTab, .closeDisplayed, .closeID, .closeAll, .setQuery, .beginSearch, .endSearch,
             .cancelSearch, .setTitle, .move, .select, .reopen, .setViewport, .swipeBegan, .swipeChanged,
             .swipeEnded, .swipeCancelled, .tapClose, .flyAwayFinished, .save, .restoreSaved, .restoreData,
             .beginMove, .updateMove, .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch: return nil
        }
    }

    mutating func diffableStep(_ action: Action, _ implOut: StepOutcome, _ implPost: Observation) -> DiffableStep {
        var source = diffableSource ?? SimulatedDiffableDataSource()
        let before = source.items
        var dragged: [String]?
        if let (from, to) = viewMove(action), source.userMoved(from: from, to: to) != nil { dragged = source.items }
        let applied = source.apply(implPost.snapshotIdentifiers, reconfigure: implOut.reconfigured ?? [])
        // After an exception the view is out of step: start again from what the model shows.
        if case .failure = applied { source = SimulatedDiffableDataSource(items: implPost.snapshotIdentifiers) }
        diffableSource = source
        return DiffableStep(before: before, dragged: dragged, applied: applied)
    }
}
