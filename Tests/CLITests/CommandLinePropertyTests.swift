import Checker
import Foundation
import Testing

/// tabcheck's own command line, checked by properties (#36): generated command lines, files
/// and environments (`CommandLineGen`), run as processes, each run held to invariants — no
/// trap, an end within its limit, no input or other file changed, a usage error as exit 2 and
/// one line in the user's words with nothing written. A failing case shrinks to a minimal
/// command line. `TABCHECK_CLI_CASES` sets how many cases (default 40; scripts/cli-properties.sh
/// runs thousands), `TABCHECK_CLI_SEED` the first seed.
@Suite struct CommandLinePropertyTests {
    struct Broken: Error, CustomStringConvertible { let invariant: String; let detail: String; var description: String { "\(invariant): \(detail)" } }

    /// Words that are the tool's own type names or raw system errors, never the user's terms.
    static let foreignWords = ["Dictionary<", "Optional(", "Array<", "NSCocoaErrorDomain", "Error Domain=", "StoreError error",
                               "DecodingError", "Swift.", "Foundation.", "Fatal error", "Cannot initialize"]

    /// Runs one case and says which invariant it broke, if any.
    /// The invariants in words (docs/bad-inputs.md lists them; `check` holds a run to them).
    static let invariants = [
        "No trap, no crash: a signal or an exit of 128 + n only when the harness sent one.",
        "An end within its limit (60 s); a SIGINT, SIGTERM or SIGHUP ends it within 20 s.",
        "Every file that was there before is there after, unchanged — inputs, and files in folders it writes into — except a report it was told to write and the failure database's own files.",
        "A usage or input error is exit 2 with one line, in the user's words (no Swift type names, no NSError domains), and nothing written.",
        "A failure found is saved (the database holds replay files, nothing else; `policy`'s too); an interrupted run exits 130, or 1 after a FAIL, never 128 + n; a verdict that could not be written is not exit 0.",
        "A file drawn from its schema (a policy, a replay file's policy) is accepted when valid and refused, naming the knob or field, when not.",
        "A reproduce line, pasted into a shell, names the saved file.",
        "`--json` figures say what ran: steps took time.",
        "Nothing is left in the temporary folder.",
        "A deterministic model is never reported as nondeterministic (a trap without a message included).",
        "A shard whose counts were edited (sequences, steps or coverage no longer agree) is refused by merge, never added up.",
    ]

