import Checker
import Foundation
import Testing

/// #54, "a verdict needs evidence": a saved failure leaves the database only when its replay
/// ran every step to the end and every property held; `--replay` of steps the drivers cannot
/// run is exit 2, never "fixed". (ReplayEvidence, one function for both.)
@Suite struct VerdictEvidenceTests {
    /// A failure recorded with steps production-async does not declare (sessions): replayed
    /// there, those steps never run, so a pass proves nothing.
    static func unrunnable(_ dir: URL) throws -> URL {
        let failures = dir.appendingPathComponent(".tabcheck/failures")
        try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        let file = ReplayFile(seed: 7, violation: Violation(.mapping, "F10", "planted"), compare: ["production-async", "reference"],
                              originalSteps: 3, actions: [.newTab, .save, .restoreSaved])
        let url = failures.appendingPathComponent("mapping-F10-7.json")
        try file.encoded().write(to: url)
        return url
    }

    @Test func aReplayWhoseStepsCannotRunIsExit2NotFixed() throws {
        let dir = Tool.scratch("evidence-replay")
        let url = try Self.unrunnable(dir)
        let r = try Tool.tabcheck.run(["--replay", url.path], cwd: dir)
        #expect(r.status == 2, "\(r)")
        #expect(r.stderr.contains("2 of its 3 steps never ran") && r.stderr.contains("do not declare save"), "\(r)")
        #expect(!r.stdout.contains("fixed"), "\(r)")
    }

    @Test func theDatabaseKeepsAFailureWhoseStepsCannotRun() throws {
        let dir = Tool.scratch("evidence-db")
        let url = try Self.unrunnable(dir)
        let r = try Tool.tabcheck.run(["--compare", "production-async,reference", "--sequences", "1"], cwd: dir)
        #expect(r.status == 0, "\(r)")
        #expect(r.stderr.contains("left in the database, not judged fixed"), "\(r)")
        #expect(FileManager.default.fileExists(atPath: url.path), "moved although its replay proved nothing")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(".tabcheck/fixed").path))
    }

    /// An action with an argument it does not take is refused by name, not replayed bare and
    /// called fixed; the database keeps the file (#54's fifth audit: Codable ignored the key).
    @Test func aFieldTheReaderWouldPassOverIsRefusedAndKept() throws {
        let dir = Tool.scratch("evidence-unknown")
        defer { try? FileManager.default.removeItem(at: dir) }
        let failures = dir.appendingPathComponent(".tabcheck/failures")
        try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        let url = failures.appendingPathComponent("mapping-F3-9.json")
        try #"{"format": "tabcheck-replay", "version": 1, "compare": ["production", "reference"], "property": "mapping", "rule": "F3", "seed": "0x9", "originalSteps": 1, "actions": [{"newTab": {"extra": 1}}]}"#
            .write(to: url, atomically: true, encoding: .utf8)
        let replay = try Tool.tabcheck.run(["--replay", url.path], cwd: dir)
        #expect(replay.status == 2 && replay.stderr.contains("newTab takes no argument \"extra\""), "\(replay)")
        #expect(!replay.stdout.contains("fixed"), "\(replay)")
        let campaign = try Tool.tabcheck.run(["--sequences", "1"], cwd: dir)
        #expect(FileManager.default.fileExists(atPath: url.path), "moved although its replay ran another sequence: \(campaign)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(".tabcheck/fixed").path), "\(campaign)")
    }

    /// A failure found between drivers this program does not have is kept, and the hint names
    /// no command that could not run: it says which driver is missing (#54).
    @Test func theHintForAnotherProgramsFailureNamesTheMissingDriver() throws {
        let dir = Tool.scratch("evidence-absent")
        defer { try? FileManager.default.removeItem(at: dir) }
        let failures = dir.appendingPathComponent(".tabcheck/failures")
        try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        let url = failures.appendingPathComponent("mapping-F3-9.json")
        try ReplayFile(seed: 9, violation: Violation(.mapping, "F3", "planted"), compare: ["my-app-model", "reference"],
                       originalSteps: 1, actions: [.newTab]).encoded().write(to: url)
        let r = try Tool.tabcheck.run(["--sequences", "1"], cwd: dir)
        #expect(r.status == 0 && FileManager.default.fileExists(atPath: url.path), "\(r)")
        #expect(r.stderr.contains("tabcheck has no driver \"my-app-model\"") && !r.stderr.contains("--compare my-app-model"), "\(r)")
    }

    /// A sequence with schedule steps recorded by the other build configuration: its picks may
    /// name other jobs here (the optimizer removes executor hops), so a pass proves nothing —
    /// `--replay` is exit 2 naming the build, and the database keeps the file (#53).
    @Test func aScheduleRecordedByTheOtherBuildIsNotCalledFixed() throws {
        let dir = Tool.scratch("evidence-build")
        defer { try? FileManager.default.removeItem(at: dir) }
        let failures = dir.appendingPathComponent(".tabcheck/failures")
        try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        var file = ReplayFile(seed: 5, violation: Violation(.lifecycle, "S2", "planted"), compare: ["production-async", "reference"],
                              originalSteps: 3, actions: [.newTab, .runJobs([0]), .relaunch])
        #expect(file.build == BuildConfiguration.current)
        let other = BuildConfiguration.all.first { $0 != BuildConfiguration.current }!
        file.build = other
        let url = failures.appendingPathComponent("lifecycle-S2-5.json")
        try file.encoded().write(to: url)
        let r = try Tool.tabcheck.run(["--replay", url.path], cwd: dir)
        #expect(r.status == 2 && r.stderr.contains("recorded by a \(other) build") && !r.stdout.contains("fixed"), "\(r)")
        let db = try Tool.tabcheck.run(["--compare", "production-async,reference", "--sequences", "1"], cwd: dir)
        #expect(db.status == 0 && db.stderr.contains("not judged fixed"), "\(db)")
        #expect(FileManager.default.fileExists(atPath: url.path), "moved although its replay proved nothing")
        // A synchronous sequence records no build; an unknown one is refused with the field named.
        #expect(ReplayFile(seed: 1, violation: nil, compare: ["production", "reference"], originalSteps: 1, actions: [.newTab]).build == nil)
        file.build = "profile"
        try file.encoded().write(to: url)
        let bad = try Tool.tabcheck.run(["--replay", url.path], cwd: dir)
        #expect(bad.status == 2 && bad.stderr.contains("field \"build\" is \"profile\""), "\(bad)")
        // Picks among jobs from a file that names no build: no verdict either (exit 2, kept).
        file.build = nil
        try file.encoded().write(to: url)
        let none = try Tool.tabcheck.run(["--replay", url.path], cwd: dir)
        #expect(none.status == 2 && none.stderr.contains("does not say which build recorded it") && !none.stdout.contains("fixed"), "\(none)")
        #expect(FileManager.default.fileExists(atPath: url.path))
    }
}
