import Checker
import Generators
import Testing

/// #55: shrinks that change kind. The shrink's last pass searches every shorter sequence over
/// the failure's own alphabet for the same rule (`ShortestOverAlphabet`,
/// `Campaign.shorterSearch`), so a short failure ends at the shortest over its alphabet
/// whatever kinds of steps that takes. The pass's own case (no model): ShrinkPassTests.
@Suite struct ShrinkKindTests {
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
        #expect(small.found == nil && small.ran <= 5)
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
