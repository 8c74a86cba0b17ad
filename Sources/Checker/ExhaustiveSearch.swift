import Generators

/// The true minimal failing length, by brute force: every sequence over a small alphabet
/// (each action kind with its simplest arguments: indices 0 and 1, ids t1, two queries, the
/// swipe thresholds) of length 1, 2, … up to a limit. Used to check that the shrinker
/// reaches the minimum (issue 4) and by scripts/mutation-score.sh.
public enum ExhaustiveSearch {
    public static let alphabet: [Action] = [
        .willAppear, .newTab, .closeDisplayed(0), .closeDisplayed(1), .closeID("t1"), .closeAll, .setQuery("a"),
        .setQuery("new"), .cancelSearch, .setTitle(id: "t1", title: "a"), .move(from: 0, to: 1), .select(0), .reopen,
        .setViewport(ViewportSpec(width: 60, height: 60)), .swipeBegan(0, vx: 0, vy: 0), .swipeChanged(tx: -1),
        .swipeEnded(tx: 1, vx: -1000), .swipeEnded(tx: -125, vx: 0), .swipeCancelled, .tapClose(0),
        .flyAwayFinished("t1"), .save, .restoreSaved, .restoreData("{}"),
    ]

    /// The shortest failing sequence over `alphabet` of length ≤ `limit`, or nil.
    public static func shortestFailure(_ runner: Runner, limit: Int, alphabet: [Action] = alphabet) -> [Action]? {
        var frontier: [[Action]] = [[]]
        for _ in 1...max(1, limit) {
            var next: [[Action]] = []
            next.reserveCapacity(frontier.count * alphabet.count)
            for prefix in frontier {
                for a in alphabet {
                    let candidate = prefix + [a]
                    if runner.run(.actions(candidate), collectCoverage: false).failure != nil { return candidate }
                    next.append(candidate)
                }
            }
            frontier = next
        }
        return nil
    }
}
