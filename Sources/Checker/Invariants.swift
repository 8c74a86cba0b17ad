import Generators
import ReferenceModel

/// What the invariants see of one step of the implementation under test, besides its
/// observations before and after (`pre`, `post`), which they are handed alongside: passed as
/// arguments, an observation is borrowed; kept in this struct, each step would copy both.
struct StepFacts {
    let action: Action
    /// The ids in `pre` but not in `post`, in `pre` order (empty for most steps).
    let gone: [String]

    /// `pre` minus `post`, in `pre` order. Ids are unique (the mapping property checks it),
    /// so when `post` is `pre` with some ids removed — every close — one merge pass finds
    /// them; otherwise (a restore, a move) a set does.
    static func gone(from pre: [String], to post: [String]) -> [String] {
        if post.count >= pre.count && post.starts(with: pre) { return [] }   // unchanged, or tabs appended
        if post.count > pre.count && inserted(into: pre, giving: post) != nil { return [] }   // tabs inserted (a reopen)
        var out: [String] = []
        var j = 0
        for id in pre {
            if j < post.count && post[j] == id { j += 1 } else { out.append(id) }
        }
        if j == post.count { return out }
        let now = Set(post)
        return pre.filter { !now.contains($0) }
    }
    /// The ids of `post` that are not in `pre`, in order, when `pre` is `post` with just
    /// those taken out (tabs inserted, none removed or moved); nil otherwise. O(n).
    static func inserted(into pre: [String], giving post: [String]) -> [String]? {
        var extra: [String] = []
        var i = 0
        for id in post {
            if i < pre.count && pre[i] == id { i += 1 } else { extra.append(id) }
        }
        return i == pre.count ? extra : nil
    }
    let outcome: StepOutcome
    let viewport: ViewportSpec
    /// Whether `.willAppear` has happened (B2).
    let appeared: Bool
    /// The Close All state the simulated view holds after the step (B2).
    let viewCloseAll: Bool?
    /// The simulated collection view's error for this step's update, if any (F10).
    let viewError: InvalidUpdate?
    let viewItems: [String]
    let roundTrip: Result<Observation, RoundTripError>?
    /// Whether a `.save` happened before this step (`.restoreSaved` without one is a no-op).
    let savedBefore: Bool
    /// P4/P5: a problem the driver saw saving to files with an injected crash.
    let storageProblem: String?
}

/// The invariants that need no reference, each named after its rules.
enum Invariants {
    static func check(_ p: Property, _ f: StepFacts, _ pre: Observation, _ post: Observation, _ memo: inout FilterMemo) -> Violation? {
        switch p {
        case .differential: return nil
        case .mapping: return mapping(f, pre, post)
        case .closeAllButton: return closeAll(f, pre, post)
        case .itemsPerRow: return itemsPerRow(f, pre, post)
        case .activeTab: return activeTab(f, pre, post)
        case .swipeLock: return swipe(f, pre, post)
        case .reopen: return reopen(f, pre, post)
        case .session: return session(f, pre, post)
        case .rejection: return rejection(f, pre, post)
        case .filter: return filter(f, pre, post, &memo)
        case .crash: return nil      // checked by the runner before any property
        }
    }

    // MARK: F1

    /// Displayed, recomputed from the observed tabs and query with the spec's own words:
    /// the tabs whose title contains the query (lowercased, Character-wise), in tab order.
    /// `memo` only remembers, from one step to the next, each title's lowercased characters
    /// and whether it contained the query, so an unchanged title is not lowered again, nor
    /// searched again while the query stays the same.
    static func filter(_ f: StepFacts, _ pre: Observation, _ post: Observation, _ memo: inout FilterMemo) -> Violation? {
        let p = post
        if p.query.isEmpty {
            guard p.displayed != p.tabIDs else { return nil }
            return filterViolation(p, expected: p.tabIDs)
        }
        let matched = memo.matches(p.titles, p.query)
        var k = 0
        for (i, id) in p.tabIDs.enumerated() where matched[i] {
            guard k < p.displayed.count, p.displayed[k] == id else { break }
            k += 1
        }
        let expectedCount = matched.reduce(0) { $0 + ($1 ? 1 : 0) }
        if k == expectedCount && k == p.displayed.count { return nil }
        return filterViolation(p, expected: zip(p.tabIDs, matched).filter(\.1).map(\.0))
    }

    static func filterViolation(_ p: Observation, expected: [String]) -> Violation {
        Violation(.filter, "F1", "with query \(swiftLiteral(p.query)) the displayed tabs must be \(expected) (titles containing it, Character-wise, in tab order), got \(p.displayed)")
    }

