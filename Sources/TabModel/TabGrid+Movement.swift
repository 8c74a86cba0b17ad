/// D4: the user's interactive movement (seed 002 "Rearranging Cells": a long press, the cell
/// dragged over many targets, then dropped or cancelled), in either view kind. The view shows
/// the cell moving; the model changes only when it is dropped, and then as F9 (D5).
extension TabGrid {
    /// D4: a long press on the cell displayed at `index` begins a movement. One at a time: a
    /// second press while one is in progress is ignored. Out of range: rejected. O(n/B + B).
    public mutating func beginInteractiveMovement(at index: Int) throws(TabGridError) -> GridUpdate {
        let entry = try displayedEntry(index, event: "beginInteractiveMovement(at:)")
        guard movement == nil else { return .none }
        movement = Movement(tab: entry.tab.id, target: index)
        return .none
    }

    /// D4: the drag is over displayed position `index`; the delegate
    /// (`targetIndexPathForMoveFromItemAt:toProposedIndexPath:`) refuses a place outside the
    /// displayed items, and the target stays where it was. No movement: ignored. O(1).
    public mutating func updateInteractiveMovement(to index: Int) -> GridUpdate {
        guard movement != nil, index >= 0, index < displayedCount else { return .none }
        movement?.target = index
        return .none
    }

    /// D4: the cell is dropped at the target: F9's move of the moving tab, which the view has
    /// already made (D5: no update). No movement, or a target no longer displayed: nothing. O(n/B + B).
    public mutating func endInteractiveMovement() -> GridUpdate {
        guard let m = movement else { return .none }
        movement = nil
        guard let from = list.location(of: m.tab)?.displayedIndex, m.target < displayedCount else { return .none }
        _ = try? move(from: from, to: m.target)
        return .none
    }

    /// D4: the movement is cancelled: nothing changes (the view puts the cell back). O(1).
    public mutating func cancelInteractiveMovement() -> GridUpdate {
        movement = nil
        return .none
    }
}

/// D4: an interactive movement in progress: the tab being dragged and the displayed position
/// it would be dropped at. It ends when the tab stops being displayed (closed, hidden by the
/// query or its title, Close All, a restore).
public struct Movement: Equatable, Sendable {
    public let tab: TabID
    public internal(set) var target: Int
}
