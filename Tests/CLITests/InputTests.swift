import Checker
import Foundation
import Testing

/// Issue 13, items 6–10, 14–16: bad input is exit 2 and one line, never a trap or a hang;
/// work is bounded; sessions survive SIGKILL on the real disk.
@Suite struct InputTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Row: Decodable { let program: String; let args: String; let status: Int?; let expected: Int; let stderr: [String]; let expectedText: String; let ok: Bool }

    /// 13.6–13.10: every row of Tests/bad-inputs/table.tsv, run through the built tabcheck by
    /// scripts/bad-inputs.py (the script that writes docs/bad-inputs.md).
    @Test func badInputsGetOneLineAndExit2() throws {
        let out = Tool.scratch("table").appendingPathComponent("bad-inputs.md")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", Self.root.appendingPathComponent("scripts/bad-inputs.py").path,
                       "--bin", Tool.binaries.path, "--out", out.path, "--json"]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let rows = try String(decoding: data, as: UTF8.self).split(separator: "\n").map { try JSONDecoder().decode(Row.self, from: Data($0.utf8)) }
        #expect(rows.count >= 80, "the table has \(rows.count) rows")
        for r in rows where !r.ok {
            Issue.record("\(r.program) \(r.args): exit \(r.status.map(String.init) ?? "none (hang)"), expected \(r.expected) with \"\(r.expectedText)\"; stderr: \(r.stderr)")
        }
        #expect(p.terminationStatus == 0)
    }

    /// #23.4: `minimal` says what it does on stderr and stops at its time limit, saying which
    /// lengths it searched in full (exit 3: neither "found" nor "none").
    @Test func minimalStopsAtItsTimeLimit() throws {
        let r = try Tool.tabcheck.run(["minimal", "--max-length", "5", "--time-limit", "0.3"], timeout: 60)
        #expect(r.status == 3, "\(r)")
        #expect(r.stdout.contains("stopped at --time-limit; proven only that no failing sequence of length ≤"), "\(r)")
        #expect(r.stderr.contains("minimal: searching lengths 1…5"), "\(r)")
    }

    /// #24.4: `minimal --from` says what it proved — the shortest over the actions it searched,
    /// restores of the states the failure passes through among them — never "minimal".
    @Test func minimalFromSaysWhatItSearched() throws {
        let dir = Tool.scratch("minimal")
        let found = try Tool.planted.run(["--compare", "planted-f3,reference", "--sequences", "200", "--shrink-time", "2"], cwd: dir)
        #expect(found.status == 1, "\(found)")
        let saved = ((try? FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent(".tabcheck/failures").path)) ?? [])
            .filter { $0.hasSuffix(".json") }
        try #require(saved.count == 1, "\(found)")
        let file = dir.appendingPathComponent(".tabcheck/failures/" + saved[0]).path
        let r = try Tool.planted.run(["minimal", "--from", file, "--max-length", "3"], cwd: dir, timeout: 120)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("shortest over the alphabet "), "\(r)")
        #expect(r.stdout.contains("restores of states it passes through"), "\(r)")
        #expect(r.stdout.contains("a shorter one outside them is not ruled out"), "\(r)")
        #expect(!r.stdout.contains("minimal "), "\(r)")
    }

    /// 13.7: --time-limit is checked inside a sequence, not only between sequences.
    @Test func theTimeLimitStopsALongSequence() throws {
        let t0 = Date()
        let r = try Tool.tabcheck.run(["--max-steps", "100000", "--time-limit", "2", "--no-db", "--no-large-grids", "--seed", "3"], timeout: 60)
        #expect(r.status == 0, "\(r)")
        // A debug build runs a 100,000-step sequence for minutes; the limit must cut it short.
        #expect(Date().timeIntervalSince(t0) < 30, "\(r)")
    }

    /// 13.14: a process saving in a loop, killed with SIGKILL at random times, 100 times:
    /// every load gives the last completed save or the one in flight.
    @Test func sessionsSurviveSIGKILLOnTheRealDisk() throws {
        let r = try Tool.tabcheck.run(["durability", "--kills", "100", "--time-limit", "90"], timeout: 120)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("PASS: 100 kills survived"), "\(r)")
    }

    /// 13.6: TABGRID_* variables are read strictly.
    @Test func environmentVariablesAreReadStrictly() throws {
        for bad in ["-5", "0", "banana", "1e3", "", "99999999999999999999"] {
            let r = EnvironmentSettings.count("TABGRID_ITERATIONS", in: ["TABGRID_ITERATIONS": bad], 1...10_000_000)
            guard case .failure(let e) = r else { Issue.record("TABGRID_ITERATIONS=\(bad) was accepted"); continue }
            #expect(e.message.hasPrefix("TABGRID_ITERATIONS=\"\(bad)\": takes a whole number 1…10000000"))
        }
        for bad in ["banana", "-1", "0x", "18446744073709551616"] {
            guard case .failure(let e) = EnvironmentSettings.seed("TABGRID_SEED", in: ["TABGRID_SEED": bad]) else {
                Issue.record("TABGRID_SEED=\(bad) was accepted"); continue
            }
            #expect(e.message.contains("TABGRID_SEED=\"\(bad)\""))
        }
        #expect(try EnvironmentSettings.count("TABGRID_ITERATIONS", in: ["TABGRID_ITERATIONS": " 7 "], 1...10).get() == 7)
        #expect(try EnvironmentSettings.count("TABGRID_ITERATIONS", in: ["TABGRID_ITERATIONS": "400"], 1...10_000).get() == 400)
        #expect(try EnvironmentSettings.seed("TABGRID_SEED", in: ["TABGRID_SEED": "0x2a"]).get() == 42)
        #expect(try EnvironmentSettings.seed("TABGRID_SEED", in: [:]).get() == nil)
    }

    /// 13.15: the CI example uploads the hidden failure folder and the JSON summary; the
    /// mutation script uses its own temporary folder.
    @Test func scriptsKeepWhatCINeeds() throws {
        let yml = try String(contentsOf: Self.root.appendingPathComponent("scripts/ci-example.yml"), encoding: .utf8)
        #expect(yml.contains("include-hidden-files: true"))
        #expect(yml.contains("tabcheck-${{ matrix.shard }}.json"))
        let score = try String(contentsOf: Self.root.appendingPathComponent("scripts/mutation-score.sh"), encoding: .utf8)
        #expect(score.contains("mktemp -d"))
        #expect(!score.contains("tabgrid-mutants\""))
    }

    /// 13.16: the README says what a run prints and what `list` says.
    @Test func theReadmeMatchesTheTool() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(!readme.contains("prints one summary line"))
        let list = try Tool.tabcheck.run(["list"])
        let properties = list.stdout.components(separatedBy: "drivers:")[0].split(separator: "\n").dropFirst()
        #expect(properties.count >= 10)
        for line in properties {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            let rules = words.dropFirst().joined(separator: " ")
            #expect(readme.contains("| `\(words[0])` | \(rules) |"), "README's \(words[0]) row must name \(rules), as `tabcheck list` does")
        }
        #expect(readme.contains("at file scope"))
        #expect(readme.contains("per shard"))
    }
}
