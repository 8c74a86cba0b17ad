import Checker
import Generators
import ProductionDriver
import ReferenceModel
import TabGridTesting
import Testing
@testable import TabModel

/// #37: the diffable data source (D1–D5). Bugs planted in the production model's diffable
/// output, each found by a campaign against the reference and shrunk; the simulated data
/// source's rules; the transaction's reading.
@Suite struct DiffableTests {
    /// Production feeding a diffable data source, with one planted bug.
    struct Planted: GridDriver {
        enum Bug: CaseIterable {
            case titleInIdentifier, titleAsIdentifier, reconfiguresHiddenTab, noReconfigure, transactionOnFullList, moveReadOffSnapshots
            case cancelMoves, movementOutlivesItsTab, anyTargetAccepted
        }
        var base: TabModelDriver
        let bug: Bug

        mutating func apply(_ action: Action) -> StepOutcome {
            let before = base.observe()
            if case let .reorder(f, t) = action, [.transactionOnFullList, .moveReadOffSnapshots].contains(bug) {
                guard before.displayed.indices.contains(f), before.displayed.indices.contains(t) else { return StepOutcome(rejected: "indexOutOfRange") }
                switch bug {
                case .transactionOnFullList:
                    // The transaction's indices taken as places in the full tab list.
                    guard f < base.grid.count, t < base.grid.count, f != t, let entry = base.grid.list.entry(at: f) else { return StepOutcome() }
                    _ = base.grid.list.remove(entry.tab.id)
                    base.grid.list.insert(entry.tab, at: t, matches: entry.matches, lowered: entry.lowered)
                    var out = StepOutcome()
                    out.reconfigured = []
                    return out
                default:
                    // The move read off the snapshots alone: a swap of neighbours is always "the first moved down".
                    var final = before.displayed
                    final.insert(final.remove(at: f), at: t)
                    let first = final.indices.first { before.displayed[$0] != final[$0] }
                    let last = final.indices.last { before.displayed[$0] != final[$0] }
                    guard let first, let last else { return StepOutcome() }
                    let down = before.displayed[first]
                    var tryDown = before.displayed
                    tryDown.insert(tryDown.remove(at: first), at: last)
                    let moving = tryDown == final ? down : before.displayed[last]
                    let tx = ReorderTransaction(initial: before.displayed.map(TabID.init), final: final.map(TabID.init), dragged: TabID(moving))
                    _ = try? base.grid.didReorder(tx)
                    var out = StepOutcome()
                    out.reconfigured = []
                    return out
                }
            }
            let movement = base.grid.movement
            var out = base.apply(bug == .cancelMoves && action == .cancelMove ? .endMove : action)
            switch (bug, action) {
            case (.movementOutlivesItsTab, _) where movement != nil && base.grid.movement == nil && action != .endMove && action != .cancelMove:
                base.grid.movement = movement
            case let (.anyTargetAccepted, .updateMove(j)) where base.grid.movement != nil:
                base.grid.movement?.target = j
            case let (.reconfiguresHiddenTab, .setTitle(id, _)) where !base.observe().displayed.contains(id):
                out.reconfigured = [id]
            case (.noReconfigure, _):
                out.reconfigured = []
            case (.titleInIdentifier, _):
                // It reconfigures by its own identifiers, as it applies them.
                let o = observe()
                out.reconfigured = out.reconfigured?.compactMap { id in o.displayed.firstIndex(of: id).map { o.identifiers![$0] } }
            default: break
            }
            return out
        }

        func roundTrip() -> Result<Observation, RoundTripError>? { base.roundTrip() }

        func observe() -> Observation {
            var o = base.observe()
            switch bug {
            case .titleInIdentifier: o.identifiers = o.displayed.map { id in id + ":" + (o.titles[o.tabIDs.firstIndex(of: id)!]) }
            case .titleAsIdentifier: o.identifiers = o.displayed.map { id in o.titles[o.tabIDs.firstIndex(of: id)!] }
            default: break
            }
            return o
        }
    }

    /// What catches each: the rule it breaks, judged without the oracle where one can be.
    static let caughtBy: [Planted.Bug: [String]] = [
        .titleInIdentifier: ["snapshot D2"], .titleAsIdentifier: ["snapshot D1", "snapshot D2"],
        .reconfiguresHiddenTab: ["snapshot D1"], .noReconfigure: ["snapshot D3"],
        .transactionOnFullList: ["tabList F9", "snapshot D5", "mapping F10"], .moveReadOffSnapshots: ["tabList F9"],
        .cancelMoves: ["tabList F", "mapping F10", "movement D4"], .movementOutlivesItsTab: ["movement D4"], .anyTargetAccepted: ["movement D4"],
    ]

