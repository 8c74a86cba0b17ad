import Checker

/// What merge takes on trust from a shard, checked (#54's fifth audit): a shard is a file from
/// a CI job's artifacts, and merge prints its reproduce lines and replay file as commands to
/// run and files to open — `rm -rf /` was printed as the command to reproduce a failure, and a
/// field of no summary was merged in silence.
extension MergeCommand {
    /// The top-level fields a `--json` summary holds: `CheckCommand.Summary`'s properties.
    static let summaryFields: Set<String> = Set(Mirror(reflecting: CheckCommand.Summary(
        result: "", seed: "", sequences: 0, steps: 0, elapsed: 0, stepsPerSecond: 0, failure: nil)).children.compactMap(\.label))

    /// Why the shard's text cannot be printed as the tool's own, nil when it can.
    static func untrusted(_ input: Input, config: ShardRecord.Config, top: JSONValue) -> String? {
        if case .object(let fields) = top, let extra = fields.first(where: { !summaryFields.contains($0.key) }) {
            return "field \"\(extra.key.prefix(40))\" is not a field of a --json summary (\(summaryFields.sorted().joined(separator: ", ")))"
        }
        // The failure's own figures agree: its step within its sequence, its shrunk length within the original.
        if let f = input.failure, !(0...max(0, f.originalSteps ?? f.step)).contains(f.step) || f.shrunkSteps > max(f.step, f.originalSteps ?? f.step) {
            return "its failure's figures disagree: step \(f.step), \(f.originalSteps.map { "of \($0), " } ?? "")shrunk to \(f.shrunkSteps)"
        }
        for (i, line) in (input.reproduce ?? []).enumerated() where !Self.isCommandLine(line, program: config.program) {
            return "field \"reproduce[\(i)]\" is not a command line tabcheck prints (swift run -c release PROGRAM and quoted words): \(line.prefix(60).debugDescription)"
        }
        if let file = input.failure?.replayFile, !file.hasSuffix(".json") || file.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "field \"failure.replayFile\" is not a replay file's path (a .json file): \(file.prefix(60).debugDescription)"
        }
        return nil
    }

    /// `swift run -c release …` with nothing a shell would read as more than words: outside
    /// single quotes, no `; | & $ \` < > ( ) { }` or newline (a quote inside a quoted word is `'\''`).
    /// A shard's text as one printable line: a control character (an escape sequence, a line
    /// break that would start a "reproduce:" line of its own) shown as its escape, `\u{1B}`.
    static func printable(_ s: String) -> String {
        s.unicodeScalars.map { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? "\\u{\(String($0.value, radix: 16, uppercase: true))}" : String($0) }.joined()
    }

    static func isCommandLine(_ line: String, program: String) -> Bool {
        // This campaign's executable (a package's own may add to its name: tabcheck-planted).
        guard line.hasPrefix("swift run -c release "), line.dropFirst("swift run -c release ".count).hasPrefix(program) else { return false }
        var quoted = false, escaped = false
        for c in line.unicodeScalars {
            if c.value < 0x20 || c.value == 0x7F { return false }
            if escaped { escaped = false; if c != "'" { return false }; continue }
            if c == "'" { quoted.toggle(); continue }
            if quoted { continue }
            if c == "\\" { escaped = true; continue }
            if ";|&$`<>(){}*?".unicodeScalars.contains(c) { return false }
        }
        return !quoted && !escaped
    }
}
