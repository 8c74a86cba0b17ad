import Generators

/// F3, F9, A1, G1, G6, P3: a rejected event changes nothing and sends no update.
/// Seen failing on: planted `rejectedSelectClearsActive`.
package struct RejectionProperty: StepProperty {
    package static let name = Property("rejection")
    package var rules: [String] { ["F3", "F9", "A1", "G1", "G6", "P3"] }
    package var needs: Set<Capability> { [] }
    package init() {}

    package func check(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        guard f.outcome.rejected != nil else { return nil }
        if post != pre {
            return Violation(Self.name, "rejected \(f.action.kind.rawValue)", "a rejected event changed the state", differences: post.diff(against: pre, "after", "before"))
        }
        if f.outcome.update != .none { return Violation(Self.name, "F10", "a rejected event sent the update \(f.outcome.update)") }
        return nil
    }
}
