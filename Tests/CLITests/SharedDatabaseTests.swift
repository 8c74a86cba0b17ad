import Foundation
import Synchronization
import Testing

/// `tabcheck db push|pull` (#41.1): the team's failure database in a git ref.
@Suite struct SharedDatabaseTests {
    static func sh(_ command: String, in dir: URL) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", command]
        p.currentDirectoryURL = dir
        try p.run()
        p.waitUntilExit()
        if p.terminationStatus != 0 { throw CocoaError(.fileWriteUnknown, userInfo: ["command": command]) }
    }

    static var hasGit: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/git") }

    /// Six jobs push at once to one remote: every failure lands. A fresh checkout pulls them
    /// all; one that a checkout moved to fixed/ is not pulled back there, and stays shared.
    @Test(.enabled(if: hasGit, "git is not installed")) func concurrentPushesLoseNothing() throws {
        let root = Tool.scratch("shared-db")
        try Self.sh("git init -q --bare shared.git", in: root)
        // A real replay file, then variants of it (another seed each): two per job.
        let seedRun = root.appendingPathComponent("seed")
        try FileManager.default.createDirectory(at: seedRun, withIntermediateDirectories: true)
        let found = try Tool.planted.run(["--compare", "planted-f3,reference", "--sequences", "300", "--quiet"], cwd: seedRun)
        #expect(found.status == 1, "\(found)")
        let dbFolder = seedRun.appendingPathComponent(".tabcheck/failures")
        let original = try String(contentsOf: dbFolder.appendingPathComponent(try #require(try FileManager.default.contentsOfDirectory(atPath: dbFolder.path).first)), encoding: .utf8)
        let jobs = 6
        for j in 1...jobs {
            let dir = root.appendingPathComponent("job\(j)")
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(".tabcheck/failures"), withIntermediateDirectories: true)
            try Self.sh("git init -q && git remote add origin ../shared.git", in: dir)
            for v in ["a", "b"] {
                let text = original.replacing(/"seed" : "0x[0-9a-f]+"/, with: "\"seed\" : \"0x\(j)\(v == "a" ? "0" : "1")\"")
                try text.write(to: dir.appendingPathComponent(".tabcheck/failures/f-\(j)\(v).json"), atomically: true, encoding: .utf8)
            }
        }
        let statuses = Mutex([Int32](repeating: -1, count: jobs))
        DispatchQueue.concurrentPerform(iterations: jobs) { i in
            let r = try? Tool.planted.run(["db", "push"], cwd: root.appendingPathComponent("job\(i + 1)"))
            statuses.withLock { $0[i] = r?.status ?? -2 }
        }
        #expect(statuses.withLock { $0 } == [Int32](repeating: 0, count: jobs))
        let fresh = root.appendingPathComponent("fresh")
        try FileManager.default.createDirectory(at: fresh, withIntermediateDirectories: true)
        try Self.sh("git init -q && git remote add origin ../shared.git", in: fresh)
        let pulled = try Tool.planted.run(["db", "pull"], cwd: fresh)
        #expect(pulled.status == 0 && pulled.stderr.contains("\(2 * jobs) failures copied"), "\(pulled)")
        // Fixed in job 1's checkout: not pulled back there; still shared, as the fresh pull showed.
        let job1 = root.appendingPathComponent("job1")
        try Self.sh("mkdir -p .tabcheck/fixed && mv .tabcheck/failures/f-1a.json .tabcheck/fixed/", in: job1)
        let again = try Tool.planted.run(["db", "pull"], cwd: job1)
        #expect(again.status == 0 && again.stderr.contains("1 fixed in this checkout"), "\(again)")
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: job1.appendingPathComponent(".tabcheck/failures").path)).contains { $0.hasPrefix("f-1a") })
        let pushed = try Tool.planted.run(["db", "push"], cwd: job1)
        #expect(pushed.status == 0 && pushed.stderr.contains("0 new failures"), "pushing never removes: \(pushed)")
        // A pulled failure is replayed first by the next campaign.
        let replayed = try Tool.planted.run(["--compare", "planted-f3,reference", "--sequences", "5"], cwd: fresh)
        #expect(replayed.status == 1 && (replayed.stdout + replayed.stderr).contains("a saved failure still fails"), "\(replayed)")
    }
}