    /// Which titles contain a query, remembered from the last step. A title's lowercased
    /// Characters depend on the title alone, and whether it contains the query on the two
    /// strings alone, so each is reused only for an equal title (and, for the verdict, an
    /// equal query). The walk that lines up this step's titles with the last step's (most
    /// steps add, remove, move or retitle one tab) decides only how much is reused, never
    /// what a verdict is.
    struct FilterMemo {
        private var query: String?
        private var lowered: [Character] = []
        private var titles: [String] = []
        private var loweredTitles: [[Character]] = []
        private var matched: [Bool] = []

        mutating func matches(_ now: [String], _ q: String) -> [Bool] {
            let sameQuery = q == query
            if sameQuery && now == titles { return matched }
            if !sameQuery {
                query = q
                lowered = Array(q.lowercased())
            }
            var outTitles: [[Character]] = [], out: [Bool] = []
            outTitles.reserveCapacity(now.count)
            out.reserveCapacity(now.count)
            var j = 0
            for title in now {
                // The same title at the same place, or one place later (a tab before it closed).
                let old: Int?
                if j < titles.count && titles[j] == title { old = j; j += 1 }
                else if j + 1 < titles.count && titles[j + 1] == title { old = j + 1; j += 2 }
                else { old = nil }
                let chars = old.map { loweredTitles[$0] } ?? Array(title.lowercased())
                outTitles.append(chars)
                if sameQuery, let old { out.append(matched[old]) } else { out.append(Invariants.containsCharacters(chars, lowered)) }
            }
            titles = now
            loweredTitles = outTitles
            matched = out
            return out
        }
    }

    /// Whether `needle` occurs in `haystack` as a run of whole Characters.
    static func containsCharacters(_ haystack: [Character], _ needle: [Character]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        if needle.isEmpty { return true }
        for start in 0...(haystack.count - needle.count)
        where haystack[start] == needle[0] && haystack[start..<start + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }


    // MARK: F3 F4 F10 G6

    static func mapping(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        if let e = f.viewError {
            return Violation(.mapping, "F10", "the collection view rejected the update \(f.outcome.update): \(e.message)")
        }
        if f.viewItems != post.displayed {
            return Violation(.mapping, "F10", "after the update \(f.outcome.update) the view shows \(f.viewItems) but displayed is \(post.displayed)")
        }
        let postIDs = post.tabIDs
        if !idsStayUnique(f, pre, post) {
            return Violation(.mapping, "F", "tab ids are not unique: \(postIDs)")
        }
        guard f.outcome.rejected == nil else { return nil }
        func removed(_ id: String?, _ rule: String, _ what: String) -> Violation? {
            let expected = pre.tabIDs.filter { $0 != id }
            if postIDs != expected {
                return Violation(.mapping, rule, "\(what): expected tabs \(expected), got \(postIDs)")
            }
            return nil
        }
        switch f.action {
        case .closeDisplayed(let i):
            return removed(pre.displayed[i], "F3", "closing displayed item \(i) must remove \(pre.displayed[i]), the tab the user saw")
        case .closeID(let id):
            return removed(id, "F4", "closing \(id) by identity")
        case .flyAwayFinished(let id):
            let closes = pre.pending.contains(id)
            return removed(closes ? id : nil, "G6", closes ? "the fly-away of \(id) finished: that tab, and only it, closes" : "a completion for \(id), which is not flying away, closes nothing")
        case .tapClose(let i):
            if postIDs != pre.tabIDs { return Violation(.mapping, "G6", "the close button must not remove a tab before its fly-away finishes") }
            if !post.pending.contains(pre.displayed[i]) {
                return Violation(.mapping, "G6", "the close button on \(pre.displayed[i]) must start its fly-away; pending is \(post.pending)")
            }
        default: break
        }
        return nil
    }

    /// Whether `post`'s ids are unique, given that `pre`'s were (checked at the step
    /// before; the first state is empty or made by new tabs). Cheap for the common steps.
    static func idsStayUnique(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Bool {
        let pre = pre.tabIDs, post = post.tabIDs
        if post.count == pre.count + 1 && post.starts(with: pre) { return !pre.contains(post[pre.count]) }  // one appended
        if post.count + f.gone.count == pre.count { return true }    // only removals (or nothing changed)
        if let new = StepFacts.inserted(into: pre, giving: post), new.count <= 4 {   // a few inserted (a reopen)
            return new.indices.allSatisfy { k in !pre.contains(new[k]) && !new[(k + 1)...].contains(new[k]) }
        }
        return Set(post).count == post.count
    }

    // MARK: B1 B2

    static func closeAll(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        let expected = !post.tabIDs.isEmpty
        if post.closeAllEnabled != expected {
            return Violation(.closeAllButton, "B1", "Close All enabled is \(post.closeAllEnabled) with \(post.tabIDs.count) tabs open")
        }
        if f.appeared && f.viewCloseAll != expected {
            return Violation(.closeAllButton, "B2", "the view's Close All state is \(f.viewCloseAll.map { "\($0)" } ?? "unset") but \(post.tabIDs.count) tabs are open")
        }
        return nil
    }

    // MARK: L5 L6

    static func itemsPerRow(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        LayoutCheck.check(post.layout, viewport: f.viewport, displayedCount: post.displayed.count)
    }

    // MARK: A2 A3 A4

    static func activeTab(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        let postIDs = post.tabIDs
        if let a = post.active, !postIDs.contains(a) {
            return Violation(.activeTab, "A4", "the active tab \(a) is not open")
        }
        guard f.outcome.rejected == nil else { return nil }
        if case .newTab = f.action, post.active != postIDs.last {
            return Violation(.activeTab, "A2", "the new tab \(postIDs.last ?? "?") must be active, active is \(post.active ?? "none")")
        }
        if case .closeAll = f.action, post.active != nil {
            return Violation(.activeTab, "A3", "after Close All no tab may be active")
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
                    return Violation(.activeTab, "A3", "closing the active tab \(gone) must activate \(expected ?? "none"), got \(post.active ?? "none")")
                }
            } else if post.active != pre.active {
                return Violation(.activeTab, "A3", "closing \(gone), which was not active, changed the active tab from \(pre.active ?? "none") to \(post.active ?? "none")")
            }
        }
        return nil
    }

