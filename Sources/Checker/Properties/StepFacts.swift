import Generators
import ReferenceModel

/// What a property sees of one step of the implementation under test, besides its
/// observations before and after (`pre`, `post`), which it is handed alongside: passed as
/// arguments, an observation is borrowed; kept in this struct, each step would copy both.
package struct StepFacts {
    package let action: Action
    /// The ids in `pre` but not in `post`, in `pre` order (empty for most steps).
    package let gone: [String]
    /// Whether `post` has the same tabs as `pre`: ids, order and titles (most steps).
    package let tabsUnchanged: Bool
    /// When `post`'s ids are `pre`'s with one appended (a new tab): that id, and whether `pre`
    /// did not hold it. Read once here for the properties that ask (mapping, tabList), where each
    /// scanned every id again.
    package let appended: (id: String, fresh: Bool)?

    /// `appended` for two lists of ids. O(n).
    static func appended(to pre: [String], giving post: [String]) -> (id: String, fresh: Bool)? {
        guard post.count == pre.count + 1, post.starts(with: pre) else { return nil }
        let id = post[pre.count]
        return (id, !pre.contains(id))
    }

    /// `pre` minus `post`, in `pre` order. Ids are unique (the mapping property checks it),
    /// so when `post` is `pre` with some ids removed — every close — one merge pass finds
    /// them; otherwise (a restore, a move) a set does.
    static func gone(from pre: [String], to post: [String]) -> [String] {
        if post.count >= pre.count && post.starts(with: pre) { return [] }   // unchanged, or tabs appended
        if post.count > pre.count && inserted(into: pre, giving: post) != nil { return [] }   // tabs inserted (a reopen)
        if post.count == pre.count, case let r = ChangedMiddle.of(pre, post),
           r.count <= ChangedMiddle.shortRun ? ChangedMiddle.isPermutation(pre[r], post[r]) : ChangedMiddle.movedOne(pre, post, in: r) != nil {
            return []   // a few neighbours reordered, or one tab moved however far (a move)
        }
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
    package let outcome: StepOutcome
    package let viewport: ViewportSpec
    /// Whether `.willAppear` has happened (B2).
    package let appeared: Bool
    /// The Close All state the simulated view holds after the step (B2).
    package let viewCloseAll: Bool?
    /// The simulated collection view's error for this step's update, if any (F10).
    package let viewError: InvalidUpdate?
    package let viewItems: [String]
    package let roundTrip: Result<Observation, RoundTripError>?
    /// Whether a `.save` happened before this step (`.restoreSaved` without one is a no-op).
    package let savedBefore: Bool
    /// P4/P5: a problem the driver saw saving to files with an injected crash.
    package let storageProblem: String?
    /// The choices the run judges by (docs/policies.md): a property honours them, never
    /// SPEC's defaults unconditionally.
    package let policy: Policy
    /// The simulated diffable data source's step, when the implementation feeds one (D1–D5).
    package let diffable: DiffableStep?
    /// S3: the implementation's work in this step deadlocked or never went quiet (a driver of
    /// `GridCapability.appLifecycle` only; `ScheduledWork`).
    package var scheduleProblem: String? = nil
}

/// What the simulated diffable data source did with a step (`DiffableView`): the user's drag
/// first, for a reorder, then the implementation's snapshot applied.
/// A class, so the step's facts stay one pointer larger, not a copied struct larger.
package final class DiffableStep: Sendable {
    /// The view's items before the step.
    package let before: [String]
    /// For a reorder: the view's items after the user's drag, before the model heard of it.
    package let dragged: [String]?
    /// What applying the snapshot animated, or the exception UIKit raises.
    package let applied: Result<SimulatedDiffableDataSource.Change, InvalidUpdate>
    init(before: [String], dragged: [String]?, applied: Result<SimulatedDiffableDataSource.Change, InvalidUpdate>) {
        self.before = before; self.dragged = dragged; self.applied = applied
    }
}

extension Observation {
    /// The one new tab this observation holds in place of every tab of `pre` — what the
    /// policy `emptyGrid=replacedByNewTab` leaves when the last tab goes — or nil.
    /// Its id may be one just closed (ids are unique among open tabs only: a model whose
    /// counter restarted, after a restore, reuses them); then it is known for new by its title
    /// "New Tab" together with a changed title or a recorded close (U1).
    /// `closingAll`: after a Close All, which must close every tab, the one tab titled "New
    /// Tab" left is the replacement whatever its id.
    package func replacement(of pre: Observation, closingAll: Bool = false) -> String? {
        if closingAll { return tabIDs.count == 1 && titles == ["New Tab"] ? tabIDs[0] : nil }
        guard !pre.tabIDs.isEmpty, tabIDs.count == 1 else { return nil }
        let id = tabIDs[0]
        guard let was = pre.tabIDs.firstIndex(of: id) else { return id }
        // With more tabs before, a tab of theirs still open is a survivor, not a replacement.
        guard pre.tabIDs.count == 1 else { return nil }
        let recorded = closedCount > pre.closedCount || newestClosed.contains(id)
        return titles[0] == "New Tab" && (pre.titles[was] != "New Tab" || recorded) ? id : nil
    }
}
