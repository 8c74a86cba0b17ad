import Generators

/// Several starts for one shrink: a shrink is a local search, and where it ends depends on
/// where it starts — two failures of the same rule, from two sequences, can end at 8 steps
/// and at 6. After the first failure's shrink, the campaign runs more sequences after it
/// (`startWindow`, in index order), shrinks up to `moreStarts` more failures of the same kind,
/// and keeps the shortest result (the earliest among equals). The starts share the shrink's
/// budget and time cap; the budget, not the clock, ends them on any machine. Hypothesis keeps
/// generating for a while after its first failure for the same reason (decisions.md, "More
/// than one start for a shrink").
extension Campaign {
    /// Sequences searched after the first failure for more of its kind: eight times as many as
    /// it took to find the first (a rarer failure gets a longer search), at least 128, at most
    /// 4,096. (Twice as many left 3 of mutant 04's 20 seeds above 6 steps, four times 1.)
    package static func startWindow(afterFinding local: Int) -> Int {
        min(4_096, max(128, 8 * (local + 1)))
    }

    /// What ended the later starts before they were all shrunk: the report says so as it says
    /// what ended a shrink (`shrinkStoppedBy`), since the choice among starts then depends on it.
    enum StartsCut { case interrupt, timeCap, budget }

    /// Shrinks the campaign's first failure — and, in-process, up to `config.moreStarts` more
    /// of its kind found after it — and returns the shortest. `local` is the first failure's
    /// index in this shard; `result` counts the sequences and steps the search ran.
    func shrinkFromSeveral(_ actions: [Action], _ failure: Runner.Failure, seed: UInt64, index: Int, at local: Int,
                           counted result: inout Result) -> Found {
        // With several starts, the search for a shorter failure runs once, on the shortest.
        let several = config.moreStarts > 0 && !config.isolated
        let began = RunClock.now()
        var best = shrink(actions, failure, seed: seed, index: index, searching: config.searchShorter && !several)
        // Isolated, every candidate is a process: one start costs enough. A shrink that stopped
        // early (its budget, the clock, an interrupt) or did not come back every time is not a
        // start to compare others with.
        guard several, best.shrunk.count > 1, best.nondeterministic == nil,
              !best.shrinkTimedOut, !best.shrinkInterrupted, !best.shrinkBudgetSpent, best.shrinkAttempts < config.shrinkBudget,
              !config.shouldStop() else { return best }
        var attempts = best.shrinkAttempts, seconds = best.shrinkSeconds, starts = 1, passes = best.shrinkPasses
        // The starts share the shrink's time cap too, the search for them included (a model
        // whose steps are slow must not stretch a shrink five times over), and one budget of
        // candidates: together they cost at most what one may.
        let deadline = RunClock.now() - seconds + config.shrinkTime
        let (others, searchCut) = moreFailures(like: failure, after: local, before: deadline, counted: &result)
        var cut = searchCut
        // A later shrink's cost counted with the first's (per pass: the lists are the same), and what stopped it early.
        func add(_ found: Found) -> StartsCut? {
            attempts += found.shrinkAttempts
            seconds += found.shrinkSeconds
            for (k, p) in found.shrinkPasses.enumerated() where k < passes.count { passes[k].add(p) }
            return found.shrinkInterrupted ? .interrupt : found.shrinkTimedOut ? .timeCap : found.shrinkBudgetSpent ? .budget : nil
        }
        for other in others {
            if config.shouldStop() { cut = .interrupt } else if RunClock.now() >= deadline { cut = .timeCap }
            else if attempts >= config.shrinkBudget { cut = .budget }
            if cut != nil { break }
            let found = shrink(other.outcome.executed, other.failure, seed: other.seed, index: other.global,
                               budget: config.shrinkBudget - attempts, timeLimit: deadline - RunClock.now(), searching: false)
            starts += 1
            cut = add(found)
            // A start the budget or the clock stopped early is still a failure that fails: kept when shorter.
            if found.nondeterministic == nil, found.shrunk.count < best.shrunk.count { best = found }
            if cut != nil { break }
        }
        if cut == nil, config.searchShorter, (2...ShortestOverAlphabet.maxLength).contains(best.shrunk.count) {
            // The shortest start, shrunk once more with the search last: its one round at a
            // local minimum finds nothing, then the search runs on what the starts reached.
            let last = shrink(best.shrunk, best.shrunkFailure, seed: best.sequenceSeed, index: best.sequenceIndex,
                              budget: config.shrinkBudget - attempts, timeLimit: deadline - RunClock.now(), searching: true)
            cut = add(last)
            if last.nondeterministic == nil, last.shrunk.count < best.shrunk.count {
                best.shrunk = last.shrunk
                best.shrunkFailure = last.shrunkFailure
            }
        }
        best.shrinkAttempts = attempts
        // The whole time the cap measured, the search for the other starts included (#54's fifth
        // audit: "stopped by the time cap" of 60 s "in 11 s", a slow model's starts searched for 50).
        best.shrinkSeconds = max(seconds, RunClock.now() - began)
        best.shrinkStarts = starts
        best.shrinkPasses = passes
        switch cut {
        case .interrupt?: best.shrinkInterrupted = true
        case .timeCap?: best.shrinkTimedOut = true
        case .budget?: best.shrinkBudgetSpent = true
        case nil: break   // no start stopped early: every flag is already false
        }
        if best.sequenceSeed != seed { best.firstFailureSeed = seed }
        return best
    }

    /// Up to `config.moreStarts` failures of the same kind as `failure` among the
    /// `startWindow` sequences after index `local`, in index order, until the shrink's time cap
    /// (on any machine the window ends long before; a model with slow steps does not); and what
    /// cut the search short, if anything did.
    func moreFailures(like failure: Runner.Failure, after local: Int, before deadline: Double, counted result: inout Result)
        -> (found: [(seed: UInt64, global: Int, outcome: Runner.Outcome, failure: Runner.Failure)], cut: StartsCut?) {
        var found: [(seed: UInt64, global: Int, outcome: Runner.Outcome, failure: Runner.Failure)] = []
        var i = local + 1
        let end = min(config.sequences, local + 1 + Self.startWindow(afterFinding: local))
        var bounded = config
        bounded.sequences = end
        let search = Campaign(runner: runner, config: bounded)
        while i < end, found.count < config.moreStarts {
            if config.shouldStop() { return (found, .interrupt) }
            if RunClock.now() >= deadline { return (found, .timeCap) }
            let ran = search.runRound(from: i, deadline: deadline, running: nil, coverage: false)
            if ran.isEmpty { break }
            for r in ran {
                result.sequences += 1
                result.steps += r.outcome.executed.count
                if let f = r.outcome.failure, f.violation.sameFailure(as: failure.violation), found.count < config.moreStarts {
                    found.append((r.seed, r.global, r.outcome, f))
                } else if r.outcome.stoppedEarly && found.count < config.moreStarts {
                    return (found, config.shouldStop() ? .interrupt : .timeCap)   // a sequence cut short: the window was not searched
                }
            }
            i += ran.count
        }
        return (found, nil)
    }
}
