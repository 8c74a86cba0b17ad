/// The named properties. Each is checked after every step; each has been seen to fail on a
/// planted bug (see `Tests/PropertyTests/MutantKillTests.swift` and scripts/mutants/).
public enum Property: String, CaseIterable, Sendable, Codable {
    /// Implementation and oracle agree on every observed field, accept/reject and fly-away duration.
    /// Seen failing on: planted `titlesTrimmed`; mutants 09, 13, 14, 15, 23, 29.
    case differential
    /// F3, F4, G6, F10: the tab removed is the one displayed at that index (or with that id);
    /// the simulated collection view accepts every update and ends equal to `displayed`.
    /// Seen failing on: planted `closesTabsIndex`, `newTabInsertsFullCount`; mutants 01, 02, 04, 11, 17, 20, 21.
    case mapping
    /// B1, B2: from the first will-appear on, the view's Close All state equals "tabs is not empty".
    /// Seen failing on: planted `noStateOnAppear`; mutants 03, 19.
    case closeAllButton
    /// L5, L6: the simulated flow layout puts `floor(columns)` items in a full row, within the bounds.
    /// Seen failing on: planted `noMinimumWidth`, `layoutFromFullCount`; mutant 10; the tutorial layout in LayoutSweepTests.
    case itemsPerRow
    /// A2, A3, A4: the new tab is active; closing the active tab activates its neighbour; the active tab is open.
    /// Seen failing on: planted `activeNilOnClose`; mutants 12, 24, 30.
    case activeTab
    /// G1–G6: one swipe at a time, scrolling iff none, no stuck lock, rightward never deletes, durations ≥ 0.
    /// Seen failing on: planted `rightwardDeletes`, `negativeDuration`, `lockKeptOnClose`; mutants 05–08, 16, 25–27.
    case swipeLock
    /// U1–U3: closes are recorded (at most 20), reopen restores them, nothing to reopen is a no-op.
    /// Seen failing on: planted `closesNotRecorded`; mutants 22, 28.
    case reopen
    /// P2–P5: save → restore round-trips; a failed restore changes nothing; a save that crashes
    /// leaves the previous save loadable. Seen failing on: planted `partialRestore`; mutant 18.
    case session
    /// F3, F9, A1, G1, G6: a rejected event changes nothing.
    /// Seen failing on: planted `rejectedSelectClearsActive`.
    case rejection
    /// F1, read from the observation alone: with a non-empty query, displayed is exactly the
    /// tabs whose lowercased title contains the lowercased query, Character-wise, in tab
    /// order; with an empty one, every tab. Judges a model even with `differential` off.
    /// Seen failing on: planted `filterByScalars`.
    case filter
    /// The model never crashes: a driver reports a crash its model would have had
    /// (`StepOutcome.crash`); checked whatever properties are chosen, and the run stops.
    /// Seen failing on: planted `crashesOnCloseAll`.
    case crash

    public var rules: String {
        switch self {
        case .differential: return "all"
        case .mapping: return "F3 F4 F10 G6"
        case .closeAllButton: return "B1 B2"
        case .itemsPerRow: return "L5 L6"
        case .activeTab: return "A2 A3 A4"
        case .swipeLock: return "G1 G2 G3 G4 G5 G6"
        case .reopen: return "U1 U2 U3"
        case .session: return "P2 P3 P4 P5"
        case .rejection: return "F3 F9 A1 G1 G6 P3"
        case .filter: return "F1"
        case .crash: return "all"
        }
    }
}

/// A broken property at one step.
public struct Violation: Error, Equatable, Sendable, CustomStringConvertible {
    public let property: Property
    /// The rule id(s) broken, e.g. "F3" or "differential: tabs (F2–F9)".
    public let rule: String
    public let message: String
    public let differences: [Difference]

    public init(_ property: Property, _ rule: String, _ message: String, differences: [Difference] = []) {
        self.property = property; self.rule = rule; self.message = message; self.differences = differences
    }

    public var description: String {
        var s = "[\(property.rawValue)] \(rule): \(message)"
        if !differences.isEmpty { s += "\n" + differences.map(\.description).joined(separator: "\n") }
        return s
    }

    /// Two violations are "the same failure" for shrinking when property and rule agree —
    /// or, for the differential property, when at least one field that differed before
    /// still differs (a shorter sequence may show the same bug first in another field).
    public func sameFailure(as other: Violation) -> Bool {
        guard property == other.property else { return false }
        if rule == other.rule { return true }
        guard property == .differential, !differences.isEmpty else { return false }
        return !Set(differences.map(\.field)).isDisjoint(with: other.differences.map(\.field))
    }
}
