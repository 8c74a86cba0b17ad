import Generators

/// A1–A4: the selected tab is active; the new tab is active; closing the active tab activates
/// the tab the policy names (SPEC: its next neighbour, else the previous one); the active tab
/// is open.
/// Seen failing on: planted `activeNilOnClose`; mutants 12, 24, 30.
package struct ActiveTabProperty: StepProperty {
    package static let name = Property("activeTab")
    package var rules: [String] { ["A1", "A2", "A3", "A4"] }
    package var needs: Set<Capability> { [.activeTab] }
    package init() {}

    /// The tabs made active, most recent last, from the observations (for the policy
    /// `mostRecentlyActive`; kept empty otherwise).
    var activations: [String] = []

    package mutating func check(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        let verdict = judge(f, pre, post)
        if f.policy.activeAfterClose == .mostRecentlyActive { remember(f, pre, post) }
        return verdict
    }

    func judge(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        let postIDs = post.tabIDs
        // Searched from the end: the active tab is most often a recent one (a new tab is).
        if let a = post.active, postIDs.lastIndex(of: a) == nil {
            return Violation(Self.name, "A4", "the active tab \(a) is not open")
        }
        guard f.outcome.rejected == nil else { return nil }
        if case .newTab = f.action, post.active != postIDs.last {
            return Violation(Self.name, "A2", "the new tab \(postIDs.last ?? "?") must be active, active is \(post.active ?? "none")")
        }
        if let replacement = Self.replacement(f, pre, post) {
            // The grid may not be empty (policy): the tab that took the last one's place is active.
            if post.active != replacement {
                return Violation(Self.name, "A3", "the new tab \(replacement) that replaced the last one must be active (policy emptyGrid=replacedByNewTab), active is \(post.active ?? "none")")
            }
            return nil
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
        if case .move(let i, _) = f.action, pre.displayed.indices.contains(i) {
            // F9 moves a tab; which one is active after it is the policy's (SPEC: the same as before).
            let expected = f.policy.moveSelection == .activatesMoved ? pre.displayed[i] : pre.active
            if post.active != expected {
                return Violation(Self.name, "F9", "moving \(pre.displayed[i]) must leave \(expected ?? "no tab") active (policy moveSelection=\(f.policy.moveSelection.rawValue)), active is \(post.active ?? "none")")
            }
        }
        return closedOne(f, pre, post)
    }

    /// A3 for a single tab closed (F3, F4, G6): if it was active, the policy's successor is
    /// active now; else the active tab is unchanged.
    func closedOne(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        switch f.action {
        case .closeDisplayed, .closeID, .flyAwayFinished: break
        case .willAppear, .newTab, .closeAll, .setQuery, .beginSearch, .endSearch, .cancelSearch, .setTitle, .move,
             .select, .reopen, .setViewport, .swipeBegan, .swipeChanged, .swipeEnded, .swipeCancelled, .tapClose,
             .save, .restoreSaved, .restoreData, .reorder, .beginMove, .updateMove, .endMove, .cancelMove,
             .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch: return nil
        }
        let preIDs = pre.tabIDs, postIDs = post.tabIDs
        guard postIDs.count == preIDs.count - 1, let gone = f.gone.first, let at = preIDs.firstIndex(of: gone) else { return nil }
        guard pre.active == gone else {
            if post.active != pre.active {
                return Violation(Self.name, "A3", "closing \(gone), which was not active, changed the active tab from \(pre.active ?? "none") to \(post.active ?? "none")")
            }
            return nil
        }
        let next = at + 1 < preIDs.count ? preIDs[at + 1] : nil
        let previous = at > 0 ? preIDs[at - 1] : nil
        let expected: String?
        switch f.policy.activeAfterClose {
        case .nextThenPrevious: expected = next ?? previous
        case .previousThenNext: expected = previous ?? next
        case .none: expected = nil
        case .mostRecentlyActive: expected = activations.last { $0 != gone && postIDs.contains($0) } ?? next ?? previous
        }
        if post.active != expected {
            return Violation(Self.name, "A3", "closing the active tab \(gone) must activate \(expected ?? "none") (policy activeAfterClose=\(f.policy.activeAfterClose.rawValue)), got \(post.active ?? "none")")
        }
        return nil
    }

    /// Under `emptyGrid=replacedByNewTab`, the new tab that took the place of the last one
    /// this step closed; nil when the step closed nothing, left tabs, or the grid may be empty.
    static func replacement(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> String? {
        switch f.action {
        case .closeDisplayed, .closeID, .flyAwayFinished, .closeAll: break
        case .willAppear, .newTab, .setQuery, .beginSearch, .endSearch, .cancelSearch, .setTitle, .move, .select,
             .reopen, .setViewport, .swipeBegan, .swipeChanged, .swipeEnded, .swipeCancelled, .tapClose, .save,
             .restoreSaved, .restoreData, .reorder, .beginMove, .updateMove, .endMove, .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch: return nil
        }
        guard f.policy.emptyGrid == .replacedByNewTab else { return nil }
        if case .closeAll = f.action { return post.replacement(of: pre, closingAll: true) }
        guard f.gone.count == pre.tabIDs.count else { return nil }
        return post.replacement(of: pre)
    }

    /// Keeps the activation history in step (a restore starts it afresh).
    mutating func remember(_ f: StepFacts, _ pre: Observation, _ post: Observation) {
        switch f.action {
        case .restoreData where f.outcome.rejected == nil, .relaunch: activations = []
        case .restoreSaved where f.outcome.rejected == nil && f.savedBefore: activations = []
        case .willAppear, .newTab, .closeDisplayed, .closeID, .closeAll, .setQuery, .beginSearch, .endSearch,
             .cancelSearch, .setTitle, .move, .select, .reopen, .setViewport, .swipeBegan, .swipeChanged,
             .swipeEnded, .swipeCancelled, .tapClose, .flyAwayFinished, .save, .restoreSaved, .restoreData, .reorder,
             .beginMove, .updateMove, .endMove, .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background: break
        }
        if let a = post.active, a != pre.active || activations.last != a {
            activations.removeAll { $0 == a }
            activations.append(a)
        }
    }
}
