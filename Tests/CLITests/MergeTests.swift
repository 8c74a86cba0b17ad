import Foundation
import Testing

/// `tabcheck merge`: the shards of a CI matrix add up to one campaign (#41.1).
@Suite struct MergeTests {
    /// What must be equal: the figures and every coverage count, not the times.
    static func figures(_ json: String) throws -> NSDictionary {
        let d = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return ["sequences": d["sequences"] ?? -1, "steps": d["steps"] ?? -1, "coverage": d["coverage"] ?? [:]] as NSDictionary
    }

    /// For a fixed --sequences, N shards merged give the sequences, steps and coverage of one
    /// unsharded run of N × as many, for N = 1, 2, 3, 7.
    @Test func shardsMergedAreTheUnshardedCampaign() throws {
        let dir = Tool.scratch("merge")
        let total = 42
        let whole = try Tool.tabcheck.run(["--sequences", "\(total)", "--no-db", "--json", "--quiet", "--jobs", "1"])
        #expect(whole.status == 0, "\(whole)")
        let expected = try Self.figures(whole.stdout)
        for n in [1, 2, 3, 7] {
            var files: [String] = []
            for k in 1...n {
                let shard = try Tool.tabcheck.run(["--shard", "\(k)/\(n)", "--sequences", "\(total / n)", "--no-db", "--json", "--quiet", "--jobs", "1"])
                #expect(shard.status == 0, "\(shard)")
                let file = dir.appendingPathComponent("shard-\(n)-\(k).json").path
                try Data(shard.stdout.utf8).write(to: URL(fileURLWithPath: file))
                files.append(file)
            }
            let merged = try Tool.tabcheck.run(["merge", "--json"] + files.reversed())
            #expect(merged.status == 0, "\(merged)")
            #expect(try Self.figures(merged.stdout) == expected, "\(n) shards: \(merged.stdout.prefix(600))")
            #expect(merged.stderr.contains("merged \(n) shard") && merged.stderr.contains("PASS"), "\(merged)")
        }
    }

    /// Shards of different campaigns, a missing shard, a shard given twice: exit 2, named.
    /// A failing shard: exit 1, with its shard, reproduce command and replay file.
    @Test func wrongFilesAreRefusedAndAFailureIsReported() throws {
        let dir = Tool.scratch("merge-refusals")
        func shard(_ k: Int, _ n: Int, _ extra: [String] = [], sequences: Int = 5, tool: Tool = .tabcheck) throws -> String {
            let r = try tool.run(["--shard", "\(k)/\(n)", "--sequences", "\(sequences)", "--json", "--quiet", "--jobs", "1"] + extra, cwd: dir)
            let file = dir.appendingPathComponent("s\(k)of\(n)\(extra.joined()).json").path
            try Data(r.stdout.utf8).write(to: URL(fileURLWithPath: file))
            return file
        }
        let a = try shard(1, 2, ["--no-db"]), b = try shard(2, 2, ["--no-db"]), other = try shard(2, 2, ["--no-db", "--seed", "7"])
        let larger = try shard(2, 2, ["--no-db", "--start-tabs", "40"])
        let cases: [([String], String)] = [
            ([a, other], "shards of different campaigns: --seed 0x7ab6121d vs 0x7"),
            ([a, larger], "shards of different campaigns: the openings (--start-tabs, --no-large-grids) one seed in 128 vs --start-tabs 40"),
            ([a], "shard 2/2 missing"),
            ([a, b, a], "given twice"),
            ([a, dir.appendingPathComponent("none.json").path], "none.json"),
        ]
        for (files, message) in cases {
            let r = try Tool.tabcheck.run(["merge"] + files)
            #expect(r.status == 2 && r.stderrLines.count == 1 && r.stderr.contains(message), "\(files): \(r)")
        }
        // Each job has its own failure database, as CI's machines do.
        let f1 = try shard(1, 2, ["--compare", "planted-f3,reference", "--db", "db1"], sequences: 300, tool: .planted)
        let f2 = try shard(2, 2, ["--compare", "planted-f3,reference", "--db", "db2"], sequences: 300, tool: .planted)
        let r = try Tool.planted.run(["merge", f1, f2])
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("FAIL in shard ") && r.stdout.contains("reproduce: swift run -c release tabcheck-planted --sequence-seed")
                && r.stdout.contains("replay file"), "\(r)")
    }
}
