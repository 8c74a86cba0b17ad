import Checker
import Foundation

/// Command lines for tabcheck, *generated* (#36): flags and values from `--help` and the classes
/// of docs/bad-inputs.md, files of every kind, JSON mutations of valid replay and policy files,
/// environment variables — drawn from the same seeded choice stream as the campaigns, so a case
/// is its seed and shrinks to a minimal command line.
struct CommandLineCase: CustomStringConvertible {
    enum FileKind: Equatable {
        case text(String), empty, folder, fifo, danglingLink, loopingLink, readOnly(String), device
        /// A folder holding a user's file of this name (one tabcheck might take for its own).
        case folderHolding(String)
        /// A hard link to the case's file of that name; a symbolic link to that path.
        case hardLink(String), link(String)
    }
    var program = "tabcheck"
    var args: [String] = []
    var environment: [String: String] = [:]
    /// Files made in the case's folder before the run, by name.
    var files: [(name: String, kind: FileKind)] = []
    /// A signal sent this many seconds after the start, if any, and again `again` seconds later.
    var signal: (number: Int32, after: Double, again: Double?)?
    /// Standard output on a full disk (`> /dev/full`).
    var stdoutFull = false
    /// Started with standard output closed (`>&-`), a class of #54's audit.
    var stdoutClosed = false
    /// Started under `ulimit -f` of this many 512-byte blocks (a file-size limit).
    var fileBlocks: Int?
    /// Started under `ulimit -n` of this many open files, `ulimit -v` of this many kB.
    var openFiles: Int?, memoryKB: Int?
    /// Ctrl-Z this many seconds after the start, then `fg` `resume` seconds later (job control).
    var pause: (after: Double, resume: Double)?
    /// The same command started again in the same folder while the first runs (two CI jobs
    /// sharing a checkout: one `--db`, one `--dir`, one report).
    var concurrent = false
    /// What the tool must do with a file drawn from its schema: accept it, or refuse it with
    /// exit 2 and a line naming `names` (a knob or a field).
    var expected: (accepted: Bool, names: [String])?
    /// A merge's shard whose counts (sequences, steps, coverage) were edited: the file
    /// contradicts itself, and merge must refuse it (#54: an edit once merged silently).
    var countsEdited = false
    /// The classes the case was drawn from ("file: FIFO", "--seed: a huge number"), for
    /// docs/bad-inputs.md's table of what each class of input gets.
    var classes: [String] = []

    var description: String {
        let env = environment.keys.sorted().map { "\($0)=\(shellQuoted(environment[$0]!)) " }.joined()
        let made = files.isEmpty ? "" : "  [files: " + files.map { "\($0.name) \($0.kind)" }.joined(separator: "; ") + "]"
        let sig = signal.map { "  [signal \($0.number) after \($0.after) s" + ($0.again.map { ", again \($0) s later" } ?? "") + "]" } ?? ""
        let exp = expected.map { $0.accepted ? "  [must be accepted]" : "  [must be refused naming one of \($0.names)]" } ?? ""
        return env + ([program] + args).map(shellQuoted).joined(separator: " ") + (stdoutFull ? " > /dev/full" : "") + (stdoutClosed ? " >&-" : "")
            + (fileBlocks.map { "  [ulimit -f \($0)]" } ?? "") + (openFiles.map { "  [ulimit -n \($0)]" } ?? "") + (memoryKB.map { "  [ulimit -v \($0)]" } ?? "")
            + (pause.map { "  [Ctrl-Z after \($0.after) s, fg \($0.resume) s later]" } ?? "") + (concurrent ? "  [twice at once]" : "") + made + sig + exp
    }
}

/// A word as a shell reads it back (the tool's own quoting, which the cases check).
func shellQuoted(_ s: String) -> String { shellWord(s) }