    static func check(_ k: CommandLineCase, observe: ((Tool.Run) -> Void)? = nil) throws -> Broken? {
        let dir = Tool.scratch("prop")
        defer { _ = try? FileManager.default.removeItem(at: dir) }
        _ = lay(k, in: dir)
        let before = listing(dir)
        let limit = 60.0
        let start = Date()
        // A temporary folder of the case's own, unless the case sets TMPDIR: what is left there after is a leak.
        let tmp = dir.appendingPathComponent(".tmp")
        try? FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: false)
        var environment = k.environment
        if environment["TMPDIR"] == nil { environment["TMPDIR"] = tmp.path }
        var ranOn: String?
        var twin: Tool.Run?
        let run = try Tool(name: k.program).run(k.args, cwd: dir, environment: environment, timeout: limit, stdoutToFullDisk: k.stdoutFull,
                                                stdoutClosed: k.stdoutClosed, fileBlocks: k.fileBlocks, openFiles: k.openFiles, memoryKB: k.memoryKB) { p, _ in
            if let pause = k.pause { ranOn = JobControl.pause(p.processIdentifier, after: pause.after, resume: pause.resume) }
            if k.concurrent { twin = try? Tool(name: k.program).run(k.args, cwd: dir, environment: environment, timeout: limit, openFiles: k.openFiles, memoryKB: k.memoryKB) }
            if let s = k.signal {
                usleep(UInt32(s.after * 1e6)); kill(p.processIdentifier, s.number)
                if let again = s.again { usleep(UInt32(again * 1e6)); kill(p.processIdentifier, s.number) }
            }
        }
        let took = Date().timeIntervalSince(start)
        observe?(run)
        if let log = ProcessInfo.processInfo.environment["TABCHECK_CLI_LOG"], let h = FileHandle(forWritingAtPath: log) {
            h.seekToEndOfFile()
            h.write(Data("\(k)\n  → exit \(run.status)\(run.signaled ? " (signal)" : "") in \(String(format: "%.1f", took)) s: \(run.stderrLines.last ?? "")\n".utf8))
            try? h.close()
        }
        var after = listing(dir)
        for key in after.keys where key == ".tmp" || key.hasPrefix(".tmp/") { after[key] = nil }
        // 2. Ends within its limit (first: the harness's own SIGTERM at the limit is no crash).
        if took >= limit { return Broken(invariant: "2 hung", detail: "still running after \(Int(limit)) s") }
        // 1. No trap, no crash: a signal or an exit of 128+ is ours only when we sent it.
        if run.signaled && k.signal == nil { return Broken(invariant: "1 trapped", detail: "\(run)") }
        if run.status >= 128 && k.signal == nil { return Broken(invariant: "1 crashed", detail: "\(run)") }
        // 2. A signal ends it promptly.
        if k.signal != nil && took > 20 { return Broken(invariant: "2 signal ignored", detail: "ran \(Int(took)) s after a signal") }
        // 3. Every file that was there before is there after, unchanged — inputs, and files in
        // folders it writes into — except a report file it was told to write, and what is in
        // the failure database (tabcheck's own: it removes failures that are fixed).
        // (Never a merge's own shard: an output onto an input must be refused, #54.)
        let outputs = Set(zip(k.args, k.args.dropFirst()).filter { ["--junit", "--html", "--svg"].contains($0.0) }.map(\.1))
            .subtracting(k.args.first == "merge" ? k.args.filter { $0.hasPrefix("shard-") } : [])
        let db = zip(k.args, k.args.dropFirst()).first { $0.0 == "--db" }?.1 ?? ".tabcheck/failures"
        for (name, data) in before {
            guard let data, !outputs.contains(name), !name.hasPrefix(db + "/"), !name.hasPrefix(".tabcheck/") else { continue }
            guard let now = after[name] else { return Broken(invariant: "3 deleted", detail: "\(name) is gone") }
            if now != data { return Broken(invariant: "3 changed", detail: "\(name) was changed") }
        }
        // 4. A usage or input error: exit 2, one line in the user's words, nothing written.
        if run.status == 2 {
            // Progress lines of a run that went on before the error (an output that failed at the end) are not it.
            let lines = run.stderrLines.filter { !$0.isEmpty && !$0.hasSuffix("no failure yet") && !$0.hasPrefix("minimal: ") }
            // (A verdict or a report that could not be written at the end follows the run's own
            // output: on stderr with --json; `--junit /dev/full --json`, found by the 6,000-case run.)
            let writtenLast = lines.last?.contains("could not write") == true
            let lost = k.stdoutFull || k.stdoutClosed || k.fileBlocks != nil
            // Standard error is a file under the case's own `ulimit -f` too (dash: 512-byte blocks): once it
            // is full, the tool's last lines cannot reach anyone, and none is missing by its doing.
            let cut = k.fileBlocks.map { run.stderr.utf8.count >= $0 * 512 } ?? false
            if lines.count != 1 && !writtenLast && !cut && !(lost && run.stderr.contains("could not write standard output")) {
                return Broken(invariant: "4 not one line", detail: "\(lines.count) lines: \(run.stderr.prefix(600))")
            }
            if let w = foreignWords.first(where: { run.stderr.contains($0) }) { return Broken(invariant: "4 foreign words", detail: "\(w) in: \(run.stderr)") }
            // (Not after a run whose verdict could not be written: its reports came first.)
            let made = Set(after.keys).subtracting(before.keys)
            if !made.isEmpty && !lost && k.fileBlocks == nil { return Broken(invariant: "4 wrote after an error", detail: "made \(made.sorted()): \(run.stderr)") }
        }
        // 11. A shard that contradicts itself (its counts edited) is not merged.
        if k.countsEdited && k.signal == nil && k.pause == nil && k.openFiles == nil && k.memoryKB == nil && run.status != 2 {
            return Broken(invariant: "11 edited counts merged", detail: "exit \(run.status): \(run.stderr.prefix(300))")
        }
        // 6. A file drawn from its schema is accepted when valid, refused by name when not
        // (while a flag still reads it; a refusal of another flag comes first and is not about it).
        if let e = k.expected, zip(k.args, k.args.dropFirst()).contains(where: { ["--policy", "--replay"].contains($0.0) && $0.1 == "schema.json" }) {
            let aboutIt = run.status == 2 && run.stderr.contains("schema.json")
            if e.accepted && aboutIt { return Broken(invariant: "6 valid input refused", detail: run.stderr) }
            if !e.accepted && (run.status != 2 || aboutIt && !e.names.contains(where: { run.stderr.contains($0) })) {
                return Broken(invariant: "6 invalid input not refused by name", detail: "exit \(run.status): \(run.stderr.prefix(300))")
            }
        }
        // 5. A failure found is saved (unless told not to), and a report that could not be
        // written is not a success.
        if run.status == 1 && !k.args.contains("--no-db") && !k.args.contains("--replay") && !k.args.contains("--bytes")
            && (!CommandLineGen.subcommands.contains(k.args.first ?? "") || k.args.first == "policy") && k.args.first != "merge" {
            let db = zip(k.args, k.args.dropFirst()).first { $0.0 == "--db" }?.1 ?? ".tabcheck/failures"
            let saved = (try? FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent(db).path)) ?? []
            if !saved.contains(where: { $0.hasSuffix(".json") }) { return Broken(invariant: "5 failure not saved", detail: "\(run)") }
        }
        if (k.stdoutFull || k.stdoutClosed) && run.status == 0 && !k.args.contains("--quiet") && !k.args.contains("-q") {
            return Broken(invariant: "5 output lost", detail: "stdout \(k.stdoutFull ? "on a full disk" : "closed"), yet exit 0: \(run)")
        }
        // 7. A reproduce line, pasted into a shell, names the saved file (its words are quoted).
        let out = run.stdout + run.stderr
        if let said = out.range(of: "reproduce with:\n") {
            let line = out[said.upperBound...].prefix { $0 != "\n" }.trimmingCharacters(in: .whitespaces)
            let words = try Tool(path: "/bin/sh").run(["-c", "set -- \(line); printf '%s\\n' \"$@\""], cwd: dir, timeout: 10).stdout.split(separator: "\n")
            let named = words.firstIndex(of: "--replay").flatMap { $0 + 1 < words.count ? String(words[$0 + 1]) : nil }
            if named.map({ !FileManager.default.fileExists(atPath: dir.appendingPathComponent($0).path) && !FileManager.default.fileExists(atPath: $0) }) ?? true {
                return Broken(invariant: "7 reproduce line", detail: "a shell reads \(words) from: \(line)")
            }
        }
        // 5. What the failure database holds is replay files, whatever else the run wrote.
        let dbRelative = zip(k.args, k.args.dropFirst()).first { $0.0 == "--db" }?.1 ?? ".tabcheck/failures"
        // (An absolute --db is that folder, not one in the case's: `--db /` is the root, whose files were there before.)
        let dbPath = dbRelative.hasPrefix("/") ? URL(fileURLWithPath: dbRelative) : dir.appendingPathComponent(dbRelative)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: dbPath.path)) ?? [] where name.hasSuffix(".json") {
            // A user's own file that was there before and is unchanged is not tabcheck's doing (outside
            // the case's folder: one not changed since the run began).
            let key = (dbRelative as NSString).appendingPathComponent(name)
            if let was = before[key], was == after[key] { continue }
            if dbRelative.hasPrefix("/"), let changed = try? FileManager.default.attributesOfItem(atPath: dbPath.appendingPathComponent(name).path)[.modificationDate] as? Date,
               changed < start { continue }
            let text = (try? String(contentsOf: dbPath.appendingPathComponent(name), encoding: .utf8)) ?? ""
            if !text.contains("\"tabcheck-replay\"") { return Broken(invariant: "5 saved failure replaced", detail: "\(name) in the database is no replay file: \(text.prefix(80))") }
        }
        // 8. --json figures say what ran: steps took time.
        if k.args.contains("--json"), [0, 1].contains(run.status), k.signal == nil,
           let o = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
           let steps = o["steps"] as? Int, steps > 0, (o["elapsed"] as? Double ?? 0) <= 0 {
            return Broken(invariant: "8 json figures", detail: "\(steps) steps in \(o["elapsed"] ?? "nil") s")
        }
        // 9. Nothing left in the temporary folder.
        let left = (try? FileManager.default.contentsOfDirectory(atPath: tmp.path)) ?? []
        if !left.isEmpty && run.status != 1 && !run.signaled { return Broken(invariant: "9 temporary files left", detail: "\(left)") }
        // 5. 128 + n says "interrupted, nothing found": never after a failure was reported.
        if run.status >= 128 || run.signaled, run.stdout.contains("FAIL") || run.stderr.contains("FAIL") {
            return Broken(invariant: "5 failure then interrupted", detail: "exit \(run.status) after a FAIL: \(run.stderrLines.suffix(2))")
        }
        // 5. An interrupted run says so with 130 (1 after a failure), not 128 + n (#36: two
        // signals gave 137 or 143 and no line) — unless the signal came before the handlers.
        if k.signal != nil, !run.signaled, ![0, 1, 2, 130].contains(run.status) {
            return Broken(invariant: "5 interrupted exit code", detail: "exit \(run.status): \(run.stderrLines.suffix(2))")
        }
        // 10. The planted models are deterministic: never reported as depending on more than the actions.
        if run.stdout.contains("NONDETERMINISTIC") || run.stderr.contains("NONDETERMINISTIC") {
            return Broken(invariant: "10 false nondeterminism", detail: "\(run.stdout.components(separatedBy: "\n").first { $0.contains("NONDETERMINISTIC") } ?? "")")
        }
        if let broken = round4(k, run: run, twin: twin, after: after, before: before, ranOn: ranOn, took: took) { return broken }
        // 5. Exit codes CI understands.
        if k.signal == nil && ![0, 1, 2].contains(run.status) { return Broken(invariant: "5 exit code", detail: "\(run)") }
        return nil
    }

    /// The case without words, as long as the same invariant still breaks.
    static func shrink(_ k: CommandLineCase, _ broken: Broken) throws -> CommandLineCase {
        var best = k
        var progress = true
        while progress {
            progress = false
            for width in [2, 1] {
                var i = 0
                while i + width <= best.args.count {
                    var candidate = best
                    candidate.args.removeSubrange(i..<(i + width))
                    if let b = try check(candidate), b.invariant == broken.invariant { best = candidate; progress = true } else { i += 1 }
                }
            }
            for key in best.environment.keys.sorted() {
                var candidate = best
                candidate.environment[key] = nil
                if let b = try check(candidate), b.invariant == broken.invariant { best = candidate; progress = true }
            }
            if best.stdoutFull {
                var candidate = best
                candidate.stdoutFull = false
                if let b = try check(candidate), b.invariant == broken.invariant { best = candidate; progress = true }
            }
            if best.stdoutClosed || best.fileBlocks != nil {
                var candidate = best
                if candidate.stdoutClosed { candidate.stdoutClosed = false } else { candidate.fileBlocks = nil }
                if let b = try check(candidate), b.invariant == broken.invariant { best = candidate; progress = true }
            }
            if best.openFiles != nil || best.memoryKB != nil || best.pause != nil || best.concurrent {
                var candidate = best
                if candidate.openFiles != nil { candidate.openFiles = nil } else if candidate.memoryKB != nil { candidate.memoryKB = nil } else if candidate.pause != nil { candidate.pause = nil } else { candidate.concurrent = false }
                if let b = try check(candidate), b.invariant == broken.invariant { best = candidate; progress = true }
            }
            if best.signal != nil {
                var candidate = best
                candidate.signal = nil
                if let b = try check(candidate), b.invariant == broken.invariant { best = candidate; progress = true }
            }
        }
        return best
    }

    /// Every flag `--help` lists is drawn by the cases, or left out with a reason: a new flag
    /// cannot go unchecked because nobody added it to the generator's table.
    @Test func everyFlagOfHelpIsDrawn() throws {
        let help = try Tool.tabcheck.run(["--help"])
        let listed = Set(help.stdout.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            // A flag's own line: "  --name VALUE   what it does" (not a sentence's "--replay,").
            guard line.hasPrefix("  "), let first = words.first, first.hasPrefix("--"),
                  first.dropFirst(2).allSatisfy({ $0.isLowercase || $0 == "-" }) else { return nil }
            return String(first)
        })
        let drawn = Set(CommandLineGen.valued.map(\.flag) + CommandLineGen.switches + CommandLineGen.notDrawn.keys)
        #expect(listed.count > 20, "\(help)")
        #expect(listed.subtracting(drawn).isEmpty, "--help lists flags the cases never draw: \(listed.subtracting(drawn).sorted())")
    }

    /// The cases run in `parts` tests side by side (each case has its own folders and TMPDIR).
    static let parts = 3

    @Test(arguments: 0..<parts) func theCasesItFoundStayFixed(part: Int) throws {
        for (i, k) in Self.regressions.enumerated() where i % Self.parts == part {
            if let broken = try Self.check(k) { Issue.record("\(k): \(broken)") }
        }
        guard part == 0 else { return }
        // A flag taken for a file name wrote a JUnit report named "--json" (exit 0).
        let dir = Tool.scratch("flag-value")
        defer { _ = try? FileManager.default.removeItem(at: dir) }
        let r = try Tool.tabcheck.run(["--sequences", "1", "--junit", "--json"], cwd: dir)
        #expect(r.status == 2 && r.stderr.contains("got the flag --json") && !FileManager.default.fileExists(atPath: dir.appendingPathComponent("--json").path), "\(r)")
    }

    @Test(arguments: 0..<parts) func generatedCommandLinesKeepEveryInvariant(part: Int) throws {
        #expect(Self.validReplay.contains("\"actions\""), "no replay template: \(Self.validReplay)")
        #expect(Self.validShards.count == 2, "no shard templates")
        let env = ProcessInfo.processInfo.environment
        let cases = Int(env["TABCHECK_CLI_CASES"] ?? "") ?? 40
        let first = UInt64(env["TABCHECK_CLI_SEED"] ?? "") ?? 1
        var report = BadInputsReport(firstSeed: first)
        var failed = false
        // docs/bad-inputs.md needs every case in one report: then part 0 runs them all.
        let reporting = !(env["TABCHECK_CLI_REPORT"] ?? "").isEmpty
        if reporting && part > 0 { return }
        for seed in first..<(first + UInt64(cases)) where reporting || Int(seed % UInt64(Self.parts)) == part {
            var c = Choices(seed: seed)
            let k = CommandLineGen.make(&c, validReplay: Self.validReplay, shards: Self.validShards)
            guard let broken = try Self.check(k, observe: { report.add(k, $0) }) else { continue }
            failed = true
            let small = try Self.shrink(k, broken)
            let again = try Self.check(small)
            Issue.record("seed \(seed): \(again ?? broken)\n  shrunk: \(small)\n  original: \(k)")
        }
        // docs/bad-inputs.md, from a run in which every case held.
        if let path = env["TABCHECK_CLI_REPORT"], !path.isEmpty, !failed {
            try report.markdown(regressions: Self.regressions, invariants: Self.invariants + Self.round4Invariants).write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
