import Generators
/// A schedule step folded into another of its kind further away: `runJobs(a) ⏵ … ⏵ runJobs(b)`
/// → `… ⏵ runJobs(a + b)` (the jobs run later, in the same order) or `runJobs(a + b) ⏵ …`
/// (the later ones run earlier), and two clock steps with steps between them → one of their
/// sum, at either place. One step fewer each time.
///
/// `MergeScheduleSteps` joins neighbours only. The async catalogue's delete-before-write and
/// older-snapshot mutants ended one or two steps above their shortest on most seeds with
/// `runJobs([0, 0]) ⏵ advanceClock(5000) ⏵ runJobs([0, 1, 0])` where the shortest runs
/// `advanceClock(5000) ⏵ runJobs([0, 0, 0, 1, 0])`: the first jobs could as well run after
/// the clock moved, but no deletion or merge of neighbours says so. Then `reaimed`: a step
/// deleted with a pick re-aimed. At a local minimum, and only on sequences with schedule steps
/// (a synchronous driver's have none): two folds per pair, a bounded set of re-aims per step.
package struct FoldScheduleSteps: ShrinkPass {
    package let name = "fold schedule steps"
    package let schedule = ShrinkSchedule.atLocalMinimum

    package func run(_ state: ShrinkState) -> Bool {
        var accepted = false
        var progress = true
        while progress && !state.stopped {
            progress = false
            for candidates in [Self.candidates(state.best), Self.reaimed(state.best)] where !candidates.isEmpty && !state.stopped {
                if state.attempt(candidates) != nil { accepted = true; progress = true; break }
            }
        }
        return accepted
    }

    /// A step deleted, with one pick of a nearby step of jobs re-aimed: a pick counts among
    /// the jobs ready, oldest first, so a deleted step of jobs leaves jobs pending before the
    /// ones later picks named, and a deleted event leaves fewer (delete-before-write, seed 9:
    /// `newTab ⏵ runJobs([0, 0, 0]) ⏵ background ⏵ … runJobs([0, 0, 0, 0])`, whose shortest runs
    /// `runJobs([0, 0, 0, 1, 0])` after the clock; older-snapshot-wins: `newTab ⏵ newTab ⏵
    /// runJobs([0]) ⏵ newTab ⏵ …` for `newTab ⏵ newTab ⏵ runJobs([1]) ⏵ …`). The nearest step
    /// of jobs after the deleted one and the nearest before it, one pick at a time, moved by
    /// at most three positions (as many as a deleted step of jobs ran): a bounded search.
    package static func reaimed(_ steps: [Action]) -> [[Action]] {
        func isJobs(_ a: Action) -> Bool { if case .runJobs = a { return true } else { return false } }
        guard steps.contains(where: isJobs) else { return [] }
        var out: [[Action]] = []
        for i in steps.indices {
            var shorter = steps
            shorter.remove(at: i)
            var reach = 2
            if case .runJobs(let a) = steps[i] { reach = max(1, min(a.count, 3)) }
            let targets = [shorter[i...].firstIndex(where: isJobs), shorter[..<i].lastIndex(where: isJobs)].compactMap { $0 }
            for j in targets {
                guard case .runJobs(let b) = shorter[j] else { continue }
                for shift in Array(1...reach) + (1...reach).map({ -$0 }) {
                    for k in b.indices where b[k] >= 0 && b[k] <= Int.max - 3 && b[k] + shift >= 0 {
                        var picks = b
                        picks[k] += shift
                        var c = shorter
                        c[j] = .runJobs(picks)
                        out.append(c)
                    }
                }
            }
        }
        return out
    }

    /// Every fold of one schedule step into a later one of its kind, both ways, nearest pairs first.
    static func candidates(_ steps: [Action]) -> [[Action]] {
        let positions = steps.indices.filter { Self.kind(steps[$0]) != nil }
        guard positions.count >= 2 else { return [] }
        var pairs: [(Int, Int)] = []
        for (n, i) in positions.enumerated() {
            for j in positions[(n + 1)...] where Self.kind(steps[i]) == Self.kind(steps[j]) && j > i + 1 { pairs.append((i, j)) }
        }
        pairs.sort { ($0.1 - $0.0, $0.0) < ($1.1 - $1.0, $1.0) }
        var out: [[Action]] = []
        for (i, j) in pairs {
            guard let folded = MergeScheduleSteps.merge(steps[i], steps[j]) else { continue }
            var later = steps
            later[j] = folded
            later.remove(at: i)
            var earlier = steps
            earlier[i] = folded
            earlier.remove(at: j)
            out.append(later)
            out.append(earlier)
        }
        return out
    }

    private static func kind(_ step: Action) -> Int? {
        switch step {
        case .runJobs: return 0
        case .advanceClock: return 1
        default: return nil
        }
    }
}
