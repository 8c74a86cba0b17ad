import Foundation
import Testing

/// #54: `merge` reads its shards through the same front door as every other input — the strict
/// JSON reader, bounds on every count, no output onto an input, a lost stdout never exit 0.
@Suite struct MergeInputTests {
    static func shards(_ dir: URL) throws -> (URL, URL) {
        let a = dir.appendingPathComponent("s1.json"), b = dir.appendingPathComponent("s2.json")
        for (k, url) in [(1, a), (2, b)] {
            let r = try Tool.tabcheck.run(["--shard", "\(k)/2", "--sequences", "5", "--json", "--no-db", "--quiet"], cwd: dir)
            #expect(r.status == 0, "\(r)")
            try r.stdout.write(to: url, atomically: true, encoding: .utf8)
        }
        return (a, b)
    }

    @Test func editedShardsAndOutputsAreRefusedWithOneLine() throws {
        let dir = Tool.scratch("merge-input")
        let (a, b) = try Self.shards(dir)
        let text = try String(contentsOf: a, encoding: .utf8)
        var cases: [(String, [String], String)] = []
        for count in ["0", "-1", "1000000000000"] {
            let edited = dir.appendingPathComponent("count\(count).json")
            try text.replacingOccurrences(of: "\"count\":2", with: "\"count\":\(count)").write(to: edited, atomically: true, encoding: .utf8)
            cases.append(("count \(count)", [edited.path, b.path], "a shard is K/N"))
        }
        let twice = dir.appendingPathComponent("twice.json")
        try text.replacingOccurrences(of: "{", with: "{\"result\":\"pass\",", options: [], range: text.range(of: "{")).write(to: twice, atomically: true, encoding: .utf8)
        cases.append(("a key twice", [twice.path, b.path], "appears twice"))
        // A verdict and a failure that disagree, and a time no campaign takes (#54, the round-4 audit).
        let failed = dir.appendingPathComponent("failed.json")
        try text.replacingOccurrences(of: "\"result\":\"pass\"", with: "\"result\":\"fail\"").write(to: failed, atomically: true, encoding: .utf8)
        cases.append(("fail without a failure", [failed.path, b.path], "holds no \"failure\""))
        let slow = dir.appendingPathComponent("slow.json")
        try text.replacingOccurrences(of: #""elapsed":[0-9.e+-]+"#, with: "\"elapsed\":1e308", options: .regularExpression).write(to: slow, atomically: true, encoding: .utf8)
        cases.append(("elapsed 1e308", [slow.path, b.path], "field \"elapsed\""))
        cases.append(("--html onto a shard", ["--html", a.path, a.path, b.path], "one of the shards"))
        // Counts edited within their bounds: the file's own coverage contradicts them (#54).
        func bumped(_ pattern: String) -> String {
            // The count is what follows the match's last ":" or "[" (a key may hold digits: "F1").
            guard let r = text.range(of: pattern, options: .regularExpression), let cut = text[r].lastIndex(where: { $0 == ":" || $0 == "[" }),
                  let n = Int(text[text.index(after: cut)..<r.upperBound]) else { return text }
            return text.replacingCharacters(in: r, with: text[r.lowerBound...cut] + "\(n + 1)")
        }
        for (what, pattern) in [("steps", #""steps":[0-9]+"#), ("sequences", #""sequences":[0-9]+"#), ("an action kind's count", #""newTab":[0-9]+"#),
                                ("a length bucket", #""lengths":\[[0-9]+"#), ("a rule's count", #""F1":[0-9]+"#)] {
            let edited = dir.appendingPathComponent("edited-\(cases.count).json")
            let t = bumped(pattern)
            #expect(t != text, "\(what): no \(pattern) in the shard")
            try t.write(to: edited, atomically: true, encoding: .utf8)
            cases.append(("\(what) edited", [edited.path, b.path], "contradicts itself"))
        }
        for (what, args, says) in cases {
            let r = try Tool.tabcheck.run(["merge"] + args, cwd: dir, timeout: 30)
            #expect(r.status == 2 && r.stderr.contains(says) && r.stderr.split(separator: "\n").count == 1, "\(what): \(r)")
        }
        #expect(try String(contentsOf: a, encoding: .utf8) == text, "a shard was overwritten")
        let full = try Tool.tabcheck.run(["merge", a.path, b.path], cwd: dir, stdoutToFullDisk: true)
        #expect(full.status == 2 && full.stderr.contains("could not write standard output"), "\(full)")
    }

    /// A campaign whose model fails before its first step writes one sequence of no steps: a
    /// genuine shard, merged as the failure it is (the fresh-eyes audit of #54's check found it
    /// refused as contradicting itself).
    @Test func aShardThatFailsAtStepZeroMerges() throws {
        let dir = Tool.scratch("merge-step-zero")
        defer { _ = try? FileManager.default.removeItem(at: dir) }
        var files: [String] = []
        for k in 1...2 {
            let r = try Tool.tabcheck.run(["--shard", "\(k)/2", "--sequences", "10", "--policy", "duckduckgo-ios", "--json", "--no-db", "--quiet"], cwd: dir)
            #expect(r.status == 1 && r.stdout.contains("\"steps\":0"), "\(r)")
            try r.stdout.write(to: dir.appendingPathComponent("s\(k).json"), atomically: true, encoding: .utf8)
            files.append(dir.appendingPathComponent("s\(k).json").path)
        }
        let merged = try Tool.tabcheck.run(["merge"] + files, cwd: dir)
        #expect(merged.status == 1 && !merged.stderr.contains("contradicts"), "\(merged)")
    }

    /// Reports are written whole or not at all, but a device stays a device: an atomic write
    /// (temporary file, then rename) once replaced /dev/full with a plain file.
    @Test func aReportOntoADeviceLeavesTheDeviceInPlace() throws {
        let dir = Tool.scratch("device-output")
        let r = try Tool.tabcheck.run(["--sequences", "3", "--no-db", "--html", "/dev/null"], cwd: dir)
        #expect(r.status == 0, "\(r)")
        var st = stat()
        #expect(stat("/dev/null", &st) == 0 && st.st_mode & S_IFMT == S_IFCHR, "/dev/null is no longer a device")
    }
}
