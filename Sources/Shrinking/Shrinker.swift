import Generators
import Foundation

/// Shrinks a failing action sequence to a locally minimal one: no pass has a candidate that
/// still fails.
///
/// Works on the actions that were executed (not on the seed), so a shrunk sequence is
/// concrete and replays after the generators change. The passes (`standardPasses`, each a
/// `ShrinkPass` in its own file) run in order: the opening ones once, then rounds of the
/// every-round ones, with the local-minimum ones when a round changed nothing, until a
/// round accepts nothing (Hypothesis-style greedy descent to a fixed point). A budget of
/// candidates bounds it, so its result depends on the failure alone, never on the machine's
/// load (decisions.md, Shrinking); a wall-clock cap stays as a safety net (a slow predicate must not hide the
/// failure) and says so when it fires. Either way the best sequence so far is returned.
package struct Shrinker {
    package struct Result: Sendable {
        package let actions: [Action]
        /// Candidates executed.
        package let attempts: Int
        /// Whether the time cap (or `shouldStop`) stopped shrinking before a local minimum.
        package let timedOut: Bool
        /// Whether the candidate budget did (the result is still the same on any machine).
        package var budgetSpent = false
        /// Whether `shouldStop` did.
        package let interrupted: Bool
        /// What each pass did, in `passes` order.
        package let passes: [ShrinkPassStatistics]
    }

    /// The passes in the order they run. Opening: the tail collapsed into a restore, long
    /// runs cut in blocks. Every round: spans deleted, one action deleted with the references
    /// after it renumbered, swipes to taps, sessions with their later steps, values
    /// simplified, neighbours sorted, schedule steps merged. At a local minimum: shared strings,
    /// coordinated pairs, a plainer last kind, prefixes (and the whole) collapsed into a restore,
    /// a step moved so a longer prefix collapses, a session made smaller together with another
    /// step, a deletion with two steps re-aimed, a schedule step folded into a later one of its
    /// kind, spans replaced by one schedule step, and those deletions and spans again with every
    /// step of jobs re-aimed at the jobs it ran, each step's picks made shortlex-smallest, and
    /// last every shorter sequence over the failure's own alphabet, whatever its kinds.
    package static let standardPasses: [any ShrinkPass] = [
        CollapseTail(), CollapseLongPrefix(), DeleteBlocks(),
        DeleteSpans(), DeleteAndRenumber(), SwipeToTap(), ShrinkSessions(), SimplifyValues(), SortNeighbours(),
        MergeScheduleSteps(),
        ShareStrings(), CoordinatedPairs(), PlainerLastKind(), CollapsePrefix(), MoveAndCollapse(), CoordinatedSessions(),
        CoordinatedRetargets(), FoldScheduleSteps(), ReplaceScheduleSpans(), ReaimSchedule(), ShortlexPicks(),
        ShortestOverAlphabet(),
    ]

    /// Longer than any sequence the default campaign generates (its maximum is 200 steps).
    package static let longSequence = 200
    /// More new tabs than an ordinary sequence makes (a large-grid opening makes 129–300).
    package static let largeGrid = 128

    /// A sequence longer than any default run, or one that makes a large grid: where each
    /// candidate is costly and the passes for long sequences run.
    static func isLarge(_ actions: [Action]) -> Bool {
        actions.count > longSequence || actions.lazy.filter { $0 == .newTab }.count > largeGrid
    }

    package let timeLimit: Double
    /// Candidates the shrink may run before it stops with the best so far: deterministic, unlike
    /// the time cap. The default is above every shrink of the mutant catalogue (its most is 3,856).
    package var candidateBudget = Shrinker.defaultCandidateBudget
    package static let defaultCandidateBudget = 10_000
    /// The default time cap: a safety net, not the budget.
    package static let defaultTimeLimit = 60.0
    /// Seconds from an arbitrary origin; injected so generation never reads a clock.
    package let now: () -> Double
    /// Asked before every candidate: true stops at once with the best sequence so far
    /// (an interrupt must not lose the failure).
    package let shouldStop: () -> Bool
    /// A few actions that recreate the state a prefix leaves (a restore of its session, then
    /// its query), or nil where there are none: the collapsing passes use it. Nil (the
    /// default) skips them.
    package let collapse: (([Action]) -> [Action]?)?
    package let passes: [any ShrinkPass]
    /// Whether the model opens a tab when a close takes the last one (see `ShrinkState`).
    package var closesMakeTabs = false
    /// How to run a candidate with its schedule aimed at jobs (`ReaimSchedule`); nil (the
    /// default): a model whose work is not scheduled, or one in another process.
    package var aiming: ScheduleAiming?
    /// How to search every shorter sequence over the actions drawn from a failing one
    /// (`ShortestOverAlphabet`); nil (the default): no such search.
    package var shorter: ShorterSearch?

    package init(timeLimit: Double, now: @escaping () -> Double, shouldStop: @escaping () -> Bool = { false },
                collapse: (([Action]) -> [Action]?)? = nil, passes: [any ShrinkPass] = Shrinker.standardPasses) {
        self.timeLimit = timeLimit
        self.now = now
        self.shouldStop = shouldStop
        self.collapse = collapse
        self.passes = passes
    }

    /// `fails` runs a candidate and says whether it still fails the same way.
    package func shrink(_ original: [Action], fails: ([Action]) -> Bool) -> Result {
        withoutActuallyEscaping(fails) { fails in
            core(original, width: 1) { chunk in fails(chunk[0]) ? 0 : nil }
        }
    }

    /// The same shrink with `jobs` candidates evaluated at once, on as many threads: each
    /// pass offers its next `jobs` candidates, they run in parallel and the first (in the
    /// pass's own order) that still fails is accepted — exactly the candidate sequential
    /// shrinking would have accepted, so the result does not depend on `jobs` (unless the
    /// time cap stops it). `attempts` counts what sequential shrinking would have run.
    package func shrink(_ original: [Action], jobs: Int, fails: @escaping @Sendable ([Action]) -> Bool) -> Result {
        guard jobs > 1 else { return shrink(original, fails: fails) }
        return shrink(original, width: jobs) { chunk in
            let results = Slots(count: chunk.count, empty: false)
            DispatchQueue.concurrentPerform(iterations: chunk.count) { i in results.set(i, fails(chunk[i])) }
            return results.values.firstIndex(of: true)
        }
    }

    /// The same shrink with `width` candidates handed to `firstFailing` at once, which runs
    /// them as it likes — in processes of their own, forked from one thread — and returns the
    /// index of the first that still fails the same way. The result does not depend on
    /// `width`, as with `jobs`.
    package func shrink(_ original: [Action], width: Int, firstFailing: @escaping ([[Action]]) -> Int?) -> Result {
        core(original, width: max(1, width), evaluate: firstFailing)
    }

    /// Runs the passes to a fixed point. `evaluate` runs up to `width` candidates and
    /// returns the index of the first that fails, if any.
    func core(_ original: [Action], width: Int, evaluate: @escaping ([[Action]]) -> Int?) -> Result {
        let state = ShrinkState(original, passes: passes, width: width, budget: candidateBudget, deadline: now() + timeLimit, now: now, shouldStop: shouldStop,
                                collapse: collapse, closesMakeTabs: closesMakeTabs, aiming: aiming, shorter: shorter, evaluate: evaluate)
        let indexed = Array(passes.enumerated())
        for (i, pass) in indexed where pass.schedule == .opening && !state.stopped { _ = state.run(pass, index: i) }
        var improved = true
        while improved && !state.stopped {
            improved = false
            for (i, pass) in indexed where pass.schedule == .everyRound && !state.stopped {
                if state.run(pass, index: i) { improved = true }
            }
            for (i, pass) in indexed where pass.schedule == .atLocalMinimum {
                guard !improved && !state.stopped else { break }
                if state.run(pass, index: i) { improved = true }
            }
        }
        return Result(actions: state.best, attempts: state.attempts, timedOut: state.stopped && !state.budgetSpent,
                      budgetSpent: state.budgetSpent, interrupted: state.interrupted, passes: state.statistics)
    }
}
