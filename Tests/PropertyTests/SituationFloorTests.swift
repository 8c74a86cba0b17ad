import Checker
import Generators
import ProductionDriver
import Testing

/// The situation report with floors (#24): the default campaign — large grids on, the CLI's
/// step budget — on a fixed seed reaches every action kind and every named situation at
/// least its floor, so a generator change that stops visiting one fails here (the list and
/// the rule each serves: docs/situations.md).
@Suite struct SituationFloorTests {
    static let result: Campaign.Result = {
        var c = Campaign.Config()
        c.seed = 1
        c.sequences = 400
        c.shrinkTime = 10
        return Campaign(runner: Runner(), config: c).run()
    }()

    @Test func everyActionKindRuns() {
        let r = Self.result
        #expect(r.found == nil)
        for kind in ActionKind.allCases {
            #expect((r.coverage.kinds[kind] ?? 0) >= 50, "action kind \(kind.rawValue) ran only \(r.coverage.kinds[kind] ?? 0) times")
        }
    }

    @Test(arguments: Coverage.Situation.allCases)
    func theCampaignReachesTheSituationOftenEnough(_ s: Coverage.Situation) {
        let reached = Self.result.coverage.situations[s] ?? 0
        #expect(reached >= s.floor, "situation '\(s.rawValue)' (\(s.rules.joined(separator: ", "))) reached \(reached) times, under its floor of \(s.floor)\n\(Self.result.coverage.table())")
    }

    @Test func everySituationHasItsFloor() {
        let missing = Coverage.Situation.allCases.filter { Coverage.Situation.floors[$0] == nil }
        #expect(missing.isEmpty, "no floor for \(missing.map(\.rawValue))")
    }

    /// The floor is a real check: a generator that never restores ids of the new-tab form
    /// (as before #24) leaves that situation at zero.
    @Test func aGeneratorThatStopsVisitingASituationFallsUnderItsFloor() {
        var weights = GeneratorConfig.defaultWeights
        weights[.restoreData] = 0
        var c = Campaign.Config()
        c.seed = 1; c.sequences = 100; c.largeGrids = false
        let r = Campaign(runner: Runner(implementation: .production, generator: ActionGenerator(config: GeneratorConfig(weights: weights))), config: c).run()
        #expect((r.coverage.situations[.restoredNewTabIDs] ?? 0) < Coverage.Situation.restoredNewTabIDs.floor)
        #expect((r.coverage.situations[.restoreAccepted] ?? 0) > 0)
    }
}