    // MARK: G1–G6

    static func swipe(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        let p = post
        if p.scrollEnabled != (p.swipeHolder == nil) {
            return Violation(.swipeLock, "G2", "scrolling is \(p.scrollEnabled ? "enabled" : "disabled") while \(p.swipeHolder ?? "no cell") swipes")
        }
        if let h = p.swipeHolder, !p.displayed.contains(h) {
            return Violation(.swipeLock, "G5", "the swipe lock is held by \(h), which is not displayed: a stuck lock")
        }
        if p.swipeHolder == nil && (p.swipeOffset != 0 || p.swipeScale != 1 || p.swipeAbove) {
            return Violation(.swipeLock, "G3", "no cell swipes, yet offset \(p.swipeOffset), scale \(p.swipeScale), above \(p.swipeAbove)")
        }
        if let d = f.outcome.flyAwayDuration, !(d >= 0 && d.isFinite) {
            return Violation(.swipeLock, "G6", "fly-away duration \(d) is negative or not finite")
        }
        let newlyPending = p.pending.filter { !pre.pending.contains($0) }
        // G1, G3: a gesture that did not begin — refused by the lock, more vertical than
        // horizontal, or addressed with no gesture in progress — changes nothing: no tab
        // closed, no fly-away started, no swipe state.
        let refused: String?
        switch f.action {
        case .swipeBegan where pre.swipeHolder != nil: refused = "a swipe that began while \(pre.swipeHolder!) swiped"
        case let .swipeBegan(_, vx, vy) where abs(vy) > abs(vx): refused = "a more vertical than horizontal pan"
        case .swipeChanged where pre.swipeHolder == nil, .swipeEnded where pre.swipeHolder == nil,
             .swipeCancelled where pre.swipeHolder == nil:
            refused = "\(f.action) with no swipe in progress"
        default: refused = nil
        }
        if let refused, f.outcome.rejected == nil {
            if p.tabIDs != pre.tabIDs { return Violation(.swipeLock, "G1", "\(refused) must change nothing, but it closed \(f.gone)") }
            if !newlyPending.isEmpty { return Violation(.swipeLock, "G1", "\(refused) must change nothing, but it started the fly-away of \(newlyPending)") }
            if f.outcome.flyAwayDuration != nil { return Violation(.swipeLock, "G1", "\(refused) must change nothing, but it started a fly-away") }
        }
        switch f.action {
        case .swipeBegan where pre.swipeHolder != nil:
            if p.swipeHolder != pre.swipeHolder {
                return Violation(.swipeLock, "G1", "a second swipe began while \(pre.swipeHolder!) swiped")
            }
        case let .swipeBegan(_, vx, vy) where abs(vy) > abs(vx):
            if p.swipeHolder != nil { return Violation(.swipeLock, "G1", "a more vertical than horizontal pan began a swipe") }
        case let .swipeChanged(tx) where p.swipeHolder != nil:
            let expected = tx < 0 ? tx : tx / 5
            if p.swipeOffset != expected || p.swipeScale != 1.05 {
                return Violation(.swipeLock, "G3", "after changed(\(tx)) the offset is \(p.swipeOffset) (expected \(expected)), scale \(p.swipeScale)")
            }
        case let .swipeEnded(tx, vx):
            if p.swipeHolder != nil { return Violation(.swipeLock, "G5", "the swipe lock is still held after the gesture ended") }
            if let h = pre.swipeHolder {
                let deletes = tx <= 0 && (-tx >= 125 || -vx >= 1000)
                if !deletes && newlyPending.contains(h) {
                    return Violation(.swipeLock, "G4", "a release at tx \(tx), vx \(vx) must fly back, but \(h) flies away")
                }
                if deletes && !pre.pending.contains(h) && !p.pending.contains(h) {
                    return Violation(.swipeLock, "G4", "a release at tx \(tx), vx \(vx) must delete \(h), but it flies back")
                }
            }
        case .swipeCancelled:
            if p.swipeHolder != nil { return Violation(.swipeLock, "G5", "the swipe lock is still held after the gesture was cancelled") }
            if !newlyPending.isEmpty { return Violation(.swipeLock, "G4", "a cancelled gesture deleted \(newlyPending)") }
        default: break
        }
        return nil
    }

