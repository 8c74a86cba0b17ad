import Foundation
import Generators

extension ExhaustiveSearch.Level {
    /// The level run in forked children (`Sandbox`), for a failure that kills the process —
    /// a trap, a hang — which no candidate could show in this process without ending the
    /// search ("search failed", #24.4). Each worker forks a child that runs its stride of
    /// candidates one after another, saying "C i" before candidate i and its verdict after
    /// ("F" failed, "K a b" its state key, "N" none). A child that dies died of the last
    /// candidate it named: that candidate fails if `counts` says so of how the child ended,
    /// and a new child takes up the stride after it. The first failure in alphabet order
    /// wins, as in `run()`, so the result does not depend on `workers`.
    func runIsolated(counts: @escaping @Sendable (Sandbox.End) -> Bool, deadline: Double?) -> (firstFailure: Int?, keys: [StateHash?], complete: Bool) {
        let results = Slots<StateHash?>(count: last ? 0 : total, empty: nil)
        let firstFailure = FirstIndex()
        let cut = FirstIndex()      // the lowest candidate a stopped child left unrun
        SupervisedCampaign.warmUp()
        DispatchQueue.concurrentPerform(iterations: workers) { w in
            let local = runner.isolatedCopy()
            var next = w
            var stalledAt = (index: -1, tries: 0)
            while next < total && next < firstFailure.value && !shouldStop() {
                let left = deadline.map { $0 - RunClock.now() } ?? 86_400
                guard left > 0 else { cut.lower(to: next); return }
                let start = next
                let report = Sandbox.run(timeLimit: left, stallLimit: 10) { channel in
                    var i = start
                    while i < total {
                        channel.send("C \(i)")
                        let r = local.stateKey(after: candidate(i), keying: !last)
                        channel.send(r.failed ? "F" : r.key.map { "K \($0.a) \($0.b)" } ?? "N")
                        i += workers
                    }
                    return 0
                }
                var current: Int?
                for line in report.messages {
                    if line.hasPrefix("C ") { current = Int(line.dropFirst(2)); continue }
                    guard let i = current else { continue }
                    current = nil
                    if line == "F" { firstFailure.lower(to: i) }
                    else if !last, let key = StateHash(line: line) { results.set(i, key) }
                }
                guard report.end != .exited(0) else { return }
                // A stall is tried twice more, as in `Runner.runIsolated`: a child forked while
                // another thread held a lock can block on it — before its first candidate, too —
                // and a candidate skipped for that would leave the level unproven.
                let at = current ?? start
                if report.end == .stalled && at != stalledAt.index { stalledAt = (at, 1); next = at; continue }
                if report.end == .stalled && stalledAt.tries < 2 { stalledAt.tries += 1; next = at; continue }
                // Stopped (the deadline, an interrupt) or dead outside a candidate: the rest of
                // the stride is unrun, and the level proves nothing past it.
                guard let died = current, report.end != .timedOut, !report.end.isKill else { cut.lower(to: at); return }
                if counts(report.end) { firstFailure.lower(to: died) }
                next = died + workers
            }
        }
        if shouldStop() { cut.lower(to: 0) }
        // A failure below every unrun candidate is still the first; otherwise nothing is known.
        let first = firstFailure.value < min(total, cut.value) ? firstFailure.value : nil
        return (first, results.values, first != nil || cut.value >= total)
    }
}

extension StateHash {
    /// From a child's "K a b" line.
    init?(line: String) {
        let parts = line.split(separator: " ")
        guard parts.count == 3, parts[0] == "K", let a = UInt64(parts[1]), let b = UInt64(parts[2]) else { return nil }
        self.a = a; self.b = b
    }
}

extension Sandbox.End {
    /// Killed from outside (an interrupt reaches the children too).
    var isKill: Bool { if case .killed = self { return true } else { return false } }
}
