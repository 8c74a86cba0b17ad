import Generators

/// B1, B2: from the first will-appear on, the view's Close All state equals "tabs is not empty".
/// Seen failing on: planted `noStateOnAppear`; mutants 03, 19.
package struct CloseAllButtonProperty: StepProperty {
    package static let name = Property("closeAllButton")
    package var rules: [String] { ["B1", "B2"] }
    package var needs: Set<Capability> { [.closeAll] }
    package init() {}

    package func check(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        let expected = !post.tabIDs.isEmpty
        if post.closeAllEnabled != expected {
            return Violation(Self.name, "B1", "Close All enabled is \(post.closeAllEnabled) with \(post.tabIDs.count) tabs open")
        }
        if f.appeared && f.viewCloseAll != expected {
            return Violation(Self.name, "B2", "the view's Close All state is \(f.viewCloseAll.map { "\($0)" } ?? "unset") but \(post.tabIDs.count) tabs are open")
        }
        return nil
    }
}
