import Checker
import Generators
import Shrinking
import Testing

/// #55: shrinks that change kind. The shrink's last pass searches every shorter sequence over
/// the failure's own alphabet for the same rule (`ShortestOverAlphabet`,
/// `Campaign.shorterSearch`), so a short failure ends at the shortest over its alphabet
/// whatever kinds of steps that takes: its cases as plain predicates (as ShrinkPassTests'
/// are), then on models.
@Suite struct ShrinkKindTests {
    @Test func shortestOverAlphabet_oneQueryWhereTwoClosesHidTheTabs() {
        // Fails when three tabs are made and then two are closed — or one query hides them:
        // no pass turns two closes into a query, the search over a small alphabet does.
        func fails(_ c: [Action]) -> Bool {
            guard c.count >= 4, c.prefix(3).allSatisfy({ $0 == .newTab }) else { return false }
            let rest = c.dropFirst(3)
            return rest == [.closeDisplayed(0), .closeDisplayed(0)] || rest == [.setQuery("a")]
        }
        let alphabet: [Action] = [.newTab, .closeDisplayed(0), .setQuery("a")]
        var searched = 0
        let search: ShorterSearch = { failing, budget, _ in
            var level: [[Action]] = [[]], ran = 0
            for _ in 1..<failing.count {
                level = level.flatMap { p in alphabet.map { p + [$0] } }
                guard ran + level.count <= budget else { return (nil, ran, true) }
                ran += level.count
                if let f = level.first(where: fails) { searched += 1; return (f, ran, false) }
            }
            return (nil, ran, false)
        }
        func run(_ passes: [any ShrinkPass]) -> Shrinker.Result {
            var shrinker = Shrinker(timeLimit: 1e9, now: { 0 }, passes: passes)
            shrinker.shorter = search
            return shrinker.shrink([.newTab, .newTab, .newTab, .closeDisplayed(0), .closeDisplayed(0)], fails: fails)
        }
        let with = run(Shrinker.standardPasses)
        #expect(with.actions == [.newTab, .newTab, .newTab, .setQuery("a")])
        #expect(searched == 1)
        // Its candidates are counted under its name, in the budget.
        #expect(with.passes.map(\.tried).reduce(0, +) == with.attempts)
        #expect(with.passes.first { $0.name == "shortest over its alphabet" }!.tried >= 3 + 9 + 27 + 81)
        let without = run(Shrinker.standardPasses.filter { $0.name != "shortest over its alphabet" })
        #expect(without.actions.count == 5)
    }

    @Test func shortestOverAlphabet_notOnALargeGrid() {
        // A candidate on a large grid costs milliseconds: a failure holding 65 tabs is not searched.
        var calls = 0
        let large = Action.restoreData(SessionText.valid(ids: (1...65).map { "t\($0)" }, titles: Array(repeating: "", count: 65), active: nil))
        var shrinker = Shrinker(timeLimit: 1e9, now: { 0 }, passes: [ShortestOverAlphabet()])
        shrinker.shorter = { _, _, _ in calls += 1; return (nil, 1, false) }
        _ = shrinker.shrink([large, .closeAll]) { $0.count == 2 }
        #expect(calls == 0)
        _ = shrinker.shrink([.newTab, .closeAll]) { $0.count == 2 }
        #expect(calls == 1)
    }

    /// The search's contract on a model: a shorter failure of the same rule, one that fails
    /// so when run again; none for a rule nothing breaks; within its budget.
    @Test func theSearchFindsAShorterFailureOfTheSameRuleWithinItsBudget() throws {
        let bug = PlantedBug.closesTabsIndex
        let runner = Runner(implementation: bug.factory, properties: [bug.property])
        let found = try #require(Budget.campaign(runner, sequences: 2_000, seed: 1).found)
        // A step that changes nothing in front: the shrunk failure, one step too long.
        let padded = [Action.setQuery("")] + found.shrunk
        let failure = try #require(runner.run(.actions(padded), collectCoverage: false).failure)
        let same: @Sendable (Runner.Outcome) -> Bool = { $0.failure.map { $0.violation.sameFailure(as: failure.violation) } ?? false }
        let search = Campaign.shorterSearch(runner, jobs: 2, stop: { false }, same: same)
        let r = search(padded, 20_000, RunClock.now() + 600)
        let shorter = try #require(r.found)
        #expect(shorter.count < padded.count)
        #expect(same(runner.run(.actions(shorter), collectCoverage: false)))
        #expect(r.ran > 1 && r.ran <= 20_000)
        // No outcome is the failure: nothing found, though every length was run (a length
        // runs whole, so as many as the search that found one in the last).
        let none = Campaign.shorterSearch(runner, jobs: 2, stop: { false }, same: { _ in false })(padded, 100_000, RunClock.now() + 600)
        #expect(none.found == nil)
        #expect(none.ran >= r.ran)
        // A budget below the first length's candidates starts none of them.
        let small = search(padded, 5, RunClock.now() + 600)
        #expect(small.found == nil && small.ran <= 5 && small.cut)
        #expect(!r.cut)
    }

    /// Two new tabs whose titles the data source takes for identifiers fail (one identifier
    /// twice); one restore of two tabs with one title fails in one step, and no
    /// deletion, value or collapse pass reaches it from `newTab, newTab` (a collapse needs
    /// three steps): the search does, on every seed, and without it no seed gets there.
    @Test func twoNewTabsBecomeOneRestore() {
        let runner = Runner(implementation: DiffableTests.factory(.titleAsIdentifier))
        for seed in [1, 2, 3] as [UInt64] {
            var config = Campaign.Config()
            config.seed = seed
            config.sequences = 2_000
            config.maxSteps = 120
            config.jobs = 2
            config.searchShorter = false
            let without = Campaign(runner: runner, config: config).run().found
            config.searchShorter = true
            let with = Campaign(runner: runner, config: config).run().found
            #expect(without?.shrunk == [.newTab, .newTab], "seed \(seed), without the search: \(without?.shrunk ?? [])")
            guard let with, case .restoreData(let text)? = with.shrunk.first else {
                Issue.record("seed \(seed): \(with?.shrunk ?? [])"); continue
            }
            #expect(with.shrunk.count == 1)
            #expect(SessionText.tabCount(text) == 2)
            #expect(with.shrunkFailure.violation.sameFailure(as: without!.shrunkFailure.violation))
            #expect(with.shrinkPasses.contains { $0.name == "shortest over its alphabet" && $0.accepted == 1 })
        }
    }
}