    static func factory(_ bug: Planted.Bug) -> DriverFactory {
        DriverFactory(name: "diffable-\(bug)", summary: "", capabilities: Capability.withDiffable) {
            Planted(base: TabModelDriver(viewport: $0, view: .diffable), bug: bug)
        }
    }

    /// Each planted bug is found in a campaign against the reference and shrunk to a few steps.
    @Test(arguments: Planted.Bug.allCases) func aPlantedDiffableBugIsFound(_ bug: Planted.Bug) {
        var config = Campaign.Config()
        config.sequences = 2000   // a campaign stops at its first failure: most take a few dozen
        config.shrinkTime = 20
        let found = Campaign(runner: Runner(implementation: Self.factory(bug)), config: config).run().found
        #expect(found != nil, "\(bug) was not found in 2000 sequences")
        if let found {
            #expect(found.shrunk.count <= 6, "\(bug): shrunk to \(found.shrunk.count) steps: \(found.shrunk)")
            let v = found.shrunkFailure.violation
            #expect(Self.caughtBy[bug]!.contains("\(v.property.rawValue) \(v.rule)"), "\(bug): caught by \(v.property.rawValue) \(v.rule): \(v.message)")
        }
    }

    /// The Swift Testing API checks a diffable driver as the CLI does: a planted D3 bug is
    /// recorded at the call site; the production model passes.
    @Test func theSwiftTestingAPIChecksTheDiffableView() async {
        await withKnownIssue {
            _ = await GridCheck.expectAgreement(Self.factory(.noReconfigure), budget: .sequences(300), properties: Property.allCases, isolated: false)
        } matching: { $0.comments.map(\.rawValue).joined().contains("snapshot broke rule D3") }
        let found = await GridCheck.expectAgreement(.production, budget: .sequences(100), properties: Property.allCases, isolated: false)
        #expect(found == nil)
    }

    /// The storyboard says which view a run fed, and a diffable failure's card shows the
    /// snapshot before and after and what was reconfigured.
    @Test func theStoryboardShowsTheSnapshots() {
        let runner = Runner(implementation: Self.factory(.noReconfigure))
        let actions: [Action] = [.newTab, .setTitle(id: "t1", title: "a")]
        let failure = runner.run(.actions(actions), collectCoverage: false).failure
        #expect(failure?.violation.rule == "D3")
        var s = HTMLReport.Summary(title: "t", result: "fail", implementation: runner.implementation.name, oracle: runner.oracle.name,
                                   seed: "0x1", sequences: 1, steps: actions.count, elapsed: 0, properties: runner.properties)
        s.capabilities = runner.capabilities
        let page = HTMLReport(summary: s, records: HTMLReport.records(actions, runner, failure: failure), coverage: nil).page()
        #expect(page.contains("view: a diffable data source"))
        #expect(page.contains("The diffable data source&apos;s snapshot") || page.contains("The diffable data source's snapshot"), "no snapshot panel")
        #expect(page.contains("<th>reconfigured</th><td>nothing</td>"), "the reconfigure that was missing")
    }

    /// UIKit's raises, and what applying animates.
    @Test func theSimulatedDataSourceRaisesAsUIKitDoes() {
        var s = SimulatedDiffableDataSource(items: ["a", "b", "c"])
        guard case .failure(let e) = s.apply(["a", "a"], reconfigure: []) else { Issue.record("duplicates applied"); return }
        #expect(e.message.contains("not unique") && s.items == ["a", "b", "c"])
        guard case .failure(let f) = s.apply(["a", "b"], reconfigure: ["c"]) else { Issue.record("a missing reconfigure applied"); return }
        #expect(f.message.contains("does not exist in the snapshot"))
        guard case .success(let change) = s.apply(["c", "a", "d"], reconfigure: ["a"]) else { Issue.record("refused"); return }
        #expect(change.deleted == ["b"] && change.inserted == ["d"] && change.moved == ["c"] && change.reconfigured == ["a"])
    }

    /// The transaction names the dragged tab: a swap of neighbours read either way.
    @Test func theTransactionsMoveIsTheDraggedTabs() {
        let ids = ["t1", "t3"].map(TabID.init)
        let swapped = ["t3", "t1"].map(TabID.init)
        #expect(ReorderTransaction(initial: ids, final: swapped, dragged: TabID("t1")).move! == (0, 1))
        #expect(ReorderTransaction(initial: ids, final: swapped, dragged: TabID("t3")).move! == (1, 0))
        #expect(ReorderTransaction(initial: ids, final: ids.reversed() + [TabID("x")], dragged: TabID("t1")).move == nil)
    }
}
