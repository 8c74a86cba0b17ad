/// D4, read naively: a movement is a tab and a target; it ends when that tab is not displayed
/// after an event, or on a restore; a drop is F9's move, which the view already made.
package struct RefMovement: Equatable, Sendable {
    package var tab: String
    package var target: Int
}

extension ReferenceGrid {
    package mutating func beginMove(_ i: Int) -> RefOutcome {
        let shown = settle()
        guard shown.indices.contains(i) else { return RefOutcome(rejected: "indexOutOfRange") }
        if movement == nil { movement = RefMovement(tab: shown[i], target: i) }
        return RefOutcome()
    }

    package mutating func updateMove(_ j: Int) -> RefOutcome {
        if movement != nil && settle().indices.contains(j) { movement!.target = j }
        return RefOutcome()
    }

    package mutating func endMove() -> RefOutcome {
        guard let m = movement else { return RefOutcome() }
        movement = nil
        let shown = settle()
        guard let from = shown.firstIndex(of: m.tab), shown.indices.contains(m.target) else { return RefOutcome() }
        var r = move(from, m.target)
        r.update = .none
        return r
    }

    package mutating func cancelMove() -> RefOutcome {
        movement = nil
        return RefOutcome()
    }

    /// After every event: a movement whose tab is no longer displayed has ended.
    package mutating func endMovementIfHidden() {
        if let m = movement, !settle().contains(m.tab) { movement = nil }
    }
}
