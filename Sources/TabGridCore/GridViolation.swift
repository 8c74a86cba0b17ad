import Foundation

/// A broken property at one step.
public struct GridViolation: Error, Equatable, Sendable, CustomStringConvertible {
    public let property: GridPropertyName
    /// The rule id(s) broken, e.g. "F3" or "tabs (F2–F9)" for a differential field.
    public let rule: String
    public let message: String
    public let differences: [GridDifference]

    public init(_ property: GridPropertyName, _ rule: String, _ message: String, differences: [GridDifference] = []) {
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
    package func sameFailure(as other: GridViolation) -> Bool {
        guard property == other.property else { return false }
        // A trap is the same failure when it is at the same place in the source.
        if rule == "trap" && other.rule == "trap" { return trapSite == other.trapSite }
        if rule == other.rule { return true }
        guard property == .differential, !differences.isEmpty else { return false }
        return !Set(differences.map(\.field)).isDisjoint(with: other.differences.map(\.field))
    }

    /// For a trap: the runtime's "file:line: Fatal error: text" without the driver's words
    /// around it — what tells two traps apart.
    package var trapSite: String {
        guard let colon = message.firstIndex(of: ":") else { return message }
        var site = String(message[message.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        // The model's frame, when a backtrace named it (only the reported run has one), is not compared.
        if let frame = site.range(of: "), in ", options: .backwards) { site = String(site[..<frame.lowerBound]) + ")" }
        return site
    }
}
