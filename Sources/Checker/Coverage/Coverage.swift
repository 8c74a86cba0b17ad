import Generators

/// How often each action kind ran and which interesting situations were reached
/// (QuickCheck's `aggregate`/`collect`). Printed sorted, so output is deterministic.
package struct Coverage: Sendable {
    /// How often each kind ran (kinds that never ran are absent).
    package var kinds: [ActionKind: Int] { Self.table(ActionKind.allCases, kindCounts) }
    /// How often each situation was reached (situations never reached are absent).
    package var situations: [Situation: Int] { Self.table(Situation.allCases, situationCounts) }
    /// The counts themselves, by declaration order: counting is an array increment, not a
    /// dictionary update (it happens at every step).
    var kindCounts = [Int](repeating: 0, count: ActionKind.allCases.count)
    var situationCounts = [Int](repeating: 0, count: Situation.allCases.count)
    /// Each numeric field's values by `NumberClass` (`NumberCoverage.swift`).
    var numberCounts = [Int](repeating: 0, count: Coverage.numberSlots)

    private static func table<K: Hashable>(_ keys: [K], _ counts: [Int]) -> [K: Int] {
        Dictionary(uniqueKeysWithValues: zip(keys, counts).filter { $0.1 > 0 })
    }
    /// Sequence lengths, most tabs open, viewport classes (the HTML report's charts).
    package internal(set) var distributions = Distributions()
    /// Whether this sequence's last restore brought back ids of the new-tab form (a
    /// coverage is one sequence's until merged, so this is per sequence).
    var restoredNewTabForm = false

    package init() {}

    mutating func count(_ kind: ActionKind) { kindCounts[kind.order] += 1 }
    mutating func count(_ s: Situation) { situationCounts[s.order] += 1 }

    package mutating func merge(_ other: Coverage) {
        for i in kindCounts.indices { kindCounts[i] += other.kindCounts[i] }
        for i in situationCounts.indices { situationCounts[i] += other.situationCounts[i] }
        for i in numberCounts.indices { numberCounts[i] += other.numberCounts[i] }
        distributions.merge(other.distributions)
    }

    /// Notes what this step exercised.
    mutating func observe(_ action: Action, pre: Observation, post: Observation, outcome: StepOutcome, queryChangedSincePending: Bool) {
        count(action.kind)
        observeNumbers(action)
        let filtering = pre.displayed.count < pre.tabIDs.count
        if outcome.rejected == "indexOutOfRange" { count(.indexRejected) }
        if outcome.rejected == "invalidSession" { count(.corruptRestoreRejected) }
        if post.layout.tooSmall { count(.tooSmallLayout) }
        if pre.swipeHolder != nil && post.swipeHolder == nil, !post.displayed.contains(pre.swipeHolder!) { count(.swipeLockReleasedByHiding) }
        // (Searched from the end, as `contains` would say: the active tab is most often a recent one.)
        if pre.active != nil && post.tabIDs.lastIndex(of: pre.active!) == nil { count(.closeActiveTab) }
        guard outcome.rejected == nil else { return }
        switch action {
        case .closeDisplayed where filtering, .tapClose where filtering: count(.closeUnderFilterHidingTabs)
        case .move(let f, let t) where filtering && f != t: count(.moveUnderFilter)
        case .newTab where post.displayed.count == pre.displayed.count: count(.newTabHiddenByFilter)
        case .setTitle(let id, _):
            let was = pre.displayed.lastIndex(of: id) != nil, now = post.displayed.lastIndex(of: id) != nil
            if was && !now { count(.titleChangeHides) }
            if !was && now { count(.titleChangeShows) }
        case let .swipeEnded(tx, vx) where pre.swipeHolder != nil:
            if tx <= 0 && -tx >= 125 { count(.swipeDeletesByDistance) }
            else if tx <= 0 && -vx >= 1000 { count(.swipeDeletesBySpeed) }
            else if tx > 0 && -vx >= 1000 { count(.swipeRightFastFliesBack) }
            else { count(.swipeFliesBack) }
        case .swipeCancelled where pre.swipeHolder != nil: count(.swipeCancelled)
        case .swipeBegan where pre.swipeHolder != nil: count(.secondSwipeRefused)
        case .setViewport where !post.layout.tooSmall && post.layout.columns == 3: count(.landscapeLayout)
        case .restoreSaved, .restoreData: count(.restoreAccepted)
        case .closeAll where !pre.pending.isEmpty: count(.flyAwayOvertakenByCloseAll)
        case .flyAwayFinished(let id):
            if !pre.tabIDs.contains(id) { count(.flyAwayCompletionForClosedTab) }
            else if pre.pending.contains(id) && queryChangedSincePending { count(.flyAwayAfterQueryChange) }
        case .reopen:
            if pre.closedCount == 0 { count(.reopenNothing) } else if !pre.query.isEmpty { count(.reopenUnderFilter) }
        case .willAppear, .newTab, .closeDisplayed, .closeID, .closeAll, .setQuery, .beginSearch, .endSearch,
             .cancelSearch, .move, .select, .setViewport, .swipeBegan, .swipeChanged, .swipeEnded, .swipeCancelled,
             .tapClose, .save, .reorder, .beginMove, .updateMove, .endMove, .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch: break
        }
        observeMore(action, pre: pre, post: post, filtering: filtering)
    }

    /// A table: kinds by count, then situations in declaration order.
    package func table() -> String {
        var lines = ["action kind            count"]
        for k in ActionKind.allCases { lines.append(pad(k.rawValue, 22) + " " + String(kindCounts[k.order])) }
        lines.append("")
        lines.append("situation                                                    rules     count")
        for s in Situation.allCases {
            lines.append(pad(s.rawValue, 60) + " " + pad(s.rules.joined(separator: ","), 9) + " " + String(situationCounts[s.order]))
        }
        lines.append("")
        lines.append(numberTable())
        return lines.joined(separator: "\n")
    }

    func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
}
