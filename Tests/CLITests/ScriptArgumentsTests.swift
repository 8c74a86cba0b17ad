import Foundation
import Testing

/// #54: every script in scripts/ parses its arguments with scripts/lib/args.sh — `--help`
/// answers and exits 0, an unknown flag, a missing value or a bad one is one line and exit 2,
/// all before any work (no build starts, nothing is written). The list is read from the
/// folder, so a new script is held to it the day it is added.
@Suite struct ScriptArgumentsTests {
    static let scripts = InputTests.root.appendingPathComponent("scripts")
    static let bash = Tool(path: "/bin/bash")

    static func all() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: scripts.path)) ?? []).filter { $0.hasSuffix(".sh") }.sorted()
    }

    @Test func everyScriptUsesTheOneParser() throws {
        let names = Self.all()
        #expect(names.count >= 12, "\(names)")
        for name in names {
            let text = try String(contentsOf: Self.scripts.appendingPathComponent(name), encoding: .utf8)
            #expect(text.contains("lib/args.sh") || text.contains("exec \"$root/scripts/bench-against.sh\""), "\(name) parses its arguments by hand")
            #expect(!text.contains("while [ $# -gt 0 ]"), "\(name) has a loop of its own over its arguments")
        }
    }

    /// Each case: a script's arguments, and what must happen: help (0) or a usage error (2).
    static let cases: [(String, [String], Int32)] = all().flatMap { name -> [(String, [String], Int32)] in
        [(name, ["--help"], 0), (name, ["--no-such-flag"], 2), (name, ["--no-such-flag=1"], 2)]
    } + [
        ("mutation-score.sh", ["--seeds"], 2), ("mutation-score.sh", ["--seeds", "abc"], 2), ("mutation-score.sh", ["--seeds", "0"], 2),
        ("mutation-score.sh", ["--time-limit", "-1"], 2), ("mutation-score.sh", ["no-such-mutant"], 2),
        ("bench.sh", ["--against"], 2), ("bench.sh", ["--against", "not-a-revision"], 2), ("bench.sh", ["--against", "--rounds", "x", "HEAD"], 2),
        ("bench.sh", ["--out"], 2), ("bench.sh", ["--out", "/no/such/folder/b.md"], 2),
        ("cli-properties.sh", ["abc"], 2), ("cli-properties.sh", ["10", "1", "extra"], 2),
        ("durability.sh", ["-5"], 2), ("durability.sh", ["10", "/no/such/folder"], 2),
        ("fuzz.sh", ["other"], 2), ("fuzz.sh", ["sequence", "0"], 2),
        ("oss-fuzz-check.sh", ["--runs", "0"], 2), ("oss-fuzz-check.sh", ["--sanitizers", "memory"], 2),
        ("report-check.sh", ["--tool", "/no/such/tool"], 2), ("shrink-under-load.sh", ["no-such-mutant"], 2),
        ("fuzz-vs-campaign.sh", ["0"], 2),
        // #54's fifth audit: a switch or a value given twice, a stray word before `--`, a range wider than the tool's, a name from a comment.
        ("against-check.sh", ["--keep", "--keep"], 2), ("mutation-score.sh", ["--seeds", "1", "--seeds", "2"], 2),
        ("fuzz.sh", ["sequence", "10", "extra"], 2), ("durability.sh", ["5000000"], 2),
        ("mutation-score.sh", ["--property", "fiveTabs"], 2), ("mutation-score.sh", ["--shrink-time", "0"], 2),
    ]

    /// The Python scripts, through scripts/lib/pyargs.py: the same promises (#54's fifth audit:
    /// tracebacks and exit 1, and `spec-rules.py --help` rewrote its generated file).
    @Test func pythonScriptsKeepTheSamePromises() throws {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: Self.scripts.path)) ?? []).filter { $0.hasSuffix(".py") }.sorted()
        #expect(names.count >= 4, "\(names)")
        let python = Tool(path: "/usr/bin/env")
        for name in names {
            let path = Self.scripts.appendingPathComponent(name).path
            let text = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
            #expect(text.contains("pyargs") || text.contains("(see --help)"), "\(name) parses its arguments by hand")
            let stem = (name as NSString).deletingPathExtension
            let before = try? Data(contentsOf: InputTests.root.appendingPathComponent("Sources/Checker/Reports/SpecRules.swift"))
            let help = try python.run(["python3", path, "--help"], timeout: 30)
            #expect(help.status == 0 && !help.stdout.isEmpty, "\(name) --help: \(help)")
            let after = try? Data(contentsOf: InputTests.root.appendingPathComponent("Sources/Checker/Reports/SpecRules.swift"))
            #expect(after == before, "\(name) --help wrote a file")
            let bad = try python.run(["python3", path, "--no-such-flag"], timeout: 30)
            #expect(bad.status == 2 && bad.stderr.split(separator: "\n").count == 1 && bad.stderr.hasPrefix(stem + ": "), "\(name) --no-such-flag: \(bad)")
        }
    }

    @Test func badArgumentsAreRefusedBeforeAnyWork() throws {
        for (name, args, expected) in Self.cases {
            let r = try Self.bash.run([Self.scripts.appendingPathComponent(name).path] + args, timeout: 30)
            #expect(r.status == expected, "\(name) \(args): exit \(r.status)\n\(r.stderr)")
            if expected == 2 {
                let lines = r.stderr.split(separator: "\n")
                // bench.sh --against hands its arguments to bench-against.sh, which names itself.
                let stem = (name as NSString).deletingPathExtension
                #expect(lines.count == 1 && (lines[0].hasPrefix(stem + ": ") || lines[0].hasPrefix(stem + "-against: ")), "\(name) \(args): \(r.stderr)")
            } else {
                #expect(!r.stdout.isEmpty, "\(name) --help printed nothing")
            }
        }
    }
}
