import Checker
import Generators
import Testing

/// The shrinker reaches the true minimal length: for planted bugs, an exhaustive search
/// over every sequence of an alphabet of small actions (each action kind with its
/// simplest arguments, indices 0 and 1, ids t1 and t2) finds the shortest failing length;
/// a random campaign's failure must shrink to exactly that length.
@Suite struct ShrinkMinimalityTests {
    @Test(arguments: [PlantedBug.noStateOnAppear, .negativeDuration, .closesNotRecorded, .partialRestore,
                      .rightwardDeletes, .activeNilOnClose])
    func shrinkerReachesTheExhaustiveMinimum(_ bug: PlantedBug) {
        let runner = Runner(implementation: bug.factory, properties: [bug.property])
        guard let minimum = ExhaustiveSearch.shortestFailure(runner, limit: 3)?.count else {
            Issue.record("\(bug): no failing sequence of length ≤ 3 in the alphabet"); return
        }
        for seed in [1, 2, 3] as [UInt64] {
            let r = Budget.campaign(runner, sequences: 2_000, seed: seed)
            guard let f = r.found else { Issue.record("\(bug) survived"); continue }
            #expect(f.shrunk.count == minimum, "\(bug), seed \(seed): shrunk to \(f.shrunk.count), minimum is \(minimum): \(f.shrunk)")
        }
    }
}
