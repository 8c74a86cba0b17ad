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

    /// Under a low `ulimit -n` the commands that start a child through Foundation's `Process`
    /// (git for the shared database, the saving child of `durability`) died of SIGILL inside
    /// Foundation; now each asks first (SpareDescriptors) and says so, exit 2, one line.
    @Test func tooFewDescriptorsForAChildIsALine() throws {
        let dir = Tool.scratch("audit4-nofile")
        defer { try? FileManager.default.removeItem(at: dir) }
        for args in [["db", "pull"], ["durability", "--kills", "2", "--time-limit", "5"]] {
            let r = try Tool.tabcheck.run(args, cwd: dir, openFiles: 14)
            // (Too few free, or one inherited at or above the limit: either way the line names it.)
            #expect(r.status == 2 && !r.signaled && r.stderr.contains("ulimit -n 14") && r.stderr.split(separator: "\n").count == 1, "\(args): \(r)")
        }
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

    /// A step that runs long (a slow model, a huge replay): Ctrl-C ends the run within
    /// `Interrupt.grace` (5 s) with its line, not when the step ends (95 s in the audit), and the
    /// failure database's replays keep to the run's budget, keeping the file.
    @Test func aLongStepNeitherOutlivesCtrlCNorTheBudget() throws {
        let dir = Tool.scratch("audit4-slow")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = ReplayFile(seed: 3, violation: Violation(.mapping, "F3", "planted"), compare: ["slow-query", "reference"], originalSteps: 2,
                              actions: [.newTab, .setQuery("a")])
        try file.encoded().write(to: dir.appendingPathComponent("slow.json"))
        let started = Date()
        let r = try Tool.planted.run(["--replay", "slow.json"], cwd: dir) { p, _ in
            usleep(1_000_000)
            kill(p.processIdentifier, SIGINT)
        }
        let took = Date().timeIntervalSince(started)
        #expect(r.status == 130 && r.stderr.contains("had not stopped 5 s after SIGINT"), "\(r)")
        #expect(took < 15, "took \(took) s after a 30 s step began")
        // With --json, the summary still comes: "interrupted" (it came from no one: CI's parser failed).
        let json = try Tool.planted.run(["--compare", "slow-query,reference", "--no-db", "--json", "--sequences", "5"], cwd: dir) { p, _ in
            usleep(1_500_000)
            kill(p.processIdentifier, SIGINT)
        }
        let summary = try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(json.status == 130 && json.stderr.contains("had not stopped") && summary?["result"] as? String == "interrupted", "\(json)")
        let failures = dir.appendingPathComponent(".tabcheck/failures")
        try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        // Steps of 1 s each, a budget of 1 s: the replay stops after its first query, the file stays.
        try ReplayFile(seed: 3, violation: Violation(.mapping, "F3", "planted"), compare: ["slow-query-1s", "reference"], originalSteps: 4,
                       actions: [.newTab, .setQuery("a"), .setQuery("b"), .setQuery("c")]).encoded().write(to: failures.appendingPathComponent("slow.json"))
        let db = try Tool.planted.run(["--compare", "slow-query-1s,reference", "--time-limit", "1"], cwd: dir)
        #expect(db.status == 2 && db.stderr.contains("did not finish replaying within the 1 s"), "\(db)")
        #expect(FileManager.default.fileExists(atPath: failures.appendingPathComponent("slow.json").path))
        // Under a budget they fit in, the replays come out of it: the campaign gets what they left.
        try ReplayFile(seed: 3, violation: Violation(.mapping, "F3", "planted"), compare: ["slow-query-1s", "reference"], originalSteps: 2,
                       actions: [.newTab, .setQuery("a")]).encoded().write(to: failures.appendingPathComponent("slow.json"))
        let left = try Tool.planted.run(["--compare", "slow-query-1s,reference", "--time-limit", "3"], cwd: dir)
        #expect(left.status == 0 && left.stdout.contains("(what the saved failures' replays left)") && !left.stdout.contains("budget: 3 s"), "\(left)")
        // A campaign whose step outlasts --time-limit ends 5 s after it (Overrun.swift), not when the 30-s step does.
        let campaignStarted = Date()
        let slow = try Tool.planted.run(["--compare", "slow-query,reference", "--time-limit", "1", "--no-db"], cwd: dir)
        let slowTook = Date().timeIntervalSince(campaignStarted)
        #expect(slow.status == 2 && slow.stderr.contains("still running 5 s after --time-limit 1 s ran out"), "\(slow)")
        #expect(slowTook < 15, "took \(slowTook) s for a 1-s budget")
    }

    /// The supervisor killed by SIGKILL (no atexit runs): the file that keeps a trapped run's
    /// place is not left in TMPDIR — the child removes its name once both have it mapped.
    @Test func aParentKilledBySIGKILLLeavesNothingInTMPDIR() throws {
        let dir = Tool.scratch("audit4-kill")
        defer { try? FileManager.default.removeItem(at: dir) }
        let tmp = dir.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        let r = try Tool.tabcheck.run(["--time-limit", "30", "--no-db"], cwd: dir, environment: ["TMPDIR": tmp.path]) { p, _ in
            usleep(1_500_000)
            kill(p.processIdentifier, SIGKILL)
        }
        #expect(r.signaled, "\(r)")
        usleep(500_000)   // the child ends with its parent (PR_SET_PDEATHSIG)
        let left = try FileManager.default.contentsOfDirectory(atPath: tmp.path).filter { $0.hasPrefix("tabcheck-running-") }
        #expect(left.isEmpty, "left in TMPDIR: \(left)")
    }

    /// The second audit of this round: a saved failure of a property this executable does not
    /// check is kept (it was moved to fixed/), a campaign that ran no step is no PASS, a report
    /// named through a folder that does not exist is still one of the shards, a branch is no
    /// place for the shared failures.
    @Test func nothingCheckedIsNeverAVerdict() throws {
        let dir = Tool.scratch("audit4-nothing")
        defer { try? FileManager.default.removeItem(at: dir) }
        let failures = dir.appendingPathComponent(".tabcheck/failures")
        try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        let custom = failures.appendingPathComponent("custom.json")
        try ReplayFile(seed: 4, violation: Violation(Property("myCustom"), "F2", "planted"), compare: ["production", "reference"],
                       originalSteps: 1, actions: [.newTab]).encoded().write(to: custom)
        let r = try Tool.tabcheck.run(["--sequences", "3"], cwd: dir)
        #expect(r.status == 0 && r.stderr.contains("not judged") && FileManager.default.fileExists(atPath: custom.path), "\(r)")
        let zero = try Tool.tabcheck.run(["--time-limit", "0", "--no-db"], cwd: dir)
        #expect(zero.status == 2 && zero.stderr.contains("checks nothing") && zero.stderrLines.count == 1 && !zero.stdout.contains("PASS"), "\(zero)")
        let shard = try Tool.tabcheck.run(["--shard", "1/1", "--sequences", "3", "--json", "--no-db", "--quiet"], cwd: dir)
        try shard.stdout.write(to: dir.appendingPathComponent("s1.json"), atomically: true, encoding: .utf8)
        let alias = try Tool.tabcheck.run(["merge", "--html", "./nowhere/../s1.json", "s1.json"], cwd: dir)
        #expect(alias.status == 2 && alias.stderr.contains("one of the shards"), "\(alias)")
        #expect(try String(contentsOf: dir.appendingPathComponent("s1.json"), encoding: .utf8) == shard.stdout, "a shard was overwritten")
        let branch = try Tool.tabcheck.run(["db", "push", "--ref", "refs/heads/main"], cwd: dir)
        #expect(branch.status == 2 && branch.stderr.contains("outside refs/heads/"), "\(branch)")
    }

    /// One signal delivered twice at once — to the process group and to the process, as
    /// `timeout -s INT` sends it, or forwarded twice under load — is one request: the run stops
    /// after the step in progress and prints its --json (#54: it ended at once as if a second
    /// Ctrl-C had come, with no summary). The step takes 1 s, so the second arrives while the
    /// first is being honoured.
    @Test func oneSignalDeliveredTwiceIsOneRequest() throws {
        let r = try Tool.planted.run(["--compare", "slow-query-1s,reference", "--sequences", "1000", "--no-db", "--json"], timeout: 60) { p, _ in
            usleep(2_500_000)
            kill(p.processIdentifier, SIGINT)
            usleep(20_000)
            kill(p.processIdentifier, SIGINT)
        }
        #expect(r.status == 130 && r.stdout.contains("\"result\":\"interrupted\"") && !r.stderr.contains("second signal"), "\(r)")
    }
}
