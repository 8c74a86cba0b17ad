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
    static func untrusted(_ input: Input, top: JSONValue) -> String? {
        if case .object(let fields) = top, let extra = fields.first(where: { !summaryFields.contains($0.key) }) {
            return "field \"\(extra.key.prefix(40))\" is not a field of a --json summary (\(summaryFields.sorted().joined(separator: ", ")))"
        }
        for (i, line) in (input.reproduce ?? []).enumerated() where !Self.isCommandLine(line) {
            return "field \"reproduce[\(i)]\" is not a command line tabcheck prints (swift run -c release PROGRAM and quoted words): \(line.prefix(60).debugDescription)"
        }
        if let file = input.failure?.replayFile, !file.hasSuffix(".json") || file.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "field \"failure.replayFile\" is not a replay file's path (a .json file): \(file.prefix(60).debugDescription)"
        }
        return nil
    }

    /// `swift run -c release …` with nothing a shell would read as more than words: outside
    /// single quotes, no `; | & $ \` < > ( ) { }` or newline (a quote inside a quoted word is `'\''`).
    static func isCommandLine(_ line: String) -> Bool {
        guard line.hasPrefix("swift run -c release ") else { return false }
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
