import Generators
import TabGridCore

/// A step deleted (or two, or a span replaced by one schedule step) with every `runJobs` step
/// still running the same jobs: each pick re-aimed at the job it ran, by the job's lineage
/// (`JobBirth`: the step whose event began its line, renumbered after the deletion, and which
/// child of which job it is), not its place.
///
/// A pick counts among the ready jobs, oldest first, so deleting an earlier step — a step of
/// jobs that leaves its jobs pending, an event that made some — turns every later pick towards
/// other jobs, and the candidate passes where the failure needed those jobs. Guessing the new
/// places (`FoldScheduleSteps.reaimed`: a pick moved by up to three) left delete-before-write
/// and older-snapshot-wins above their shortest on 9 of 20 seeds each (docs/mutation-score-async.md).
/// Here the run itself finds the jobs (`ScheduleAiming`) and the accepted sequence is the one
/// that ran, with the picks that replay it. At a local minimum, only for sequences with steps of
/// jobs and a checker that can aim (a synchronous driver's sequences have none): one run of the
/// sequence to learn what its picks ran, then at most 2n + 5·(2n) candidates per acceptance.
struct ReaimSchedule: ShrinkPass {
    let name = "re-aim schedule"
    let schedule = ShrinkSchedule.atLocalMinimum

    func run(_ state: ShrinkState) -> Bool {
        guard state.aiming != nil else { return false }
        var accepted = false
        while !state.stopped, state.best.contains(where: Self.isJobs), let ran = state.scheduleTrace() {
            let best = state.best
            let candidates = Self.edits(best).flatMap { edit in
                Self.aims(edit.origin, ran, best).map { (edit.actions, $0) }
            }
            guard state.attemptAimed(candidates) else { break }
            accepted = true
        }
        return accepted
    }

    static func isJobs(_ a: Action) -> Bool { if case .runJobs = a { return true } else { return false } }

    /// A candidate and, for each of its steps, the step of the sequence it comes from (nil: new).
    struct Edit {
        let actions: [Action]
        let origin: [Int?]
        init(_ steps: [Action], _ origin: [Int?], new: Action? = nil) {
            actions = origin.map { $0.map { steps[$0] } ?? new! }
            self.origin = origin
        }
    }

    /// Two neighbours deleted, then one step; one step deleted with two neighbours elsewhere
    /// swapped, one of them a schedule step (a clock step after the background rather than
    /// before it, once the step that set a timer is gone); spans of three and two with a schedule
    /// step replaced by the plainest step of each schedule kind (`ReplaceScheduleSpans`'s).
    static func edits(_ steps: [Action]) -> [Edit] {
        let n = steps.count
        func isSchedule(_ i: Int) -> Bool { Capability.needed(by: steps[i].kind) == .appLifecycle }
        var out: [Edit] = []
        for size in [2, 1] where n > size {
            for start in 0...(n - size) { out.append(Edit(steps, steps.indices.filter { $0 < start || $0 >= start + size })) }
        }
        for gone in 0..<n {
            for k in 0..<(n - 1) where k != gone && k + 1 != gone && (isSchedule(k) || isSchedule(k + 1)) && steps[k] != steps[k + 1] {
                var order = Array(steps.indices)
                order.swapAt(k, k + 1)
                out.append(Edit(steps, order.filter { $0 != gone }))
            }
        }
        for size in [3, 2] where n >= size {
            for start in 0...(n - size) where (start..<(start + size)).contains(where: isSchedule) {
                for r in ReplaceScheduleSpans.replacements {
                    let origin = (0..<start).map { Optional($0) } + [nil] + ((start + size)..<n).map { Optional($0) }
                    out.append(Edit(steps, origin, new: r))
                }
            }
        }
        return out
    }

    /// The jobs each kept `runJobs` step ran, their lines renumbered to the candidate's steps
    /// (a job whose line began in a step that is gone is no longer aimed at); and, when a step
    /// of jobs is gone, the same with its jobs run first by the next step of jobs kept.
    static func aims(_ origin: [Int?], _ ran: [Int: [JobBirth]], _ steps: [Action]) -> [[Int: [JobBirth]]] {
        var index: [Int: Int] = [:]
        for (c, o) in origin.enumerated() { if let o { index[o] = c } }
        func renumbered(_ births: [JobBirth]) -> [JobBirth] {
            births.compactMap { b in b.step < 0 ? b : index[b.step].map { b.at(step: $0) } }
        }
        var aims: [Int: [JobBirth]] = [:]
        for (c, o) in origin.enumerated() {
            guard let o, let births = ran[o] else { continue }
            aims[c] = renumbered(births)
        }
        let goneJobs = steps.indices.filter { index[$0] == nil && isJobs(steps[$0]) && !(ran[$0] ?? []).isEmpty }
        guard !goneJobs.isEmpty else { return [aims] }
        var carried = aims
        for g in goneJobs {
            guard let next = origin.indices.first(where: { c in origin[c].map { $0 > g && isJobs(steps[$0]) } ?? false }) else { continue }
            carried[next] = renumbered(ran[g]!) + (carried[next] ?? [])
        }
        return [aims, carried]
    }
}
