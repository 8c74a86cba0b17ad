import Checker
import Foundation

/// The classes #54's audit found the harness did not reach, drawn after every other draw so the
/// cases of earlier seeds keep theirs: `merge` over shard files (valid, mutated, an output onto
/// one of its own inputs), a failure already saved in the database when the run starts (an
/// interrupt may land in its replay), Ctrl-Z and `fg`, two runs at once sharing a folder, and a
/// limit on open files.
extension CommandLineGen {
    static func drawRound4(_ c: inout Choices, _ k: inout CommandLineCase, validReplay: String, shards: [String]) {
        if shards.count == 2 && k.expected == nil && c.bool(0.08) {
            mergeCase(&c, &k, shards: shards)
        } else if validReplay.hasSuffix("}") || validReplay.hasSuffix("}\n"), c.bool(0.08) {
            k.files.append((savedFailure, .text(validReplay)))
            k.classes.append("a failure already saved in the database")
        }
        if c.bool(0.05) {
            k.pause = (Double(c.int(in: 1...6)) / 10, Double(c.int(in: 1...5)) / 10)
            k.classes.append("job control: Ctrl-Z, then fg")
        }
        if k.signal == nil && k.pause == nil && c.bool(0.06) {
            k.concurrent = true
            k.classes.append("two runs at once in one folder")
        }
        if c.bool(0.04) {
            k.openFiles = c.element(of: [12, 16, 24, 64])
            k.classes.append("open-file limit (ulimit -n \(k.openFiles!))")
        }
        // A memory limit the tool starts under (below ~60 MB the loader fails before it runs,
        // exit 127: no program can answer that). A grid large enough to reach it takes a debug
        // build minutes to open: ResourceLimitTests runs that one in release.
        if c.bool(0.04) {
            k.memoryKB = c.element(of: [100_000, 150_000, 400_000])
            k.classes.append("memory limit (ulimit -v)")
        }
    }

    /// `tabcheck merge` over the two shards of one campaign, each as it was or mutated as
    /// JSON (a count edited, a field dropped, truncated …), maybe with `--json`, maybe with
    /// `--html` onto a new file or onto one of its own shards.
    static func mergeCase(_ c: inout Choices, _ k: inout CommandLineCase, shards: [String]) {
        k.program = "tabcheck"
        k.args = ["merge"]
        k.expected = nil
        var names: [String] = []
        for (n, shard) in shards.enumerated() where n == 0 || c.bool(0.9) {
            let name = "shard-\(n + 1).json"
            let kept = c.bool(0.5)
            let text = kept ? shard : mutatedShard(&c, shard)
            k.files.append((name, .text(text)))
            k.classes.append("merge: shard \(kept ? "as written" : "mutated")")
            if !kept && countsDiffer(shard, text) {
                k.countsEdited = true
                k.classes.append("merge: a shard's counts edited")
            }
            names.append(name)
        }
        if c.bool(0.3) { k.args.append("--json") }
        if c.bool(0.4) {
            let onto = c.bool(0.4) ? c.element(of: names) : "merged.html"
            k.args += ["--html", onto]
            k.classes.append(onto == "merged.html" ? "merge: --html" : "merge: --html onto one of its shards")
        }
        k.args += c.bool(0.8) ? names : names.reversed()
    }

    /// Whether two shard files, both valid JSON, differ in what merge adds up and the file's own
    /// coverage must agree with: sequences, steps, coverage (its number classes aside, which
    /// nothing else in the file counts).
    static func countsDiffer(_ a: String, _ b: String) -> Bool {
        func counts(_ text: String) -> NSDictionary? {
            guard let top = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return nil }
            var cov = top["coverage"] as? [String: Any] ?? [:]
            cov["numbers"] = nil
            return ["sequences": top["sequences"] ?? NSNull(), "steps": top["steps"] ?? NSNull(), "coverage": cov] as NSDictionary
        }
        guard let x = counts(a), let y = counts(b) else { return false }
        return !x.isEqual(y)
    }

    /// A shard's JSON broken as any JSON is, or with one of its numbers edited to where
    /// counts break: 0, −1, a huge number.
    static func mutatedShard(_ c: inout Choices, _ text: String) -> String {
        guard c.bool(0.5) else { return mutatedJSON(&c, text) }
        let numbers = text.ranges(of: /": ?[0-9]+/)
        guard !numbers.isEmpty else { return text }
        var t = text
        let r = numbers[c.int(in: 0...(numbers.count - 1))]
        let key = t[r].prefix { $0 != " " && !$0.isNumber }
        t.replaceSubrange(r, with: key + " " + c.element(of: ["0", "-1", "9223372036854775807", "1e300", "3"]))
        return t
    }
}

extension CommandLineGen {
    /// The replay text with one field no replay file has: at the top level, or an argument
    /// in the first action's object; and the field's name.
    static func unknownField(_ c: inout Choices, in text: String) -> (String, String)? {
        let name = c.element(of: ["extra", "_1", "id", "note", "Actions"])
        var t = text
        if c.bool(0.3) {
            guard let brace = t.firstIndex(of: "{") else { return nil }
            t.insert(contentsOf: "\"\(name)\": 1, ", at: t.index(after: brace))
            return (t, name)
        }
        // "actions" : [ { "kind" : { …arguments… } }: the second brace after the array's start.
        guard let list = t.range(of: "\"actions\""), let action = t[list.upperBound...].firstIndex(of: "{"),
              let arguments = t[t.index(after: action)...].firstIndex(of: "{") else { return nil }
        let empty = t[t.index(after: arguments)...].first { !$0.isWhitespace } == "}"
        t.insert(contentsOf: "\"\(name)\": 1" + (empty ? "" : ", "), at: t.index(after: arguments))
        return (t, name)
    }
}
