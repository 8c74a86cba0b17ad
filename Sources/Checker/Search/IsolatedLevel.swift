import Foundation
import Generators

extension ExhaustiveSearch.Level {
    /// The level run in forked children (`Sandbox`), for a failure that kills the process —
    /// a trap, a hang — which no candidate could show in this process without ending the
    /// search ("search failed", #24.4). Each of `workers` strides of candidates runs in a
    /// child, one after another, saying "C i" before candidate i and its verdict after ("F"
    /// failed, "K a b" its state key, "N" none); the children are forked from this thread and
    /// read together (`Sandbox.runPool`). A child that dies died of the last candidate it
    /// named: that candidate fails if `counts` says so of how the child ended, and a new child
    /// takes up the stride after it. The first failure in alphabet order
    /// wins, as in `run()`, so the result does not depend on `workers`.
    func runIsolated(counts: @escaping @Sendable (Sandbox.End) -> Bool, deadline: Double?) -> (firstFailure: Int?, keys: [StateHash?], complete: Bool) {
        var keys = [StateHash?](repeating: nil, count: last ? 0 : total)
        var firstFailure = total
        var cut = total             // the lowest candidate a stopped child left unrun
        SupervisedCampaign.warmUp()
        let local = runner.isolatedCopy()
        var next = Array(0..<workers), running = Set<Int>()
        var stalledAt = [(index: Int, tries: Int)](repeating: (-1, 0), count: workers)
        let end = deadline ?? RunClock.now() + 86_400
        Sandbox.runPool(slots: workers, deadline: end, stallLimit: 10, next: {
            let waiting = (0..<workers).filter { !running.contains($0) && next[$0] < min(total, firstFailure, cut) }
            guard let w = waiting.first, !shouldStop() else { return nil }
            // Past the deadline nothing more starts, and what did not run is unproven.
            guard RunClock.now() < end else { cut = min(cut, waiting.map { next[$0] }.min()!); return nil }
            running.insert(w)
            let start = next[w]
            return (w, { 0 }, { channel in
                var i = start
                while i < total {
                    channel.send("C \(i)")
                    let r = verdict(local, i)
                    channel.send(r.failed ? "F" : r.key.map { "K \($0.a) \($0.b)" } ?? "N")
                    i += workers
                }
                return 0
            })
        }, ended: { w, report in
            running.remove(w)
            var current: Int?
            for line in report.messages {
                if line.hasPrefix("C ") { current = Int(line.dropFirst(2)); continue }
                guard let i = current else { continue }
                current = nil
                if line == "F" { firstFailure = min(firstFailure, i) }
                else if !last, let key = StateHash(line: line) { keys[i] = key }
            }
            guard report.end != .exited(0) else { next[w] = total; return }
            // A stall is tried twice more, as in `Runner.runIsolated`: a child can block on a
            // lock — before its first candidate, too — and a candidate skipped for that would
            // leave the level unproven.
            let at = current ?? next[w]
            if report.end == .stalled && at != stalledAt[w].index { stalledAt[w] = (at, 1); next[w] = at; return }
            if report.end == .stalled && stalledAt[w].tries < 2 { stalledAt[w].tries += 1; next[w] = at; return }
            // Stopped (the deadline, an interrupt) or dead outside a candidate: the rest of the
            // stride is unrun, and the level proves nothing past it.
            guard let died = current, report.end != .timedOut, !report.end.isKill else { cut = min(cut, at); next[w] = total; return }
            if counts(report.end) { firstFailure = min(firstFailure, died) }
            next[w] = died + workers
        })
        if shouldStop() { cut = 0 }
        // A failure below every unrun candidate is still the first; otherwise nothing is known.
        let first = firstFailure < min(total, cut) ? firstFailure : nil
        return (first, keys, first != nil || cut >= total)
    }
}

extension ExhaustiveSearch {
    /// How a child's end shows a crash of `rule`: `trap` a trap signal, `hang` a stall
    /// (three times); nil for a rule no child's end shows.
    package static func killing(rule: String?) -> (@Sendable (Sandbox.End) -> Bool)? {
        switch rule {
        case "trap": return { if case .trapped = $0 { true } else { false } }
        case "hang": return { $0 == .stalled }
        default: return nil
        }
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
