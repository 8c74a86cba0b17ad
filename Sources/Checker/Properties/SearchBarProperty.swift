import Generators

/// F6, F7, read from the observations alone: a query change sets the query; begin editing
/// shows the Cancel button and end editing hides it; Cancel clears the query, hides the
/// button and, with an empty query, sends no collection update; nothing else changes the
/// query or the button (a restore, which empties the query, is the session property's).
/// Seen failing on: planted `cancelKeepsQuery`, `queryLowercased`; mutant 29.
package struct SearchBarProperty: StepProperty {
    package static let name = Property("searchBar")
    package var rules: [String] { ["F6", "F7"] }
    package var needs: Set<Capability> { [.filter] }
    package init() {}

    package func check(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        guard f.outcome.rejected == nil else { return nil }
        switch f.action {
        case .setQuery(let q):
            if post.query != q { return Violation(Self.name, "F6", "the query must become \(swiftLiteral(q)), it is \(swiftLiteral(post.query))") }
        case .beginSearch:
            if !post.cancelVisible { return Violation(Self.name, "F7", "beginning to edit the search must show the Cancel button") }
            if post.query != pre.query { return Violation(Self.name, "F7", "beginning to edit the search must keep the query") }
        case .endSearch:
            if post.cancelVisible { return Violation(Self.name, "F7", "ending the search editing must hide the Cancel button") }
            if post.query != pre.query { return Violation(Self.name, "F7", "ending the search editing must keep the query") }
        case .cancelSearch:
            if !post.query.isEmpty || post.cancelVisible {
                return Violation(Self.name, "F7", "Cancel must clear the query and hide the Cancel button: query \(swiftLiteral(post.query)), Cancel \(post.cancelVisible ? "shown" : "hidden")")
            }
            if pre.query.isEmpty && f.outcome.update != .none {
                return Violation(Self.name, "F7", "Cancel with an empty query must send no collection update, sent \(f.outcome.update)")
            }
        case .restoreData, .restoreSaved, .relaunch:
            break
        case .willAppear, .newTab, .closeDisplayed, .closeID, .closeAll, .setTitle, .move, .select, .reopen,
             .setViewport, .swipeBegan, .swipeChanged, .swipeEnded, .swipeCancelled, .tapClose, .flyAwayFinished,
             .save, .reorder, .beginMove, .updateMove, .endMove, .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background:
            if post.query != pre.query || post.cancelVisible != pre.cancelVisible {
                return Violation(Self.name, "F6", "\(f.action.kind.rawValue) must not change the search bar: query \(swiftLiteral(pre.query)) → \(swiftLiteral(post.query)), Cancel \(pre.cancelVisible) → \(post.cancelVisible)")
            }
        }
        return nil
    }
}
