/// Swipe to delete and the close button's fly-away (G1–G6).
extension TabGrid {
    /// G1: a pan begins on the cell displayed at `index`. Cancelled (no state change) when
    /// another cell swipes, when it is more vertical than horizontal, or when the tab is
    /// already flying away (G6). O(n/B + B).
    public mutating func swipeBegan(at index: Int, velocityX vx: Double, velocityY vy: Double) throws(TabGridError) -> GridUpdate {
        let id = try displayedEntry(index, event: "swipeBegan(at:)").tab.id
        guard !pendingFlyAways.contains(id) else { return .none }
        _ = swipe.begin(id, vx: vx, vy: vy)
        return .none
    }

    /// G3: the finger moved to horizontal translation `tx`; ignored with no swipe. O(1).
    public mutating func swipeChanged(translationX tx: Double) -> GridUpdate {
        swipe.change(tx)
        return .none
    }

    /// G4: release at translation `tx`, velocity `vx`: fly away (deferred delete, G6) or fly
    /// back; the swipe is released either way (G5). Ignored with no swipe. O(n/B + B).
    public mutating func swipeEnded(translationX tx: Double, velocityX vx: Double) -> GridUpdate {
        guard let id = swipe.holder else { return .none }
        let offset = swipe.offset
        swipe.release()
        guard SwipeState.deletes(translation: tx, velocity: vx) else { return .none }
        return startFlyAway(id, offset: offset)
    }

    /// G4: the system cancelled the gesture: always fly back, release the swipe. O(1).
    public mutating func swipeCancelled() -> GridUpdate {
        swipe.release()
        return .none
    }

    /// G6: the close button of the cell displayed at `index` starts its fly-away; the tab
    /// closes when ``flyAwayFinished(_:)`` reports the animation done. O(n/B + B).
    public mutating func tapClose(at index: Int) throws(TabGridError) -> GridUpdate {
        let id = try displayedEntry(index, event: "tapClose(at:)").tab.id
        return startFlyAway(id, offset: swipe.holder == id ? swipe.offset : 0)
    }

    /// G6: a fly-away animation completed: close that tab by identity (F4) — whatever
    /// happened meanwhile. Not pending (already closed, restored over): no-op. O(n/B + B).
    public mutating func flyAwayFinished(_ id: TabID) -> GridUpdate {
        guard let i = pendingFlyAways.firstIndex(of: id) else { return .none }
        pendingFlyAways.remove(at: i)
        return close(id)
    }

    /// G6: records the pending fly-away and its duration, the distance from the cell's
    /// right edge to the left edge of the view over 5000 pt/s, never negative.
    mutating func startFlyAway(_ id: TabID, offset: Double) -> GridUpdate {
        guard !pendingFlyAways.contains(id) else { return .none }   // G6: ignored while flying
        pendingFlyAways.append(id)
        var distance = 0.0
        if case .grid(let g) = layout, let index = list.location(of: id)?.displayedIndex {
            let column = Double(index % max(1, g.itemsPerRow))
            distance = g.insetLeft + column * (g.itemWidth + g.spacing) + g.itemWidth + offset
        }
        let duration = max(0, distance) / SwipeConstants.flyLeftSpeed
        return GridUpdate(.none, flyAway: FlyAway(tab: id, duration: duration.isFinite ? duration : 0))
    }
}
