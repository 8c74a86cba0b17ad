import Generators

/// U1–U3: closes are recorded (at most 20), reopen restores them, nothing to reopen is a no-op.
/// Seen failing on: planted `closesNotRecorded`; mutants 22, 28.
public struct ReopenProperty: StepProperty {
    public static let name = Property("reopen")
    public let rules = ["U1", "U2", "U3"]
    public let needs: Set<Capability> = [.reopen]
    public init() {}

    public func check(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        let p = post
        if p.closedCount > 20 { return Violation(Self.name, "U1", "\(p.closedCount) closes are kept; at most 20") }
        guard f.outcome.rejected == nil else { return nil }
        let preIDs = pre.tabIDs, postIDs = post.tabIDs
        let gone = f.gone
        switch f.action {
        case .reopen:
            if pre.closedCount == 0 {
                if p != pre { return Violation(Self.name, "U3", "reopen with nothing to reopen changed the state") }
            } else {
                let back = pre.newestClosed.filter { !preIDs.contains($0) }
                if postIDs.count != preIDs.count + back.count || !Set(back).isSubset(of: postIDs) {
                    return Violation(Self.name, "U2", "reopen must bring back \(back); tabs went from \(preIDs) to \(postIDs)")
                }
                if p.closedCount != pre.closedCount - 1 { return Violation(Self.name, "U2", "reopen must consume the newest entry") }
            }
        case .restoreSaved where !f.savedBefore:
            if p.closedCount != pre.closedCount { return Violation(Self.name, "U1", "restoring with nothing saved changed the reopen history") }
        case .restoreSaved, .restoreData:
            if p.closedCount != 0 { return Violation(Self.name, "U1", "a restore must clear the reopen history") }
        default:
            if !gone.isEmpty {
                if Set(p.newestClosed) != Set(gone) {
                    return Violation(Self.name, "U1", "closing \(gone) must record them as the newest entry, got \(p.newestClosed)")
                }
                if p.closedCount != min(20, pre.closedCount + 1) {
                    return Violation(Self.name, "U1", "a close must add one entry (now \(p.closedCount), before \(pre.closedCount))")
                }
            } else if p.closedCount != pre.closedCount {
                return Violation(Self.name, "U1", "a step that closed nothing changed the reopen history")
            }
        }
        return nil
    }
}
