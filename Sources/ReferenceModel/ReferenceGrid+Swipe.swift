/// Swipe and fly-away (G1–G6), read literally.
extension ReferenceGrid {
    package mutating func swipeBegan(_ i: Int, vx: Double, vy: Double) -> RefOutcome {   // G1
        let shown = settle()
        guard i >= 0 && i < shown.count else { return .reject("indexOutOfRange") }
        if swipe.holder != nil { return RefOutcome() }          // another cell swipes
        if abs(vy) > abs(vx) { return RefOutcome() }             // more vertical than horizontal
        if pending.contains(shown[i]) { return RefOutcome() } // G6: flying away
        swipe = RefSwipe(holder: shown[i], offset: 0, scale: 1, above: true)
        return RefOutcome()
    }

    package mutating func swipeChanged(_ tx: Double) -> RefOutcome {                      // G3
        if swipe.holder == nil { return RefOutcome() }
        swipe.offset = tx < 0 ? tx : tx / 5
        swipe.scale = 1.05
        return RefOutcome()
    }

    package mutating func swipeEnded(_ tx: Double, vx: Double) -> RefOutcome {            // G4, G5
        guard let id = swipe.holder else { return RefOutcome() }
        let offset = swipe.offset
        swipe = RefSwipe()
        let delete = tx <= 0 && (-tx >= 125 || -vx >= 1000)
        if !delete { return RefOutcome() }
        return flyAway(id, offset: offset)
    }

    package mutating func swipeCancelled() -> RefOutcome { swipe = RefSwipe(); return RefOutcome() }  // G4

    package mutating func tapClose(_ i: Int) -> RefOutcome {                              // G6
        let shown = settle()
        guard i >= 0 && i < shown.count else { return .reject("indexOutOfRange") }
        let id = shown[i]
        return flyAway(id, offset: swipe.holder == id ? swipe.offset : 0)
    }

    package mutating func flyAwayFinished(_ id: String) -> RefOutcome {                  // G6 → F4
        guard pending.contains(id) else { return RefOutcome() }
        pending.removeAll { $0 == id }
        return closeByID(id)
    }

    /// G6: duration = (distance from the cell's right edge to the view's left edge) / 5000.
    private mutating func flyAway(_ id: String, offset: Double) -> RefOutcome {
        if pending.contains(id) { return RefOutcome() }
        pending.append(id)
        let shown = settle()
        let l = RefLayout.compute(viewport, displayedCount: shown.count)
        var distance = 0.0
        if !l.tooSmall, let index = shown.firstIndex(of: id) {
            let perRow = max(1, Int(l.columns.rounded(.down)))
            let column = Double(index % perRow)
            distance = l.insetLeft + column * (l.itemWidth + 10) + l.itemWidth + offset
        }
        var duration = distance / 5000
        if !(duration > 0) || !duration.isFinite { duration = 0 }
        return RefOutcome(flyAwayDuration: duration)
    }
}
