import Checker
import Foundation
import Testing

/// #23.1: a model that traps is a failure like any other — found, saved, shrunk, replayed —
/// wherever the trap is: in the implementation, in the oracle, in the checker's own path.
/// The planted traps are in Tests/PlantedTabcheck/main.swift.
@Suite struct TrapTests {
    static func savedFiles(_ dir: URL) -> [URL] {
        let db = dir.appendingPathComponent(".tabcheck/failures")
        return ((try? FileManager.default.contentsOfDirectory(at: db, includingPropertiesForKeys: nil)) ?? []).filter { $0.pathExtension == "json" }
    }

    @Test func aTrapInTheImplementationIsFoundSavedShrunkAndReplayed() throws {
        let dir = Tool.scratch("trap-impl")
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try Tool.planted.run(["--compare", "planted-trap,reference", "--sequences", "300", "--shrink-time", "10", "--html", "r.html"], cwd: dir)
        #expect(run.status == 1 && !run.signaled, "\(run)")
        #expect(run.stdout.contains("FAIL: crash broke rule trap"), "\(run)")
        #expect(run.stdout.contains("planted-trap (the implementation) trapped in apply") && run.stdout.contains(Runner.runtimeSays("Index out of range")), "\(run)")
        #expect(run.stdout.contains("shrunk") && run.stdout.contains("→ 2 steps"), "\(run)")
        #expect(run.stdout.contains("processExitsWith: .success"), "the regression test is an exit test: \(run)")
        #expect(run.stderr.contains("died of SIGILL"), "\(run)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("r.html").path))
        let files = Self.savedFiles(dir)
        #expect(files.count == 1 && files.first?.lastPathComponent.hasPrefix("crash-trap-") == true, "\(files)")

        // The saved file replays the trap, isolated from the start.
        let replay = try Tool.planted.run(["--replay", files[0].path], cwd: dir)
        #expect(replay.status == 1 && replay.stdout.contains("crash broke rule trap at step 2"), "\(replay)")

        // And `minimal --from` searches it in children (#24.4): none of length 1, the trap at 2.
        let one = try Tool.planted.run(["minimal", "--from", files[0].path, "--max-length", "1"], cwd: dir)
        #expect(one.status == 0 && !one.signaled && one.stdout.contains("none over the alphabet ≤ 1"), "\(one)")
        #expect(one.stderr.contains("each level runs in forked children"), "\(one)")
        let two = try Tool.planted.run(["minimal", "--from", files[0].path, "--max-length", "2"], cwd: dir)
        #expect(two.status == 1 && two.stdout.contains("shortest over the alphabet 2:") && two.stdout.contains("— crash: trap"), "\(two)")
    }

    @Test func aTrapInTheOracleIsTheOracles() throws {
        let dir = Tool.scratch("trap-oracle")
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try Tool.planted.run(["--compare", "production,trapping-oracle", "--sequences", "500", "--no-db"], cwd: dir)
        #expect(run.status == 1 && run.stdout.contains("trapping-oracle (the oracle) trapped in apply"), "\(run)")
        #expect(run.stdout.contains("→ 1 steps"), "\(run)")
    }

    @Test func aTrapInACheckIsTheCheckers() throws {
        let dir = Tool.scratch("trap-checker")
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try Tool.planted.run(["--sequences", "500", "--no-db"], cwd: dir, environment: ["TABCHECK_PLANTED_CUSTOM": "trap"])
        #expect(run.status == 1 && run.stdout.contains("the checker (a property or the run loop) trapped"), "\(run)")
        #expect(run.stdout.contains(Runner.runtimeSays("Unexpectedly found nil")) && run.stdout.contains("closeAll  ← fails here"), "\(run)")
    }

    /// Two jobs: the trap kills both threads' sequences; the one that traps again is reported.
    @Test func aTrapWithTwoJobs() throws {
        let dir = Tool.scratch("trap-jobs")
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try Tool.planted.run(["--compare", "planted-trap,reference", "--sequences", "300", "--jobs", "2", "--no-db"], cwd: dir)
        #expect(run.status == 1 && run.stdout.contains("crash broke rule trap"), "\(run)")
    }

    /// --no-isolation runs in the process, as before: the trap ends it (what a debugger wants).
    @Test func withoutIsolationTheTrapEndsTheProcess() throws {
        let dir = Tool.scratch("trap-bare")
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try Tool.planted.run(["--compare", "planted-trap,reference", "--sequences", "300", "--no-db", "--no-isolation"], cwd: dir,
                                       environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(run.status != 0 && run.status != 1 && run.status != 2, "\(run)")
        #expect(!run.stdout.contains("crash broke rule trap"), "\(run)")
    }
}
