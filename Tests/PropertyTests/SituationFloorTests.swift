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
        // The kinds the default drivers have (since #37, every kind).
        for kind in ActionKind.allCases where Runner().capabilities.allows(kind) {
            #expect((r.coverage.kinds[kind] ?? 0) >= 50, "action kind \(kind.rawValue) ran only \(r.coverage.kinds[kind] ?? 0) times")
        }
    }

    @Test(arguments: Coverage.Situation.allCases.filter { Coverage.Situation.floors[$0] != nil })
    func theCampaignReachesTheSituationOftenEnough(_ s: Coverage.Situation) {
        let reached = Self.result.coverage.situations[s] ?? 0
        #expect(reached >= s.floor, "situation '\(s.rawValue)' (\(s.rules.joined(separator: ", "))) reached \(reached) times, under its floor of \(s.floor)\n\(Self.result.coverage.table())")
    }

    /// Large grids are one sequence in 128 of a campaign, three in the one above: too few for
    /// floors of their own. These are the sequences of 24 such seeds (openings of 129–290 tabs,
    /// then up to 200 generated steps), as a campaign meets them (#35).
    static let largeGrids: Coverage = {
        var coverage = Coverage()
        let runner = Runner()
        for k in 1...24 as ClosedRange<UInt64> {
            let out = runner.run(.seeded(k * 7 * 128, maxSteps: 200))
            #expect(out.failure == nil)
            coverage.merge(out.coverage)
        }
        return coverage
    }()

    @Test(arguments: Coverage.Situation.allCases.filter { Coverage.Situation.largeGridFloors[$0] != nil })
    func largeGridsReachTheSituationOftenEnough(_ s: Coverage.Situation) {
        let reached = Self.largeGrids.situations[s] ?? 0, floor = Coverage.Situation.largeGridFloors[s]!
        #expect(reached >= floor, "situation '\(s.rawValue)' reached \(reached) times on large grids, under its floor of \(floor)\n\(Self.largeGrids.table())")
    }

    /// The diffable data source and the interactive movement (#37), which the default
    /// campaign draws since `production` feeds both views.
    @Test(arguments: Coverage.Situation.allCases.filter { Coverage.Situation.diffableFloors[$0] != nil })
    func theCampaignReachesTheDiffableSituationOftenEnough(_ s: Coverage.Situation) {
        let reached = Self.result.coverage.situations[s] ?? 0, floor = Coverage.Situation.diffableFloors[s]!
        #expect(reached >= floor, "situation '\(s.rawValue)' reached \(reached) times, under its floor of \(floor)\n\(Self.result.coverage.table())")
    }

    @Test func everySituationHasItsFloor() {
        let missing = Coverage.Situation.allCases.filter {
            Coverage.Situation.floors[$0] == nil && Coverage.Situation.largeGridFloors[$0] == nil && Coverage.Situation.diffableFloors[$0] == nil
        }
        #expect(missing.isEmpty, "no floor for \(missing.map(\.rawValue))")
    }

    /// The value floors are real checks too: with queries never set, no query is typed on.
    @Test func aGeneratorThatNeverTypesFallsUnderTheValueFloors() {
        let r = Self.campaign(without: .setQuery)
        for s in [Coverage.Situation.queryTypedOn, .queryJoinsLastCharacter, .queryBackspaced] {
            #expect((r.coverage.situations[s] ?? 0) < s.floor, "\(s.rawValue)")
        }
    }

    /// The floor is a real check: a generator that never restores ids of the new-tab form
    /// (as before #24) leaves that situation at zero.
    @Test func aGeneratorThatStopsVisitingASituationFallsUnderItsFloor() {
        let r = Self.campaign(without: .restoreData)
        #expect((r.coverage.situations[.restoredNewTabIDs] ?? 0) < Coverage.Situation.restoredNewTabIDs.floor)
        #expect((r.coverage.situations[.restoreAccepted] ?? 0) > 0)
    }

    /// The seed-1 campaign of 100 sequences on small grids, with one action kind never drawn.
    static func campaign(without kind: ActionKind) -> Campaign.Result {
        var weights = GeneratorConfig.defaultWeights
        weights[kind] = 0
        var c = Campaign.Config()
        c.seed = 1; c.sequences = 100; c.largeGrids = false
        return Campaign(runner: Runner(implementation: .production, generator: ActionGenerator(config: GeneratorConfig(weights: weights))), config: c).run()
    }
}
