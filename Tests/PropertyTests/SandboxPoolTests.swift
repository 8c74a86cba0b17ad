import Checker
import Foundation
import Testing

/// `Sandbox.runPool`: children side by side, every one forked from the calling thread (#24.3).
/// In an exit test — a fresh process running nothing else — as every test that forks.
@Suite struct SandboxPoolTests {
    /// Each child's end is its own: one writes and exits with a status, one traps, one stalls
    /// and is killed; with two slots the third starts only when one of the first two ends,
    /// and the reports come back in the order of the bodies.
    @Test func childrenEndEachInTheirOwnWay() async {
        await #expect(processExitsWith: .success) {
            let reports = Sandbox.runAll(timeLimit: 30, stallLimit: 0.3, [
                (progress: { 0 }, body: { channel in channel.send("one"); channel.send("two"); return 3 }),
                (progress: { 0 }, body: { _ in let empty: [Int] = []; return Int32(empty[Int.random(in: 0..<1)]) }),
                (progress: { 0 }, body: { _ in while true { usleep(10_000) } }),
            ])
            precondition(reports.count == 3, "\(reports)")
            precondition(reports[0].messages == ["one", "two"] && reports[0].end == .exited(3), "\(reports[0])")
            precondition(reports[1].end == .trapped("SIGILL") || reports[1].end == .trapped("SIGTRAP"), "\(reports[1])")
            precondition(reports[2].end == .stalled, "\(reports[2])")
            // A pool of two: a body handed out only when a slot is free, ends heard as they come.
            var given = 0, running = 0, most = 0
            var ended: [Int] = []
            Sandbox.runPool(slots: 2, deadline: RunClock.now() + 30, stallLimit: 10, next: {
                guard given < 5 else { return nil }
                given += 1; running += 1; most = max(most, running)
                let i = given - 1
                return (i, { 0 }, { _ in usleep(UInt32(i == 0 ? 300_000 : 20_000)); return Int32(i) })
            }, ended: { i, report in
                running -= 1
                precondition(report.end == .exited(Int32(i)), "\(i): \(report)")
                ended.append(i)
            })
            precondition(most == 2 && ended.count == 5 && ended.last == 0, "most \(most), ended \(ended)")
        }
    }
}
