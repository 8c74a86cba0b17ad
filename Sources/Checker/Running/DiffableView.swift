import Generators
import ReferenceModel

/// The run loop's diffable view (D1–D5): for an implementation that feeds a diffable data
/// source, each step's snapshot is applied to a simulated one — after the user's drag, for a
/// reorder, which the view makes first — and what it did is a fact the `snapshot` property judges.
extension RunLoop {
    mutating func diffableStep(_ action: Action, _ implOut: StepOutcome, _ implPost: Observation) -> DiffableStep {
        var source = diffableSource ?? SimulatedDiffableDataSource()
        let before = source.items
        var dragged: [String]?
        if case let .reorder(from, to) = action, source.userMoved(from: from, to: to) != nil { dragged = source.items }
        let applied = source.apply(implPost.identifiers ?? [], reconfigure: implOut.reconfigured ?? [])
        // After an exception the view is out of step: start again from what the model shows.
        if case .failure = applied { source = SimulatedDiffableDataSource(items: implPost.identifiers ?? []) }
        diffableSource = source
        return DiffableStep(before: before, dragged: dragged, applied: applied)
    }
}
