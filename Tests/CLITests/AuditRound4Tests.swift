import Checker
import Foundation
import Testing

/// #54: what the round-4 audit found mishandled, each at its mechanism — a saved failure that
/// cannot be read, a `fixed/` that is a file, `db` folders, `corpus` and `durability` refusing
/// before they write.
@Suite struct AuditRound4Tests {
    @Test func aSavedFailureThatCannotBeReadEndsTheRunNotAPass() throws {
        let dir = Tool.scratch("audit4-db")
        defer { try? FileManager.default.removeItem(at: dir) }
        let failures = dir.appendingPathComponent(".tabcheck/failures")
        try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        try Data("{\"format\": \"tabcheck-replay\", \"actions\": [".utf8).write(to: failures.appendingPathComponent("bad.json"))
        let r = try Tool.tabcheck.run(["--sequences", "5"], cwd: dir)
        #expect(r.status == 2 && r.stderr.contains("cannot read") && r.stderr.contains("bad.json") && !r.stdout.contains("PASS"), "\(r)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r)")
        // db push shares only what a tabcheck can read; the refusal comes before git runs.
        let push = try Tool.tabcheck.run(["db", "push"], cwd: dir)
        #expect(push.status == 2 && push.stderr.contains("not shared"), "\(push)")
        // --db naming a file is refused by pull as by a campaign.
        try Data("x".utf8).write(to: dir.appendingPathComponent("dbf"))
        let pull = try Tool.tabcheck.run(["db", "pull", "--db", "dbf"], cwd: dir)
        #expect(pull.status == 2 && pull.stderr.contains("is a file"), "\(pull)")
    }

    @Test func aFixedFolderThatIsAFileIsNamed() throws {
        let dir = Tool.scratch("audit4-fixed")
        defer { try? FileManager.default.removeItem(at: dir) }
        let failures = dir.appendingPathComponent(".tabcheck/failures")
        try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        try Data("not a folder".utf8).write(to: dir.appendingPathComponent(".tabcheck/fixed"))
        let url = failures.appendingPathComponent("p.json")
        try ReplayFile(seed: 3, violation: Violation(.mapping, "F3", "planted"), compare: ["production", "reference"], originalSteps: 1,
                       actions: [.newTab]).encoded().write(to: url)
        let r = try Tool.tabcheck.run(["--sequences", "3"], cwd: dir)
        #expect(r.status == 0 && r.stderr.contains("is a file, not a folder") && !r.stderr.contains("already exists"), "\(r)")
        #expect(FileManager.default.fileExists(atPath: url.path))
    }

    @Test func corpusAndDurabilityRefuseBeforeTheyWrite() throws {
        let dir = Tool.scratch("audit4-write")
        defer { try? FileManager.default.removeItem(at: dir) }
        let twice = try Tool.tabcheck.run(["corpus", "cd", "3", "--session", "--session"], cwd: dir)
        #expect(twice.status == 2 && twice.stderr.contains("--session given twice"), "\(twice)")
        // Under `ulimit -f 0` (its own stderr file cannot be written either: the status and the folder say it).
        let limited = try Tool.tabcheck.run(["corpus", "cd", "3"], cwd: dir, fileBlocks: 0)
        #expect(limited.status == 2, "\(limited)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("cd").path), "a refused corpus left its folder")
        let ud = dir.appendingPathComponent("ud")
        try FileManager.default.createDirectory(at: ud, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: ud.appendingPathComponent("session.json"))
        let d = try Tool.tabcheck.run(["durability", "--dir", "ud", "--kills", "1"], cwd: dir)
        #expect(d.status == 2 && d.stderr.contains("already holds session.json"), "\(d)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: ud.path) == ["session.json"], "the refusal wrote into the folder")
    }
}
