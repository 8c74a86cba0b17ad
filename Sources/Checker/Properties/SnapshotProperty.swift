import Generators
import ReferenceModel

/// D1–D5: a model that feeds a diffable data source (docs/SPEC.md "D"). After every step the
/// snapshot applies without the exception UIKit raises; the view's items are the displayed
/// tabs, one identifier each; a tab keeps its identifier for its whole life; exactly the
/// displayed tabs whose title changed are reconfigured; after the user's drag the model
/// shows what the view already does. Judged on the simulated data source
/// (`SimulatedDiffableDataSource`), never on the oracle.
package struct SnapshotProperty: StepProperty {
    package static let name = Property("snapshot")
    package var rules: [String] { ["D1", "D2", "D3", "D5"] }
    package var needs: Set<Capability> { [.diffable] }
    /// Each tab's identifier, since it was first shown (D2).
    var identity: [String: String] = [:]
    /// Whether `identity` holds the previous step's displayed tabs (every step's after the first).
    var recorded = false
    package init() {}

    package mutating func check(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        guard let step = f.diffable else { return nil }
        let ids = post.snapshotIdentifiers
        switch step.applied {
        case .failure(let e): return Violation(Self.name, "D1", "applying the snapshot \(ids) raised: \(e.message)")
        case .success: break
        }
        guard ids.count == post.displayed.count else {
            return Violation(Self.name, "D1", "the snapshot holds \(ids.count) identifiers for \(post.displayed.count) displayed tabs \(post.displayed)")
        }
        if let v = keepsIdentity(ids, f, pre, post) { return v }
        if let v = reconfigures(f, pre, post) { return v }
        if let dragged = step.dragged, ids != dragged {
            return Violation(Self.name, "D5", "after the user's drag the view shows \(dragged); the model's snapshot is \(ids): the model did not follow the view")
        }
        return nil
    }

    /// D2: one identifier per tab for its whole life. A step that shows the same tabs under the
    /// same identifiers as the one before (most do) has nothing new to record or compare.
    mutating func keepsIdentity(_ ids: [String], _ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        for tab in f.gone { identity[tab] = nil }
        if recorded && post.displayed == pre.displayed && ids == pre.snapshotIdentifiers { return nil }
        let fresh = recorded ? Self.newlyShown(pre, post, ids) : nil
        recorded = true
        for k in fresh ?? Array(post.displayed.indices) {
            let (tab, id) = (post.displayed[k], ids[k])
            // Recorded and compared in one look-up (the run ends at a violation: what it recorded then is never read).
            if let known = identity.updateValue(id, forKey: tab), known != id {
                return Violation(Self.name, "D2", "tab \(tab)'s identifier changed from \(swiftLiteral(known)) to \(swiftLiteral(id)): the view deletes its cell and inserts another (its swipe and fly-away are lost) where a reconfigure was meant")
            }
        }
        return nil
    }

    /// The places in `post.displayed` of the tabs `pre` did not show, when the step only hid
    /// tabs or only showed some, the others in their order under their identifiers, or only
    /// reordered a few neighbours, each under its identifier — only
    /// those are new to D2 (`identity` holds `pre`'s); nil otherwise (every tab is compared).
    static func newlyShown(_ pre: Observation, _ post: Observation, _ ids: [String]) -> [Int]? {
        let (a, b, was) = (pre.displayed, post.displayed, pre.snapshotIdentifiers)
        guard was.count == a.count, ids.count == b.count else { return nil }
        var i = 0, j = 0, out: [Int] = []
        if a.count == b.count, a != b {   // a reorder: the tabs of the changed middle, each under its old identifier
            let r = Self.union(ChangedMiddle.of(a, b), ChangedMiddle.of(was, ids))
            // One tab moved far, its identifier with it (the same move of both lists): none is new.
            if r.count > ChangedMiddle.shortRun, let k = ChangedMiddle.movedOne(a, b, in: r), ChangedMiddle.moves(was, ids, in: r, k) { return [] }
            guard r.count <= ChangedMiddle.shortRun else { return nil }
            for k in r {
                guard let i = a[r].firstIndex(of: b[k]), was[i] == ids[k] else { return nil }
            }
            return []
        }
        if b.count <= a.count {
            for (k, tab) in a.enumerated() where j < b.count && b[j] == tab {
                if ids[j] != was[k] { return nil }
                j += 1
            }
            return j == b.count ? [] : nil
        }
        for (k, tab) in b.enumerated() {
            if i < a.count && a[i] == tab {
                if ids[k] != was[i] { return nil }
                i += 1
            } else {
                out.append(k)
            }
        }
        return i == a.count ? out : nil
    }

    /// The smallest range holding both.
    static func union(_ a: Range<Int>, _ b: Range<Int>) -> Range<Int> {
        a.isEmpty ? b : b.isEmpty ? a : min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
    }

    /// D3: exactly the tabs displayed before and after whose title changed are reconfigured.
    func reconfigures(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        let asked = f.outcome.reconfigured ?? []
        guard f.outcome.rejected == nil, !(asked.isEmpty && (f.tabsUnchanged || Self.keptTheirTitles(pre, post))) else { return nil }
        let expected = Self.sameTabsRetitled(pre, post) ?? Self.retitled(pre, post)
        let got: [String]
        if asked.count <= Self.few {
            // The tab each asked identifier is in the snapshot for (the last, as a dictionary keeps).
            got = asked.map { id in post.snapshotIdentifiers.lastIndex(of: id).map { post.displayed[$0] } ?? "an identifier not in the snapshot (\(id))" }
        } else {
            var tabOf: [String: String] = [:]
            for (tab, id) in zip(post.displayed, post.snapshotIdentifiers) { tabOf[id] = tab }
            got = asked.map { tabOf[$0] ?? "an identifier not in the snapshot (\($0))" }
        }
        guard !got.sameSet(as: expected) || got.count != expected.count else { return nil }
        return Violation(Self.name, "D3", "reconfigured \(got.isEmpty ? "nothing" : "\(got)"); the displayed tabs whose title changed are \(expected.isEmpty ? "none" : "\(expected)")")
    }

    /// Up to this many, identifiers and titles are looked up in the arrays (O(n) apiece) rather than in sets.
    static let few = 8

    /// The tabs displayed before and after the step whose title it changed, in tab order.
    static func retitled(_ pre: Observation, _ post: Observation) -> [String] {
        var oldTitle: [String: String] = [:]
        oldTitle.reserveCapacity(pre.displayed.count)
        let shownBefore = Set(pre.displayed)
        for (tab, title) in zip(pre.tabIDs, pre.titles) where shownBefore.contains(tab) { oldTitle[tab] = title }
        var expected: [String] = []
        let shownAfter = Set(post.displayed)
        for (tab, title) in zip(post.tabIDs, post.titles) where shownAfter.contains(tab) {
            if let old = oldTitle[tab], old != title { expected.append(tab) }
        }
        return expected
    }

    /// `retitled` when the tabs are the same, in the same order (a title change, a restore of
    /// the same tabs): the titles compared place by place, and only the changed tabs looked up
    /// among the displayed — one by one when few, else in sets; nil when the tabs differ.
    static func sameTabsRetitled(_ pre: Observation, _ post: Observation) -> [String]? {
        guard pre.tabIDs == post.tabIDs, pre.titles.count == post.titles.count, post.titles.count == post.tabIDs.count else { return nil }
        var changed: [String] = []
        for k in post.titles.indices where pre.titles[k] != post.titles[k] { changed.append(post.tabIDs[k]) }
        if changed.count <= few { return changed.filter { pre.displayed.contains($0) && post.displayed.contains($0) } }
        let (before, after) = (Set(pre.displayed), Set(post.displayed))
        return changed.filter { before.contains($0) && after.contains($0) }
    }

    /// Whether every tab open before and after the step kept its title, told by one merge pass
    /// when the step only removed tabs or only inserted some, the others' order kept (a close,
    /// a new tab, a reopen: most steps that change tabs), or reordered a few neighbours (a
    /// move, the user's drag); false when it cannot tell. Then
    /// nothing is to be reconfigured, without the sets `reconfigures` builds. (Ids are unique:
    /// `mapping`, checked first, says so.)
    static func keptTheirTitles(_ pre: Observation, _ post: Observation) -> Bool {
        let (a, b) = (pre.tabIDs, post.tabIDs)
        guard pre.titles.count == a.count, post.titles.count == b.count else { return false }
        var i = 0, j = 0
        if a.count == b.count, a != b {   // a reorder: the titles outside the changed middle, then in it
            let r = ChangedMiddle.of(a, b)
            if r.count > ChangedMiddle.shortRun, let k = ChangedMiddle.movedOne(a, b, in: r) {   // one tab moved far, its title with it
                return ChangedMiddle.moves(pre.titles, post.titles, in: r, k)
                    && a.indices.allSatisfy { r.contains($0) || pre.titles[$0] == post.titles[$0] }
            }
            guard r.count <= ChangedMiddle.shortRun else { return false }
            for k in a.indices where !r.contains(k) && pre.titles[k] != post.titles[k] { return false }
            for k in r {
                guard let i = a[r].firstIndex(of: b[k]), pre.titles[i] == post.titles[k] else { return false }
            }
            return true
        }
        if b.count <= a.count {
            for (k, id) in a.enumerated() where j < b.count && b[j] == id {
                if pre.titles[k] != post.titles[j] { return false }
                j += 1
            }
            return j == b.count
        }
        for (k, id) in b.enumerated() where i < a.count && a[i] == id {
            if pre.titles[i] != post.titles[k] { return false }
            i += 1
        }
        return i == a.count
    }
}