enum CommandLineGen {
    /// A valid policy file, as a template (the replay template is the caller's: a real shrunk failure).
    static let validPolicy = #"{"activeAfterClose":"previousThenNext","reopenLimit":5}"#

    static let numbers = ["0", "1", "2", "-1", "3", "1e3", "0x10", "18446744073709551616", "9223372036854775807", "-0", "nan", "inf",
                          "1e400", "0.5", "", " 1", "１", "1_000", "007", "+2", "0.2", "1.5"]
    static let words = ["", " ", "-", "--", "--json", "x", "nope", "production", "reference", "production,reference",
                        "reference,production", "spec", "duckduckgo-ios", "mapping", "mapping,session", "1/2", "2/2", "0/0", "é", "\u{0}",
                        String(repeating: "a", count: 300), "a\nb", "planted-f3,reference", "planted-trap,reference",
                        "production-batch,reference", "snapshot", "movement", "snapshot,movement", "mapping,,filter"]
    /// Flags that take a value, with the kind of value they take.
    static let valued: [(flag: String, kind: String)] = [
        ("--seed", "n"), ("--sequence-seed", "n"), ("--sequences", "n"), ("--max-steps", "n"), ("--time-limit", "n"),
        ("--shrink-time", "n"), ("--shrink-budget", "n"), ("--jobs", "n"), ("--property", "w"), ("--shard", "w"),
        ("--compare", "w"), ("--policy", "f"), ("--db", "o"), ("--replay", "f"), ("--bytes", "f"), ("--junit", "o"),
        ("--html", "o"), ("--frames", "o"), ("--start-tabs", "r"),
    ]
    /// `--help`'s flags the cases leave out, each with why (`everyFlagOfHelpIsDrawn`).
    static let notDrawn = ["--no-isolation": "a planted trap then ends the process by design (what a debugger wants), which the invariants call a trap",
                           "--against": "builds a git revision (minutes a case): Tests/CLITests/WireTests puts a build in its cache; scripts/against-check.sh builds real ones",
                           "--allow": "needs --against (alone: exit 2, WireTests)",
                           "--wire": "starts a program, whose own stderr is the tool's: WireTests draws programs that exit, hang up mid-run, speak another protocol or name an unknown capability"]
    /// Tab counts and ranges (`--start-tabs`): the valid ones small, so a case stays short.
    static let ranges = ["40-60", "5-3", "1-", "-4", "2-2", "10001", "3-99999"]
    static let switches = ["--json", "--quiet", "--coverage", "--shrink-stats", "--no-large-grids", "--no-db", "--help", "-q"]
    static let subcommands = ["list", "layout", "policy", "minimal", "corpus", "durability"]
    /// Where a campaign keeps its failures unless told otherwise: a case may start with one saved there.
    static let savedFailure = ".tabcheck/failures/saved-f3.json"

