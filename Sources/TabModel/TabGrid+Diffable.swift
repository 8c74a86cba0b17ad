/// The grid as a diffable data source sees it (D1–D5, docs/SPEC.md): the snapshot to apply
/// after every event, and the user's reorder, which the data source has already made when the
/// model hears of it.
extension TabGrid {
    /// D1: the item identifiers of the snapshot to apply (`snapshot()` is the session) — the displayed tabs' ids, in
    /// displayed order; a tab keeps its id for its whole life (D2). O(n).
    public var itemIdentifiers: [TabID] {
        var ids: [TabID] = []
        ids.reserveCapacity(displayedCount)
        forEachDisplayed { ids.append($0.id) }
        return ids
    }

    /// D5: the user dragged a cell and the diffable data source reordered itself first
    /// (`reorderingHandlers.didReorder` hands over an `NSDiffableDataSourceTransaction`);
    /// the model follows with F9's move. `transaction` is the snapshot before and after the
    /// drag: it must be this grid's displayed tabs, and the same with one tab moved. The view
    /// has already moved, so the update has nothing to animate. O(n).
    public mutating func didReorder(_ transaction: ReorderTransaction) throws(TabGridError) -> GridUpdate {
        let initial = transaction.initial, final = transaction.final
        // A drag that ended where it began moved nothing (F9 with i == j).
        if initial == final && initial == itemIdentifiers { return .none }
        guard initial == itemIdentifiers, let (from, to) = transaction.move else {
            throw .staleTransaction(displayed: displayedCount, initial: initial.count, final: final.count)
        }
        _ = try move(from: from, to: to)
        return .none
    }
}

/// What a diffable data source hands over after the user reordered (D5): its items before
/// and after the drag, and the item the user dragged — UIKit's `NSDiffableDataSourceTransaction`
/// (`initialSnapshot`, `finalSnapshot`, and its `difference`, whose one removal and one
/// insertion name the dragged item). The dragged item matters: swapping two neighbours is
/// the first moved down or the second moved up — the same items on screen, but another place
/// among the tabs the query hides (F9). Reading the move off the snapshots alone picked the
/// wrong one; the checker found it (docs/diffable.md).
public struct ReorderTransaction: Equatable, Sendable {
    public let initial: [TabID]
    public let final: [TabID]
    public let dragged: TabID
    public init(initial: [TabID], final: [TabID], dragged: TabID) { self.initial = initial; self.final = final; self.dragged = dragged }

    /// The move of `dragged` that turns `initial` into `final` (displayed indices), or nil
    /// when it does not.
    public var move: (from: Int, to: Int)? {
        guard let from = initial.firstIndex(of: dragged), let to = final.firstIndex(of: dragged) else { return nil }
        var moved = initial
        moved.insert(moved.remove(at: from), at: to)
        return moved == final ? (from, to) : nil
    }
}
