import Checker
import Foundation

/// The cases tabcheck's command-line harness found (#36), kept as regression cases, and the
/// replay file they are built on.
extension CommandLinePropertyTests {
    /// A valid replay file: a shrunk failure of the planted F3 bug, the template of the replay cases.
    static let validReplay: String = {
        let dir = Tool.scratch("replay")
        defer { _ = try? FileManager.default.removeItem(at: dir) }
        _ = try? Tool.planted.run(["--compare", "planted-f3,reference", "--sequences", "200", "--db", dir.path, "--quiet"], timeout: 120)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }) ?? []
        return files.first.flatMap { try? String(contentsOf: dir.appendingPathComponent($0), encoding: .utf8) } ?? "{}"
    }()

    /// The two shards of one small campaign (`--shard K/2 --json`), the templates of the merge cases.
    static let validShards: [String] = (1...2).compactMap { n in
        let dir = Tool.scratch("shard")
        defer { _ = try? FileManager.default.removeItem(at: dir) }
        let r = try? Tool.tabcheck.run(["--shard", "\(n)/2", "--sequences", "3", "--json", "--no-db"], cwd: dir, timeout: 120)
        return r.flatMap { $0.status == 0 && $0.stdout.hasPrefix("{") ? $0.stdout : nil }
    }

    /// What the harness found, kept as regression cases (each broke an invariant before its
    /// fix; docs/bad-inputs.md says which invariant and what the fix was).
    static var regressions: [CommandLineCase] {
        func k(_ why: String, _ args: [String], _ program: String = "tabcheck", env: [String: String] = [:],
               files: [(String, CommandLineCase.FileKind)] = [], full: Bool = false, expect: (Bool, [String])? = nil,
               signal: (Int32, Double, Double?)? = nil) -> CommandLineCase {
            var c = CommandLineCase()
            c.program = program; c.args = args; c.environment = env; c.files = files.map { (name: $0.0, kind: $0.1) }; c.stdoutFull = full
            c.expected = expect.map { (accepted: $0.0, names: $0.1) }
            c.signal = signal.map { (number: $0.0, after: $0.1, again: $0.2) }
            c.classes = [why]
            return c
        }
        let template = validReplay.trimmingCharacters(in: .whitespacesAndNewlines)
        func replay(with field: String) -> String { String(template.dropLast()) + ", " + field + "}" }
        let bomb = "{\"format\": \"tabcheck-replay\", \"version\": 1, \"compare\": [\"production\", \"reference\"], \"actions\": [{\"newTab\": {}}, "
            + "{\"setTitle\": {\"id\": \"t2\", \"title\": \"" + String(repeating: "a" + String(repeating: "\u{301}", count: 300), count: 4_000) + "\"}}, "
            + "{\"setQuery\": {\"_0\": \"a\u{301}b\"}}]}"
        // A 130-step failure at 5 ms a step: found in under a second, then seconds of shrinking.
        let slow = ["--compare", "planted-f3-slow,reference", "--sequence-seed", "0xda7c4d48b74ad9a6", "--max-steps", "200"]
        return [
            // Round 2 (the twelfth session).
            // A stray variable made tabcheck map a user's file and die (exit 137).
            k("A stray variable made tabcheck map a user's file and die (exit 137).", ["--sequences", "1"], env: ["TABCHECK_SUPERVISED": "1:file"], files: [("file", .text("keep me"))]),
            // "NSCocoaErrorDomain error 256" for a file that cannot be read.
            k("\"NSCocoaErrorDomain error 256\" for a file that cannot be read.", ["--policy", "/proc/self/mem"], "tabcheck-planted"),
            // An output onto a FIFO blocked the up-front check for ever and orphaned a child.
            k("An output onto a FIFO blocked the up-front check for ever and orphaned a child.", ["--sequences", "1", "--html", "f1"], files: [("f1", .fifo)]),
            // The report onto the replay file it reads.
            k("The report onto the replay file it reads.", ["--replay", "r.json", "--html", "r.json"], "tabcheck-planted", files: [("r.json", .text(validReplay))]),
            // A verdict on a full disk was exit 0.
            k("A verdict on a full disk was exit 0.", ["--sequences", "5"], full: true),
            // Round 3 (this session).
            // An unusable TMPDIR turned isolation off: a trapping model killed the run (exit 132), nothing saved.
            k("An unusable TMPDIR turned isolation off: a trapping model killed the run (exit 132), nothing saved.", ["--compare", "planted-trap,reference", "--sequences", "50"], "tabcheck-planted", env: ["TMPDIR": "/nonexistent"]),
            // `tabcheck policy` ran in-process: a trap killed it (exit 132).
            k("`tabcheck policy` ran in-process: a trap killed it (exit 132).", ["policy", "--compare", "planted-trap,reference", "--sequences", "50"], "tabcheck-planted"),
            // {"reopenLimit": 0} was refused ("got 0": a 0 taken for a Bool), so an inferred policy could not be loaded.
            k("{\"reopenLimit\": 0} was refused (\"got 0\": a 0 taken for a Bool), so an inferred policy could not be loaded.", ["--policy", "schema.json", "--sequences", "2", "--no-db"], files: [("schema.json", .text(#"{"reopenLimit": 0}"#))], expect: (true, [])),
            // A key twice was accepted (the last one won).
            k("A key twice was accepted (the last one won).", ["--policy", "schema.json", "--sequences", "2", "--no-db"], files: [("schema.json", .text(#"{"reopenLimit": 5, "reopenLimit": 6}"#))],
              expect: (false, ["reopenLimit"])),
            // A replay file's policy was not read as a policy: a misspelt knob was ignored.
            k("A replay file's policy was not read as a policy: a misspelt knob was ignored.", ["--replay", "schema.json"], "tabcheck-planted", files: [("schema.json", .text(replay(with: #""policy": {"reopnLimit": 3}"#)))],
              expect: (false, ["reopnLimit"])),
            // A replay of a property this tabcheck does not check said "fixed", exit 0.
            k("A replay of a property this tabcheck does not check said \"fixed\", exit 0.", ["--replay", "schema.json"], "tabcheck-planted", files: [("schema.json", .text(template.replacingOccurrences(of: "\"property\" : \"mapping\"", with: "\"property\" : \"myCustom\"")))],
              expect: (false, ["property"])),
            // --html onto a saved failure replaced it with HTML (the next run passed).
            k("--html onto a saved failure replaced it with HTML (the next run passed).", ["--compare", "planted-f3,reference", "--sequences", "5", "--html", ".tabcheck/failures/saved.json"], "tabcheck-planted",
              files: [(".tabcheck/failures/saved.json", .text(validReplay))]),
            // --frames into a user's folder deleted their frame-001.svg.
            k("--frames into a user's folder deleted their frame-001.svg.", ["--compare", "planted-f3,reference", "--sequences", "200", "--no-db", "--frames", "u"], "tabcheck-planted", files: [("u", .folderHolding("frame-001.svg"))]),
            // An over-long --db name passed the check, then every save failed.
            k("An over-long --db name passed the check, then every save failed.", ["--compare", "planted-f3,reference", "--sequences", "200", "--db", "d/" + String(repeating: "n", count: 300)], "tabcheck-planted"),
            // A reproduce line with a path a shell splits.
            k("A reproduce line with a path a shell splits.", ["--compare", "planted-f3,reference", "--sequences", "200", "--db", "it's $HOME"], "tabcheck-planted"),
            // SIGHUP during a shrink exited 129 with no line; two quick SIGINTs exited 130 after a FAIL.
            k("SIGHUP during a shrink exited 129 with no line; two quick SIGINTs exited 130 after a FAIL.", slow, "tabcheck-planted", signal: (SIGHUP, 2.0, nil)),
            k("SIGHUP during a shrink exited 129 with no line; two quick SIGINTs exited 130 after a FAIL.", slow, "tabcheck-planted", signal: (SIGINT, 2.0, 0.1)),
            // durability and corpus ignored SIGINT/SIGTERM (durability then printed PASS).
            k("durability and corpus ignored SIGINT/SIGTERM (durability then printed PASS).", ["durability", "--kills", "100000", "--time-limit", "40"], signal: (SIGINT, 1, nil)),
            k("durability and corpus ignored SIGINT/SIGTERM (durability then printed PASS).", ["corpus", "c", "1000000"], signal: (SIGTERM, 1, nil)),
            // A grapheme bomb (4,000 Characters of 301 scalars) passed the Character-counted limits and ran for minutes.
            k("A grapheme bomb (4,000 Characters of 301 scalars) passed the Character-counted limits and ran for minutes.", ["--replay", "bomb.json", "--no-db"], files: [("bomb.json", .text(bomb))]),
            // The fresh-eyes audit of round 3, each now a case the harness holds.
            k("A hard link to the replay file was not seen as it: the report overwrote the input.",
              ["--replay", "in.json", "--html", "hard.json", "--no-db"], "tabcheck-planted", files: [("in.json", .text(validReplay)), ("hard.json", .hardLink("in.json"))]),
            k("corpus overwrote a user's seed-1 in its folder.", ["corpus", "u", "3"], files: [("u", .folderHolding("seed-1"))]),
            k("corpus wrote through a link in its folder to a file outside it.", ["corpus", "u", "2"],
              files: [("outside.txt", .text("important")), ("u", .folder), ("u/seed-0", .link("../outside.txt"))]),
            k("Two signals before any failure: exit 137 or 143 and no line.", ["--time-limit", "10", "--no-db"], signal: (SIGHUP, 1, 0.02)),
            k("A trap without a message (an overflow) was never shrunk, and called nondeterministic.",
              ["--compare", "production,trapping-oracle", "--sequences", "50", "--jobs", "1", "--no-db"], "tabcheck-planted"),
            k("--replay of a snapshot failure against drivers without a diffable view said \"fixed\".",
              ["--replay", "schema.json", "--compare", "production-batch,reference"],
              files: [("schema.json", .text(template.replacingOccurrences(of: "\"property\" : \"mapping\"", with: "\"property\" : \"snapshot\"")))],
              expect: (false, ["snapshot"])),
            k("minimal --property snapshot \"proved\" that nothing fails, though nothing was checked.",
              ["minimal", "--max-length", "2", "--from", "batch.json", "--property", "snapshot"],
              files: [("batch.json", .text(template.replacingOccurrences(of: "\"planted-f3\"", with: "\"production-batch\"")))],
              expect: (false, ["snapshot"])),
            k("A number too small for a float (1e-400) was refused without a field or place.", ["--replay", "schema.json", "--no-db"],
              files: [("schema.json", .text(#"{"format":"tabcheck-replay","compare":["production","reference"],"version":1,"actions":[{"newTab":{}},{"swipeChanged":{"tx":1e-400}}]}"#))],
              expect: (false, ["1e-400"])),
            // The 6,000-case run of the final build (seed 400000): an output checked before the
            // run created its folder, or a file through a dangling link, and a later check refused.
            k("--junit inside .tabcheck made .tabcheck before --db was refused.", ["--db", "f1.json", "--junit", "./.tabcheck/failures"],
              files: [("f1.json", .text("{}"))]),
            k("--junit made .tabcheck before a dangling --db link was refused.", ["--junit", "./.tabcheck/failures", "--db", "f1"], "tabcheck-planted",
              files: [("f1", .danglingLink)]),
            k("--html through a dangling link created its target before --frames was refused.", ["--frames", "f1.json", "--html", "f2.json"],
              files: [("f1.json", .fifo), ("f2.json", .danglingLink)]),
            k("--html made .tabcheck before --frames holding a user's frame was refused.", ["--frames", "f1.json", "--html", "./.tabcheck/failures"],
              "tabcheck-planted", files: [("f1.json", .folderHolding("frame-001.svg"))]),
            k("--junit /dev/full after a run: the run's lines come before the error.", ["--junit", "/dev/full", "--json", "--time-limit", "2"]),
            // The fresh-eyes audit of the fixed build: links that lead nowhere were found only after the run.
            k("--html through a dangling link failed after the whole run.", ["--html", "l.html", "--sequences", "20", "--no-db"],
              files: [("l.html", .danglingLink)], expect: (false, ["l.html"])),
            k("--junit through a looping link failed after the whole run.", ["--junit", "l", "--sequences", "20", "--no-db"],
              files: [("l", .loopingLink)], expect: (false, ["l"])),
            k("--html in a folder that is a dangling link failed after the run, with a wrong reason.", ["--html", "p/r.html", "--sequences", "20", "--no-db"],
              files: [("p", .danglingLink)], expect: (false, ["p"])),
            k("A failure policy found was not saved.", ["policy", "--compare", "planted-f3,reference", "--sequences", "50", "--jobs", "1"], "tabcheck-planted"),
            // --json after a trap said 0 s and 0 steps/s.
            k("--json after a trap said 0 s and 0 steps/s.", ["--compare", "planted-trap,reference", "--sequences", "50", "--json"], "tabcheck-planted"),
            // Round 4 (#54): merge's sum trapped on a rule count of 2^63 − 1 (its bounds listed fields, and left out coverage.rules).
            k("merge trapped adding an edited rule count of 2^63 − 1.", ["merge", "shard-1.json", "shard-2.json"],
              files: validShards.count == 2 ? [("shard-1.json", .text(validShards[0])),
                                              ("shard-2.json", .text(validShards[1].replacing(/"A2":[0-9]+/, with: #""A2":9223372036854775807"#)))] : []),
        ]
    }
}
