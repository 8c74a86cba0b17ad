import Generators
import Foundation

/// The shrink in progress, as passes see it: the smallest failing sequence so far, a way to
/// try candidates against it, and whether to stop. One per shrink; passes share it in turn.
package final class ShrinkState {
    /// The smallest failing sequence found so far.
    package private(set) var best: [Action]
    /// Whether the time cap or an interrupt has stopped the shrink: passes return at once.
    package private(set) var stopped = false
    /// Whether an interrupt (rather than the time cap) stopped it.
    package private(set) var interrupted = false
    /// Whether the candidate budget ran out (rather than the time cap or an interrupt).
    package private(set) var budgetSpent = false
    /// How many candidates one call runs at once (the jobs): a pass that can offer that many
    /// at a time keeps every thread busy.
    package let width: Int
    /// A few actions that recreate the state a prefix leaves (a restore of its session,
    /// then its query), or nil where there are none; nil when the caller gave none.
    package let collapse: (([Action]) -> [Action]?)?
    /// Whether the model opens a tab when a close takes the last one (the policy
    /// `emptyGrid=replacedByNewTab`): passes that count the tabs a sequence makes count closes.
    package let closesMakeTabs: Bool
    /// How to run a candidate with its schedule aimed at jobs (`ReaimSchedule`); nil: no pass aims.
    package let aiming: ScheduleAiming?
    /// How to search every shorter sequence over a failure's alphabet; nil: none.
    let shorter: ShorterSearch?

    /// Candidates run, over every pass.
    package private(set) var attempts = 0
    var statistics: [ShrinkPassStatistics] = []
    var current = 0

    private let evaluate: ([[Action]]) -> Int?
    /// Candidates the shrink may run (counted as sequential shrinking would run them, so the
    /// budget stops every width at the same candidate: the result depends on the seed alone).
    private let budget: Int
    private let deadline: Double
    private let now: () -> Double
    private let shouldStop: () -> Bool

    init(_ original: [Action], passes: [any ShrinkPass], width: Int, budget: Int = .max, deadline: Double, now: @escaping () -> Double,
         shouldStop: @escaping () -> Bool, collapse: (([Action]) -> [Action]?)?, closesMakeTabs: Bool = false,
         aiming: ScheduleAiming? = nil, shorter: ShorterSearch? = nil, evaluate: @escaping ([[Action]]) -> Int?) {
        self.aiming = aiming
        self.shorter = shorter
        statistics = passes.map { ShrinkPassStatistics(name: $0.name) }
        self.closesMakeTabs = closesMakeTabs
        best = original
        self.width = width
        self.budget = budget
        self.deadline = deadline
        self.now = now
        self.shouldStop = shouldStop
        self.collapse = collapse
        self.evaluate = evaluate
    }

    /// Tries `candidates` in order, `width` at a time; accepts the first that still fails
    /// (it becomes `best`) and returns its index, or nil when none does or the shrink
    /// stopped. A candidate equal to `best` is no progress: accepting it would let a pass
    /// restart forever (every shrink must end on a fixed point, whatever the values), so
    /// it is skipped and not counted.
    @discardableResult
    package func attempt(_ candidates: [[Action]]) -> Int? {
        let fresh = candidates.indices.filter { candidates[$0] != best }
        var k = 0
        while k < fresh.count {
            guard mayRun() else { return nil }
            // Never past the budget, even in a chunk: a wider shrink stops where a narrower one would.
            let chunk = Array(fresh[k..<min(k + width, fresh.count, k + budget - attempts)])
            if let j = evaluate(chunk.map { candidates[$0] }) {
                count(j + 1, accepted: true)
                best = candidates[chunk[j]]
                return chunk[j]
            }
            count(chunk.count, accepted: false)
            k += chunk.count
        }
        return nil
    }

    /// Offers `best` without each window `start..<start + size`, in the order of `starts`;
    /// returns the start of the window whose removal was accepted, if any. (What the
    /// deleting passes share.)
    package func removeWindow(size: Int, starts: [Int]) -> Int? {
        let best = self.best
        let candidates = starts.map { s -> [Action] in
            var c = best
            c.removeSubrange(s..<min(s + size, best.count))
            return c
        }
        return attempt(candidates).map { starts[$0] }
    }

    /// What each `runJobs` step of `best` ran (one run, counted as a candidate), or nil when
    /// the shrink stopped, no checker aims, or `best` no longer fails so.
    package func scheduleTrace() -> [Int: [JobBirth]]? {
        guard let aiming, mayRun() else { return nil }
        let run = aiming.run(best, [:])
        count(1, accepted: false)
        return run.fails ? run.ran : nil
    }

    /// Tries aimed candidates one at a time (an aimed run is never parallel: its result must not
    /// depend on the jobs); the first that still fails becomes `best` as it ran, with the picks
    /// that replay it. True when one did.
    package func attemptAimed(_ candidates: [([Action], [Int: [JobBirth]])]) -> Bool {
        guard let aiming else { return false }
        for (actions, aims) in candidates where actions != best {
            guard mayRun() else { return false }
            let run = aiming.run(actions, aims)
            if run.fails, run.ranAs.count < best.count {
                count(1, accepted: true)
                best = run.ranAs
                return true
            }
            count(1, accepted: false)
        }
        return false
    }

    /// Searches every sequence shorter than `best` over the actions drawn from it, with at most
    /// `cap` candidates (and never past the budget); a failure found becomes `best`. The search
    /// ends at the shrink's deadline and on an interrupt, which the state then records.
    func searchShorter(cap: Int) -> Bool {
        guard let shorter, mayRun() else { return false }
        let allowed = min(cap, budget - attempts)
        let r = shorter(best, allowed, deadline)
        count(r.ran, accepted: r.found != nil)
        if let found = r.found, found.count < best.count {
            best = found
            return true
        }
        // A length left unsearched for want of the budget (not of the cap) is the budget's
        // stop, as for any pass; a search that ran to its end is none, whatever it spent.
        if shouldStop() { interrupted = true; stopped = true }
        else if now() > deadline { stopped = true }
        else if r.cut && allowed < cap { budgetSpent = true; stopped = true }
        return false
    }

    /// Whether another candidate may run; else the state says why it stopped.
    private func mayRun() -> Bool {
        if shouldStop() { interrupted = true; stopped = true; return false }
        if attempts >= budget { budgetSpent = true; stopped = true; return false }
        if now() > deadline { stopped = true; return false }
        return true
    }

    private func count(_ n: Int, accepted: Bool) {
        attempts += n
        guard current < statistics.count else { return }
        statistics[current].tried += n
        if accepted { statistics[current].accepted += 1 }
    }

    /// Runs `pass`, its candidates and time counted under its name (by the shrinker's clock,
    /// read where the pass starts and ends).
    func run(_ pass: any ShrinkPass, index: Int) -> Bool {
        current = index
        let start = now()
        let accepted = pass.run(self)
        statistics[index].seconds += now() - start
        return accepted
    }

}
