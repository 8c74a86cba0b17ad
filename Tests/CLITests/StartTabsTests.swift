import Foundation
import Testing

/// `--start-tabs N[-M]` (#40): every sequence of a campaign first opens that many tabs, a
/// failure's reproduce line says so and runs the same sequence, and the flag's values and
/// conflicts are refused by name.
@Suite struct StartTabsTests {
    @Test func everySequenceOpensTheTabsAsked() throws {
        let r = try Tool.tabcheck.run(["--start-tabs", "150-160", "--sequences", "6", "--max-steps", "5", "--json", "--no-db", "--jobs", "1"])
        #expect(r.status == 0, "\(r)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        // The most tabs each sequence had open, by bucket: all six in the last (101+).
        let most = try #require((json["coverage"] as? [String: Any])?["maxTabs"] as? [Int], "\(r.stdout.prefix(800))")
        #expect(most.last == 6 && most.reduce(0, +) == 6, "\(most)")
        #expect((json["config"] as? [String: Any])?["startTabs"] as? String == "150-160", "\(r.stdout.prefix(800))")
    }

    @Test func aFailuresReproduceLineKeepsTheOpening() throws {
        let dir = Tool.scratch("start-tabs")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try Tool.planted.run(["--compare", "planted-f3,reference", "--start-tabs", "30", "--sequences", "200", "--no-db", "--jobs", "1"], cwd: dir)
        #expect(r.status == 1, "\(r)")
        let line = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("FAIL:") }, "\(r)")
        let reproduce = try #require(line.range(of: "reproduce: swift run -c release ").map { line[$0.upperBound...].dropLast() }, "\(line)")
        #expect(reproduce.contains("--start-tabs 30"), "\(line)")
        // The reproduce line runs the same sequence: the same failure, at the same step.
        var args = reproduce.split(separator: " ").map(String.init)
        args.removeFirst()
        let again = try Tool.planted.run(args + ["--no-db"], cwd: dir)
        let first = try #require(again.stdout.split(separator: "\n").first { $0.hasPrefix("FAIL:") }, "\(again)")
        #expect(first.prefix(while: { $0 != "(" }) == line.prefix(while: { $0 != "(" }), "\(again)")
    }

    @Test(arguments: ["0", "10001", "5-3", "", "-", "1-", "-4", "a", "1e3", "5-6-7", " 5", "５", "1234567"])
    func aBadValueIsRefusedByName(_ value: String) throws {
        let r = try Tool.tabcheck.run(["--start-tabs", value, "--sequences", "1", "--no-db"])
        #expect(r.status == 2 && r.stderrLines.count == 1 && r.stderr.contains("--start-tabs takes a number of tabs"), "\(value): \(r)")
    }

    @Test func conflictsAreRefused() throws {
        for (args, other) in [(["--no-large-grids"], "--no-large-grids"), (["--replay", "x.json"], "--replay"), (["--bytes", "x"], "--bytes")] {
            let r = try Tool.tabcheck.run(["--start-tabs", "5"] + args + ["--no-db"])
            #expect(r.status == 2 && r.stderrLines.count == 1 && r.stderr.contains("--start-tabs") && r.stderr.contains(other), "\(args): \(r)")
        }
    }
}
