import Generators
import Shrinking

extension Campaign {
    /// The shrink's search for a shorter failure (`ShortestOverAlphabet`): `tabcheck minimal
    /// --from`'s alphabet — the failure's own actions, every index and id a shorter sequence
    /// can reach, the thresholds' boundaries, a restore of every state it passes through — and
    /// its search, for a failure of the same property and rule. Running the failure once for
    /// its states is counted as a candidate. `killing`: the campaign runs isolated, each length
    /// in forked children, and this says which child's end is the failure (nil: in this process).
    package static func shorterSearch(_ runner: Runner, jobs: Int, stop: @escaping @Sendable () -> Bool,
                                      same: @escaping @Sendable (Runner.Outcome) -> Bool,
                                      killing: (@Sendable (Sandbox.End) -> Bool)? = nil) -> ShorterSearch {
        { failing, budget, deadline in
            // The run that collects the states, and in isolation the found sequence's check.
            let overhead = killing == nil ? 1 : 2
            guard budget > overhead else { return (nil, 0, true) }
            let limit = failing.count - 1
            let alphabet = ExhaustiveSearch.alphabet(limit: limit, from: failing, runner: runner, isolated: killing != nil).actions
            let r = ExhaustiveSearch.search(runner, limit: limit, alphabet: alphabet, jobs: jobs, isolated: killing, deadline: deadline,
                                            fails: same, maxSequences: budget - overhead) { stop() || RunClock.now() > deadline }
            let cut = r.found == nil && r.stopped && !stop() && RunClock.now() <= deadline
            // A child's death says it trapped, not where: the found sequence is run once more
            // and kept only when it is the same failure (another trap site is another bug).
            if let found = r.found, killing != nil, !same(runner.runIsolated(.actions(found))) { return (nil, r.sequencesRun + overhead, false) }
            return (r.found, r.sequencesRun + overhead, cut)
        }
    }
}
