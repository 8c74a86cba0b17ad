import Generators

/// A1–A4: the selected tab is active; the new tab is active; closing the active tab activates its neighbour; the active tab is open.
/// Seen failing on: planted `activeNilOnClose`; mutants 12, 24, 30.
public struct ActiveTabProperty: StepProperty {
    public static let name = Property("activeTab")
    public var rules: [String] { ["A1", "A2", "A3", "A4"] }
    public var needs: Set<Capability> { [.activeTab] }
    public init() {}

    public func check(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        let postIDs = post.tabIDs
        if let a = post.active, !postIDs.contains(a) {
            return Violation(Self.name, "A4", "the active tab \(a) is not open")
        }
        guard f.outcome.rejected == nil else { return nil }
        if case .newTab = f.action, post.active != postIDs.last {
            return Violation(Self.name, "A2", "the new tab \(postIDs.last ?? "?") must be active, active is \(post.active ?? "none")")
        }
        if case .closeAll = f.action, post.active != nil {
            return Violation(Self.name, "A3", "after Close All no tab may be active")
        }
        if case .select(let i) = f.action {
            guard pre.displayed.indices.contains(i) else {
                return Violation(Self.name, "A1", "selecting displayed item \(i) must be rejected: \(pre.displayed.count) items are displayed")
            }
            if post.active != pre.displayed[i] {
                return Violation(Self.name, "A1", "selecting displayed item \(i) must make \(pre.displayed[i]) active, active is \(post.active ?? "none")")
            }
        }
        let preIDs = pre.tabIDs
        // A single tab closed (F3, F4, G6): if it was active, its neighbour is active now.
        let closes: Bool
        switch f.action {
        case .closeDisplayed, .closeID, .flyAwayFinished: closes = true
        default: closes = false
        }
        if closes, postIDs.count == preIDs.count - 1, let gone = f.gone.first {
            let at = preIDs.firstIndex(of: gone)!
            if pre.active == gone {
                let expected = at + 1 < preIDs.count ? preIDs[at + 1] : (at > 0 ? preIDs[at - 1] : nil)
                if post.active != expected {
                    return Violation(Self.name, "A3", "closing the active tab \(gone) must activate \(expected ?? "none"), got \(post.active ?? "none")")
                }
            } else if post.active != pre.active {
                return Violation(Self.name, "A3", "closing \(gone), which was not active, changed the active tab from \(pre.active ?? "none") to \(post.active ?? "none")")
            }
        }
        return nil
    }
}
