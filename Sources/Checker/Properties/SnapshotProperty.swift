import Generators
import ReferenceModel

/// D1–D5: a model that feeds a diffable data source (docs/SPEC.md "D"). After every step the
/// snapshot applies without the exception UIKit raises; the view's items are the displayed
/// tabs, one identifier each; a tab keeps its identifier for its whole life; exactly the
/// displayed tabs whose title changed are reconfigured; after the user's drag the model
/// shows what the view already does. Judged on the simulated data source
/// (`SimulatedDiffableDataSource`), never on the oracle.
public struct SnapshotProperty: StepProperty {
    public static let name = Property("snapshot")
    public var rules: [String] { ["D1", "D2", "D3", "D5"] }
    public var needs: Set<Capability> { [.diffable] }
    /// Each tab's identifier, since it was first shown (D2).
    var identity: [String: String] = [:]
    public init() {}

    public mutating func check(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        guard let step = f.diffable else { return nil }
        let ids = post.snapshotIdentifiers
        switch step.applied {
        case .failure(let e): return Violation(Self.name, "D1", "applying the snapshot \(ids) raised: \(e.message)")
        case .success: break
        }
        guard ids.count == post.displayed.count else {
            return Violation(Self.name, "D1", "the snapshot holds \(ids.count) identifiers for \(post.displayed.count) displayed tabs \(post.displayed)")
        }
        if let v = keepsIdentity(ids, f, post) { return v }
        if let v = reconfigures(f, pre, post) { return v }
        if let dragged = step.dragged, ids != dragged {
            return Violation(Self.name, "D5", "after the user's drag the view shows \(dragged); the model's snapshot is \(ids): the model did not follow the view")
        }
        return nil
    }

    /// D2: one identifier per tab for its whole life.
    mutating func keepsIdentity(_ ids: [String], _ f: StepFacts, _ post: Observation) -> Violation? {
        for tab in f.gone { identity[tab] = nil }
        for (tab, id) in zip(post.displayed, ids) {
            if let known = identity[tab], known != id {
                return Violation(Self.name, "D2", "tab \(tab)'s identifier changed from \(swiftLiteral(known)) to \(swiftLiteral(id)): the view deletes its cell and inserts another (its swipe and fly-away are lost) where a reconfigure was meant")
            }
            identity[tab] = id
        }
        return nil
    }

    /// D3: exactly the tabs displayed before and after whose title changed are reconfigured.
    func reconfigures(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        let asked = f.outcome.reconfigured ?? []
        guard f.outcome.rejected == nil, !(asked.isEmpty && f.tabsUnchanged) else { return nil }
        var oldTitle: [String: String] = [:]
        let shownBefore = Set(pre.displayed)
        for (tab, title) in zip(pre.tabIDs, pre.titles) where shownBefore.contains(tab) { oldTitle[tab] = title }
        var tabOf: [String: String] = [:]
        for (tab, id) in zip(post.displayed, post.snapshotIdentifiers) { tabOf[id] = tab }
        var expected: [String] = []
        let shownAfter = Set(post.displayed)
        for (tab, title) in zip(post.tabIDs, post.titles) where shownAfter.contains(tab) {
            if let old = oldTitle[tab], old != title { expected.append(tab) }
        }
        let got = asked.map { tabOf[$0] ?? "an identifier not in the snapshot (\($0))" }
        guard Set(got) != Set(expected) || got.count != expected.count else { return nil }
        return Violation(Self.name, "D3", "reconfigured \(got.isEmpty ? "nothing" : "\(got)"); the displayed tabs whose title changed are \(expected.isEmpty ? "none" : "\(expected)")")
    }
}
