import Checker
import Generators
import Testing

/// The shrinker reaches the true minimal length: for planted bugs, an exhaustive search
/// over every sequence of an alphabet of small actions (each action kind with its
/// simplest arguments, indices 0 and 1, ids t1 and t2) finds the shortest failing length;
/// a random campaign's failure must shrink to exactly that length.
@Suite struct ShrinkMinimalityTests {
    static let alphabet: [Action] = [
        .willAppear, .newTab, .closeDisplayed(0), .closeDisplayed(1), .closeID("t1"), .closeAll, .setQuery("a"),
        .setQuery("new"), .cancelSearch, .setTitle(id: "t1", title: "a"), .move(from: 0, to: 1), .select(0), .reopen,
        .setViewport(ViewportSpec(width: 60, height: 60)), .swipeBegan(0, vx: 0, vy: 0), .swipeChanged(tx: -1),
        .swipeEnded(tx: 1, vx: -1000), .swipeEnded(tx: -125, vx: 0), .swipeCancelled, .tapClose(0),
        .flyAwayFinished("t1"), .save, .restoreSaved, .restoreData("{}"),
    ]

    /// The shortest failing length over `alphabet`, up to `limit`.
    static func exhaustiveMinimum(_ runner: Runner, limit: Int) -> Int? {
        var frontier: [[Action]] = [[]]
        for length in 1...limit {
            var next: [[Action]] = []
            for prefix in frontier {
                for a in alphabet {
                    let candidate = prefix + [a]
                    let out = runner.run(.actions(candidate), collectCoverage: false)
                    if out.failure != nil { return length }
                    next.append(candidate)
                }
            }
            frontier = next
        }
        return nil
    }

    @Test(arguments: [PlantedBug.noStateOnAppear, .negativeDuration, .closesNotRecorded, .partialRestore,
                      .rightwardDeletes, .activeNilOnClose])
    func shrinkerReachesTheExhaustiveMinimum(_ bug: PlantedBug) {
        let runner = Runner(implementation: bug.factory, properties: [bug.property])
        guard let minimum = Self.exhaustiveMinimum(runner, limit: 3) else {
            Issue.record("\(bug): no failing sequence of length ≤ 3 in the alphabet"); return
        }
        for seed in [1, 2, 3] as [UInt64] {
            let r = Budget.campaign(runner, sequences: 2_000, seed: seed)
            guard let f = r.found else { Issue.record("\(bug) survived"); continue }
            #expect(f.shrunk.count == minimum, "\(bug), seed \(seed): shrunk to \(f.shrunk.count), minimum is \(minimum): \(f.shrunk)")
        }
    }
}