    /// One case from the stream.
    static func make(_ c: inout Choices, validReplay: String, shards: [String] = []) -> CommandLineCase {
        var k = CommandLineCase()
        if c.bool(0.3) { k.program = "tabcheck-planted" }
        var names: [String] = []
        func file(_ input: Bool) -> String {
            // An existing name again (an output onto an input), or a new one of some kind.
            if !names.isEmpty && c.bool(0.25) { return c.element(of: names) }
            let name = "f\(names.count + 1)" + (c.bool(0.5) ? ".json" : "")
            names.append(name)
            let kind: CommandLineCase.FileKind
            switch c.int(in: 0...9) {
            case 0: kind = .empty
            case 1: kind = c.bool(0.5) ? .folder : .folderHolding(c.element(of: ["frame-001.svg", "frame-000.svg", "session.json", "x.json"]))
            case 2: kind = .fifo
            case 3: kind = c.bool(0.5) ? .danglingLink : .loopingLink
            case 4: kind = .readOnly(c.bool(0.5) ? validReplay : validPolicy)
            case 5: if !input { return name }; kind = .device     // an output that does not exist yet
            default: kind = .text(mutatedJSON(&c, c.bool(0.6) ? validReplay : validPolicy))
            }
            k.files.append((name, kind))
            k.classes.append("file: " + Self.kindWords(kind))
            return name
        }
        if c.bool(0.25) {
            let sub = c.element(of: subcommands)
            k.args.append(sub)
            k.classes.append("subcommand: \(sub)")
            switch sub {
            case "layout": for f in ["--width", "--height", "--tabs"] where c.bool(0.8) { k.args += [f, c.element(of: numbers)] }
                if c.bool(0.3) { k.args += ["--svg", file(false)] }
            case "policy": k.args += ["--sequences", c.element(of: ["1", "5", "0", "x"])]
                if c.bool(0.5) { k.args += ["--compare", c.element(of: words)] }
            case "minimal": k.args += ["--max-length", c.element(of: ["1", "2", "0", "99"]), "--time-limit", c.element(of: ["1", "0.5", "-1"])]
                if c.bool(0.5) { k.args += ["--from", file(true)] }
            case "corpus": k.args += [file(false), c.element(of: ["1", "3", "0", "-2", "x", "1000", "2000000"])]
            case "durability": k.args += ["--kills", c.element(of: ["2", "0", "100000"]), "--time-limit", c.element(of: ["2", "0", "nan"])]
                if c.bool(0.4) { k.args += ["--dir", file(false)] }
            default: break
            }
        } else {
            // A campaign kept short: most cases bound it in sequences or seconds.
            switch c.int(in: 0...5) {
            case 0, 1, 2: k.args += ["--sequences", c.element(of: ["1", "20", "200"])]
            case 3, 4: k.args += ["--time-limit", c.element(of: ["0.3", "1", "0"])]
            default: break
            }
            for _ in 0..<c.int(in: 0...4) {
                if c.bool(0.3) { k.args.append(c.element(of: switches)); k.classes.append("switch: \(k.args.last!)"); continue }
                let f = c.element(of: valued)
                guard c.bool(0.95) else { k.args.append(f.flag); k.classes.append("\(f.flag): no value"); continue }   // a flag missing its value
                switch f.kind {
                case "n": k.args += [f.flag, c.element(of: numbers)]
                case "r": k.args += [f.flag, c.element(of: numbers + ranges)]
                case "w": k.args += [f.flag, c.element(of: words)]
                case "f": k.args += [f.flag, c.bool(0.8) ? file(true) : c.element(of: ["missing.json", "/dev/null", "/", "/proc/self/mem"])]
                default: k.args += [f.flag, c.bool(0.8) ? file(false) : c.element(of: ["/dev/full", "/", "/proc/x/y", String(repeating: "n", count: 300),
                                                                                     ".tabcheck/failures/r.json", "./.tabcheck/failures", "f1/" + String(repeating: "n", count: 250) + "/x",
                                                                                     "my failures", "it's $HOME"])]
                }
                if f.kind == "n" || f.kind == "w" || f.kind == "r" { k.classes.append("\(f.flag): " + Self.valueWords(k.args.last!)) }
            }
        }
        if c.bool(0.15) {
            schemaCase(&c, &k, validReplay: validReplay)
            k.classes.insert("schema-drawn \(k.args.first == "--policy" ? "policy file" : "replay file's policy"), \(k.expected!.accepted ? "valid" : "invalid")", at: 0)
        }
        if k.program == "tabcheck-planted" && k.expected == nil && !k.args.contains("--compare") && c.bool(0.6) {
            k.args += ["--compare", c.element(of: ["planted-f3,reference", "planted-trap,reference", "planted-f3-slow,reference", "trapping-oracle"])]
        }
        k.stdoutFull = c.bool(0.05)
        if k.stdoutFull { k.classes.append("stdout on a full disk") }
        if c.bool(0.2) {
            k.environment[c.element(of: ["TABCHECK_SEED", "TABCHECK_TIME_LIMIT", "TABCHECK_SUPERVISED", "TMPDIR", "TABCHECK_JOBS"])] =
                c.element(of: ["", "x", "1", "-1", "/nonexistent", "1:file"])
            k.classes += k.environment.map { "environment: \($0.key)=" + Self.valueWords($0.value) }
        }
        if c.bool(0.12) {
            k.signal = (c.element(of: [SIGINT, SIGINT, SIGTERM, SIGHUP]), Double(c.int(in: 1...8)) / 10, c.bool(0.3) ? Double(c.int(in: 1...5)) / 10 : nil)
            k.classes.append("signal: \(k.signal!.number == SIGINT ? "SIGINT" : k.signal!.number == SIGTERM ? "SIGTERM" : "SIGHUP")\(k.signal!.again == nil ? "" : ", twice")")
            // A signal during a shrink: a campaign that finds a failure at once.
            if k.expected == nil && c.bool(0.4) {
                k.program = "tabcheck-planted"
                k.args = ["--compare", c.element(of: ["planted-f3-slow,reference", "planted-f3,reference"]), "--sequences", "200"] + (c.bool(0.5) ? ["--jobs", "1"] : [])
            }
        }
        // Drawn last, so the cases of earlier seeds keep every other draw (#54).
        if !k.stdoutFull && c.bool(0.04) { k.stdoutClosed = true; k.classes.append("stdout closed") }
        if c.bool(0.05) { k.fileBlocks = c.element(of: [1, 8, 64]); k.classes.append("file-size limit (ulimit -f \(k.fileBlocks!))") }
        drawRound4(&c, &k, validReplay: validReplay, shards: shards)
        return k
    }

    /// A policy object drawn from the knobs' schema, each knob valid or from a class of wrong
    /// values (a bool or a string for a number, 0/1 beside true/false, out of range, a
    /// misspelt name, a key twice): the text, and the first knob that makes it invalid.
    static func policyObject(_ c: inout Choices) -> (text: String, bad: [String]) {
        var fields: [String] = []
        var bad: [String] = []
        for (name, values, _) in PolicyFile.knobs where c.bool(0.6) {
            let choices = values.contains("…") ? ["0", "1", "2", "\(Policy.maxReopenLimit)", "20"]
                : values.components(separatedBy: " | ").map { "\"\($0)\"" }
            var key = name
            var value = c.element(of: choices)
            if c.bool(0.3) {
                let wrong = values.contains("…") ? ["-1", "\(Policy.maxReopenLimit + 1)", "true", "false", "\"5\"", "1.5", "1e2", "9223372036854775807", "null"]
                    : ["0", "1", "true", "null", "\"\"", "[]", "\"" + name + "\"", c.element(of: choices).uppercased()]
                switch c.int(in: 0...5) {
                case 0: key = name.uppercased()
                case 1: key = String(name.dropLast())
                default: value = c.element(of: wrong)
                }
                bad.append(key)
            }
            fields.append("\"\(key)\": \(value)")
            if c.bool(0.05) { fields.append("\"\(key)\": \(value)"); bad.append(key) }   // a key twice
        }
        return ("{" + fields.joined(separator: ", ") + "}", bad)
    }

    /// A policy file or a replay file whose policy is drawn from the schema, with what the tool
    /// must do with it.
    static func schemaCase(_ c: inout Choices, _ k: inout CommandLineCase, validReplay: String) {
        let (policy, drawn) = policyObject(&c)
        var bad = drawn
        k.classes = []
        if c.bool(0.5) || !validReplay.hasSuffix("}") {
            k.files.append(("schema.json", .text(policy)))
            k.args = ["--policy", "schema.json", "--sequences", "2", "--no-db"]
        } else {
            // The replay template with a "policy" field.
            var text = String(validReplay.trimmingCharacters(in: .whitespacesAndNewlines).dropLast()) + ", \"policy\": " + policy + "}"
            // A field the reader would pass over (#54: an action's unknown argument replayed as the bare action, "fixed").
            if c.bool(0.4), let (edited, name) = unknownField(&c, in: text) {
                text = edited; bad.append(name); k.classes.append("replay file: a field no replay file has")
            }
            k.files.append(("schema.json", .text(text)))
            k.program = "tabcheck-planted"
            k.args = ["--replay", "schema.json"]
        }
        k.expected = (bad.isEmpty, bad)
    }

    /// A file kind in words.
    static func kindWords(_ kind: CommandLineCase.FileKind) -> String {
        switch kind {
        case .text(let t): return t.isEmpty ? "empty" : t.hasPrefix("\u{FEFF}") ? "JSON after a byte-order mark"
            : t.hasPrefix("[[[[") ? "JSON nested 5,000 deep" : t.contains("'") ? "JSON with single quotes" : "JSON, maybe mutated"
        case .empty: return "empty"
        case .folder: return "a folder"
        case .folderHolding(let f): return "a folder holding the user's \(f)"
        case .fifo: return "a FIFO"
        case .danglingLink: return "a dangling symbolic link"
        case .loopingLink: return "a looping symbolic link"
        case .readOnly: return "read-only"
        case .device: return "a device (/dev/zero)"
        case .hardLink: return "a hard link to another file of the case"
        case .link: return "a symbolic link to another file"
        }
    }

    /// A flag's value in words: its class, not itself.
    static func valueWords(_ v: String) -> String {
        if v.isEmpty { return "empty" }
        if v.hasPrefix("--") { return "another flag" }
        if v.contains("\u{0}") || v.contains("\n") { return "a control character" }
        if v.count > 100 { return "300 characters" }
        if v.unicodeScalars.contains(where: { !$0.isASCII }) { return "non-ASCII" }
        if Int(v) != nil { return Int(v)! < 0 ? "a negative number" : "a whole number" }
        if Double(v) != nil || v.hasPrefix("0x") { return v.lowercased().contains("n") || v.contains("e4") ? "nan, inf or huge" : "a fraction, hex or exponent" }
        if v.allSatisfy({ $0.isNumber }) { return "a number out of range" }
        return v.contains(",") || v.contains("/") ? "a list or shard" : "a word"
    }

    /// A JSON text broken in one way: a value replaced (null, wrong type, huge or boundary
    /// number, lone surrogate), a key doubled, deep nesting, truncation, a BOM — or as it was.
    static func mutatedJSON(_ c: inout Choices, _ text: String) -> String {
        var t = text
        let values = ["null", "\"x\"", "1e400", "-1", "9223372036854775808", "true", "[]", "{}", "\"\\ud800\"", "0", "1",
                      "\"" + String(repeating: "e\u{301}", count: 50) + "\""]
        switch c.int(in: 0...7) {
        case 0: return t
        case 1, 2:
            // Replace the value after some key.
            let keys = t.ranges(of: "\":")
            guard !keys.isEmpty else { return t }
            let at = keys[c.int(in: 0...(keys.count - 1))].upperBound
            let end = t[at...].firstIndex(where: { $0 == "," || $0 == "}" }) ?? t.endIndex
            t.replaceSubrange(at..<end, with: c.element(of: values))
            return t
        case 3:
            guard let brace = t.firstIndex(of: "{") else { return t }
            let first = t[t.index(after: brace)...].prefix { $0 != "," }
            t.insert(contentsOf: first + ",", at: t.index(after: brace))
            return t
        case 4: return String(repeating: "[", count: 5000) + t + String(repeating: "]", count: 5000)
        case 5: return String(t.prefix(c.int(in: 0...t.count)))
        case 6: return "\u{FEFF}" + t
        default: return t.replacingOccurrences(of: "\"", with: "'")
        }
    }
}
