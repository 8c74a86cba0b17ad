import Generators

/// G1–G6: one swipe at a time, scrolling iff none, no stuck lock, rightward never deletes, durations ≥ 0.
/// Seen failing on: planted `rightwardDeletes`, `negativeDuration`, `lockKeptOnClose`; mutants 05–08, 16, 25–27.
package struct SwipeLockProperty: StepProperty {
    package static let name = Property("swipeLock")
    package var rules: [String] { ["G1", "G2", "G3", "G4", "G5", "G6"] }
    package var needs: Set<Capability> { [.swipes, .flyAway] }
    package init() {}

    package func check(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        let p = post
        if p.scrollEnabled != (p.swipeHolder == nil) {
            return Violation(Self.name, "G2", "scrolling is \(p.scrollEnabled ? "enabled" : "disabled") while \(p.swipeHolder ?? "no cell") swipes")
        }
        if let h = p.swipeHolder, !p.displayed.contains(h) {
            return Violation(Self.name, "G5", "the swipe lock is held by \(h), which is not displayed: a stuck lock")
        }
        if p.swipeHolder == nil && (p.swipeOffset != 0 || p.swipeScale != 1 || p.swipeAbove) {
            return Violation(Self.name, "G3", "no cell swipes, yet offset \(p.swipeOffset), scale \(p.swipeScale), above \(p.swipeAbove)")
        }
        if let d = f.outcome.flyAwayDuration, !(d >= 0 && d.isFinite) {
            return Violation(Self.name, "G6", "fly-away duration \(d) is negative or not finite")
        }
        let newlyPending = p.pending.filter { !pre.pending.contains($0) }
        if let v = refusedChangesNothing(f, pre, post, newlyPending) { return v }
        switch f.action {
        case .swipeBegan where pre.swipeHolder != nil:
            if p.swipeHolder != pre.swipeHolder {
                return Violation(Self.name, "G1", "a second swipe began while \(pre.swipeHolder!) swiped")
            }
        case let .swipeBegan(_, vx, vy) where abs(vy) > abs(vx):
            if p.swipeHolder != nil { return Violation(Self.name, "G1", "a more vertical than horizontal pan began a swipe") }
        case let .swipeChanged(tx) where p.swipeHolder != nil:
            let expected = tx < 0 ? tx : tx / 5
            if !sameValue(p.swipeOffset, expected) || p.swipeScale != 1.05 {   // a NaN tx gives a NaN offset on both sides (decisions.md, Command line and inputs)
                return Violation(Self.name, "G3", "after changed(\(tx)) the offset is \(p.swipeOffset) (expected \(expected)), scale \(p.swipeScale)")
            }
        case let .swipeEnded(tx, vx):
            if p.swipeHolder != nil { return Violation(Self.name, "G5", "the swipe lock is still held after the gesture ended") }
            if let h = pre.swipeHolder {
                let deletes = tx <= 0 && (-tx >= 125 || -vx >= 1000)
                if !deletes && newlyPending.contains(h) {
                    return Violation(Self.name, "G4", "a release at tx \(tx), vx \(vx) must fly back, but \(h) flies away")
                }
                if deletes && !pre.pending.contains(h) && !p.pending.contains(h) {
                    return Violation(Self.name, "G4", "a release at tx \(tx), vx \(vx) must delete \(h), but it flies back")
                }
            }
        case .swipeCancelled:
            if p.swipeHolder != nil { return Violation(Self.name, "G5", "the swipe lock is still held after the gesture was cancelled") }
            if !newlyPending.isEmpty { return Violation(Self.name, "G4", "a cancelled gesture deleted \(newlyPending)") }
        case .willAppear, .newTab, .closeDisplayed, .closeID, .closeAll, .setQuery, .beginSearch, .endSearch,
             .cancelSearch, .setTitle, .move, .select, .reopen, .setViewport, .swipeBegan, .swipeChanged, .tapClose,
             .flyAwayFinished, .save, .restoreSaved, .restoreData, .reorder, .beginMove, .updateMove, .endMove,
             .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch: break
        }
        return nil
    }

    /// G1, G3: a gesture that did not begin — refused by the lock, more vertical than
    /// horizontal, or addressed with no gesture in progress — changes nothing: no tab
    /// closed, no fly-away started, no swipe state.
    func refusedChangesNothing(_ f: StepFacts, _ pre: Observation, _ p: Observation, _ newlyPending: [String]) -> Violation? {
        let refused: String?
        switch f.action {
        case .swipeBegan where pre.swipeHolder != nil: refused = "a swipe that began while \(pre.swipeHolder!) swiped"
        case let .swipeBegan(_, vx, vy) where abs(vy) > abs(vx): refused = "a more vertical than horizontal pan"
        case .swipeChanged where pre.swipeHolder == nil, .swipeEnded where pre.swipeHolder == nil,
             .swipeCancelled where pre.swipeHolder == nil:
            refused = "\(f.action) with no swipe in progress"
        case .willAppear, .newTab, .closeDisplayed, .closeID, .closeAll, .setQuery, .beginSearch, .endSearch,
             .cancelSearch, .setTitle, .move, .select, .reopen, .setViewport, .swipeBegan, .swipeChanged,
             .swipeEnded, .swipeCancelled, .tapClose, .flyAwayFinished, .save, .restoreSaved, .restoreData, .reorder,
             .beginMove, .updateMove, .endMove, .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch: refused = nil
        }
        guard let refused, f.outcome.rejected == nil else { return nil }
        if p.tabIDs != pre.tabIDs { return Violation(Self.name, "G1", "\(refused) must change nothing, but it closed \(f.gone)") }
        if !newlyPending.isEmpty { return Violation(Self.name, "G1", "\(refused) must change nothing, but it started the fly-away of \(newlyPending)") }
        if f.outcome.flyAwayDuration != nil { return Violation(Self.name, "G1", "\(refused) must change nothing, but it started a fly-away") }
        return nil
    }
}