    // MARK: U1–U3

    static func reopen(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        let p = post
        if p.closedCount > 20 { return Violation(.reopen, "U1", "\(p.closedCount) closes are kept; at most 20") }
        guard f.outcome.rejected == nil else { return nil }
        let preIDs = pre.tabIDs, postIDs = post.tabIDs
        let gone = f.gone
        switch f.action {
        case .reopen:
            if pre.closedCount == 0 {
                if p != pre { return Violation(.reopen, "U3", "reopen with nothing to reopen changed the state") }
            } else {
                let back = pre.newestClosed.filter { !preIDs.contains($0) }
                if postIDs.count != preIDs.count + back.count || !Set(back).isSubset(of: postIDs) {
                    return Violation(.reopen, "U2", "reopen must bring back \(back); tabs went from \(preIDs) to \(postIDs)")
                }
                if p.closedCount != pre.closedCount - 1 { return Violation(.reopen, "U2", "reopen must consume the newest entry") }
            }
        case .restoreSaved where !f.savedBefore:
            if p.closedCount != pre.closedCount { return Violation(.reopen, "U1", "restoring with nothing saved changed the reopen history") }
        case .restoreSaved, .restoreData:
            if p.closedCount != 0 { return Violation(.reopen, "U1", "a restore must clear the reopen history") }
        default:
            if !gone.isEmpty {
                if Set(p.newestClosed) != Set(gone) {
                    return Violation(.reopen, "U1", "closing \(gone) must record them as the newest entry, got \(p.newestClosed)")
                }
                if p.closedCount != min(20, pre.closedCount + 1) {
                    return Violation(.reopen, "U1", "a close must add one entry (now \(p.closedCount), before \(pre.closedCount))")
                }
            } else if p.closedCount != pre.closedCount {
                return Violation(.reopen, "U1", "a step that closed nothing changed the reopen history")
            }
        }
        return nil
    }

    // MARK: P2 P3

    static func session(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        switch f.action {
        case .save:
            if let problem = f.storageProblem { return Violation(.session, "P4", problem) }
            switch f.roundTrip {
            case .none: return Violation(.session, "P2", "save produced nothing to restore")
            case .failure(let e)?: return Violation(.session, "P2", "the saved session does not restore: \(e.message)")
            case .success(let r)?:
                if r.tabIDs != post.tabIDs || r.titles != post.titles || r.active != post.active {
                    let d = r.diff(against: post, "restored", "saved").filter { ["tabs", "active"].contains($0.field) }
                    return Violation(.session, "P2", "save → restore does not give back the same tabs and active tab", differences: d)
                }
                if !r.query.isEmpty || !r.pending.isEmpty || r.swipeHolder != nil {
                    return Violation(.session, "P2", "a restored session must have an empty query, no fly-aways and no swipe")
                }
            }
        case .restoreSaved, .restoreData:
            if f.outcome.rejected != nil {
                if post != pre {
                    return Violation(.session, "P3", "a rejected restore changed the state", differences: post.diff(against: pre, "after", "before"))
                }
            } else if case .restoreSaved = f.action, !f.savedBefore {
                if post != pre { return Violation(.session, "P2", "restoring with nothing saved must change nothing", differences: post.diff(against: pre, "after", "before")) }
            } else if !post.query.isEmpty || !post.pending.isEmpty || post.swipeHolder != nil || f.outcome.update != .reload {
                return Violation(.session, "P2", "a restore must reload, leave the query empty and drop fly-aways and swipes")
            }
        default: break
        }
        return nil
    }

    // MARK: rejected events

    static func rejection(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        guard f.outcome.rejected != nil else { return nil }
        if post != pre {
            return Violation(.rejection, "rejected \(f.action.kind.rawValue)", "a rejected event changed the state", differences: post.diff(against: pre, "after", "before"))
        }
        if f.outcome.update != .none { return Violation(.rejection, "F10", "a rejected event sent the update \(f.outcome.update)") }
        return nil
    }
}
