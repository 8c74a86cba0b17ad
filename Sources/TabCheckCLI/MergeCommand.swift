import Checker
import Foundation
import Generators

/// `tabcheck merge`: the shards of a CI matrix (`--shard K/N --json`) added up into one
/// campaign — sequences, steps, rule coverage, every failure with its shard, reproduce
/// command and replay file — and, with `--html`, the campaign's report. Files of different
/// campaigns (another seed, budget, driver or policy) are refused by the setting that
/// differs; a missing or repeated shard too: a sum of the wrong files is worse than none.
struct MergeCommand {
    static let usage = """
    usage: tabcheck merge [--json] [--html FILE] SHARD.json...
      Adds up the --json summaries of the N shards of one campaign (tabcheck --shard K/N
      --json > shard-K.json, one per CI job) and prints one summary: sequences, steps, each
      shard's failure (with its reproduce command and replay file) and the coverage of every
      rule. With --json, the merged summary as JSON on stdout; with --html FILE, the campaign's
      report. Every shard 1…N must be given once, and all must come from one campaign (same
      program, --compare, --seed, --sequences or --time-limit, --max-steps, --property,
      --policy): a file that differs is refused, naming the setting. For a fixed --sequences
      the merged figures equal one unsharded run of N × that many sequences.
      Exit 0: no shard failed; 1: some shard failed; 130: no shard failed and some shard was
      interrupted (the campaign is incomplete: INTERRUPTED names it); 2: bad input.
    """

    /// One shard's `--json` summary, the fields merge reads.
    struct Input: Decodable {
        struct Failure: Decodable {
            var property, rule, message: String
            var step, shrunkSteps: Int
            var originalSteps: Int?
            var sequenceSeed, replayFile: String?
        }
        var result: String
        var sequences, steps: Int
        var elapsed: Double
        var failure: Failure?
        var shard: ShardRecord.Shard?
        var config: ShardRecord.Config?
        var coverage: CoverageCounts?
        var reproduce: [String]?
    }

    struct Shard { let file: String; let input: Input; let config: ShardRecord.Config; let coverage: CoverageCounts }

    static func run(_ rest: [String], _ drivers: Drivers) throws(InputError) -> Int32 {
        if try Arguments.help(rest, command: "merge ", usage: usage) { return 0 }
        var files: [String] = [], json = false, html: String?
        var a = Arguments(rest, command: "merge ")
        while let arg = try a.nextFlag() {
            switch arg {
            case "--json": json = true
            case "--html": html = try a.path(arg, "a file name")
            default:
                guard !arg.hasPrefix("-") || arg == "-" else { throw InputError("merge: unknown argument \"\(arg)\" (tabcheck merge --help)") }
                files.append(arg)
            }
        }
        guard !files.isEmpty else { throw InputError("merge needs the shards' --json files (tabcheck merge --help)") }
        if let html {
            // The report onto one of its own shards would destroy an input (FileRoles' rule, here for merge's inputs).
            if let shard = files.first(where: { FileRoles.identity($0) == FileRoles.identity(html) }) {
                throw InputError("merge: --html \(html) is one of the shards (\(shard)): it would destroy the input; give another name")
            }
            try InputFile.prepareOutput(html, flag: "merge --html")
        }
        let shards = try files.map(read)
        try check(shards)
        return Merged(shards).print(json: json, html: html, program: drivers.program)
    }

    /// One file, decoded, with the fields a merge needs.
    static func read(_ file: String) throws(InputError) -> Shard {
        let data = try InputFile.read(file, what: "shard summary", limit: 64 << 20)
        // Strictly first, as every other input (decisions.md, Command line and inputs): a key
        // twice, a lone surrogate, a number out of range named with its line and column.
        let top = try StrictJSON.parse([UInt8](data), name: "merge: \(file)")
        guard case .object = top else { throw InputError("merge: \(file) is not a tabcheck --json summary: it holds \(top.words), not an object") }
        let input: Input
        do { input = try JSONDecoder().decode(Input.self, from: data) } catch let e as DecodingError {
            throw InputError("merge: \(file) is not a tabcheck --json summary: \(describe(e, in: top))")
        } catch {
            throw InputError("merge: \(file) is not a tabcheck --json summary: \(InputFile.reason(error))")
        }
        // A shard whose saved failure still failed ran no campaign (the failure database is
        // replayed first): it has a failure and no coverage.
        // (No coverage but after a saved failure's replay: one sequence at most, a failure; a
        // campaign's coverage dropped from its file is refused below by its counts, #54.)
        guard let config = input.config, input.shard != nil,
              let coverage = input.coverage ?? (input.failure != nil && input.sequences <= 1 ? CoverageCounts(Coverage()) : nil) else {
            throw InputError("merge: \(file) has no shard, config or coverage: it was written by an older tabcheck, or not by a campaign (a --replay has no shard to merge)")
        }
        // The shard as --shard takes it: an edited count (0, −1, 10^12) is refused, never a range that traps or a loop that allocates.
        if let sh = input.shard, !(1...Options.maxShards).contains(sh.count) || !(1...sh.count).contains(sh.index) {
            throw InputError("merge: \(file) says shard \(sh.index) of \(sh.count); a shard is K/N with 1 ≤ K ≤ N ≤ \(Options.maxShards)")
        }
        // Every number the merge adds, wherever it is — read from the file, not from a list of
        // fields (a list left out coverage.rules, and an edited rule count of 2^63 − 1 trapped
        // the addition, #54) — is a count 0…10^13 that no sum of 100,000 shards overflows (10^13 × 10^5 < 2^63).
        if let (field, value) = Self.outOfRange(top) {
            throw InputError("merge: \(file): field \"\(field)\" should be a count 0…10^13, got \(value)")
        }
        // No longer than a campaign can run (--time-limit and --shrink-time at their most), as --time-limit is bounded.
        guard input.elapsed.isFinite, (0...(2 * Options.maxSeconds)).contains(input.elapsed) else {
            throw InputError("merge: \(file): field \"elapsed\" should be a time in seconds, 0…\(Int(2 * Options.maxSeconds)), got \(input.elapsed)")
        }
        // The verdict and the failure agree, or the file was edited: a "fail" with no failure would merge as a pass (#54).
        guard ["pass", "fail", "interrupted"].contains(input.result) else {
            throw InputError("merge: \(file): field \"result\" should be \"pass\", \"fail\" or \"interrupted\", got \"\(input.result.prefix(40))\"")
        }
        guard (input.result == "fail") == (input.failure != nil) else {
            throw InputError("merge: \(file): field \"result\" is \"\(input.result)\" but the file \(input.failure == nil ? "holds no" : "holds a") \"failure\"; they must agree")
        }
        let decoded: Coverage
        switch coverage.coverage() {
        case .failure(let e): throw InputError("merge: \(file) counts an unknown \(e.what) (a newer tabcheck wrote it?)")
        case .success(let c): decoded = c
        }
        if let why = untrusted(input, config: config, top: top) { throw InputError("merge: \(file): \(why)") }
        if let why = contradiction(input, config, coverage, decoded) {
            throw InputError("merge: \(file) contradicts itself: \(why); it was edited, or is not one shard's --json")
        }
        return Shard(file: file, input: input, config: config, coverage: coverage)
    }

    /// The file against itself (decisions.md, Scale-out): its coverage counts the steps twice (by
    /// action kind, by viewport class) and the sequences twice (by length, by most tabs open),
    /// its rules follow from its kinds and situations, and it covers every step and sequence the
    /// file says ran — fewer after a failure, whose later rounds are not counted. A count edited
    /// within its bounds breaks one of these, and is refused rather than added up (#54).
    static func contradiction(_ input: Input, _ config: ShardRecord.Config, _ counts: CoverageCounts, _ coverage: Coverage) -> String? {
        let (byKind, byViewport) = (counts.kinds.values.reduce(0, +), counts.viewports.reduce(0, +))
        let (byLength, byTabs) = (counts.lengths.reduce(0, +), counts.maxTabs.reduce(0, +))
        if byKind != byViewport { return "its coverage counts \(byKind) steps by action kind and \(byViewport) by viewport" }
        if byLength != byTabs { return "its coverage counts \(byLength) sequences by length and \(byTabs) by most tabs open" }
        let whole = input.result != "fail"
        if whole ? byKind != input.steps : byKind > input.steps { return "\"steps\" is \(input.steps) but its coverage counts \(byKind)" }
        if whole ? byLength != input.sequences : byLength > input.sequences {
            return "\"sequences\" is \(input.sequences) but its coverage counts \(byLength)"
        }
        if let each = config.sequencesPerShard, input.result == "pass" && config.timeLimit == nil ? input.sequences != each : input.sequences > each {
            return "\"sequences\" is \(input.sequences) but each shard runs --sequences \(each)"
        }
        let derived = Dictionary(uniqueKeysWithValues: RuleCoverage.table(coverage).map { ($0.rule, $0.count) })
        for rule in Set(derived.keys).union(counts.rules.keys).sorted() where counts.rules[rule] != derived[rule] {
            return "its count of rule \(rule) (\(counts.rules[rule].map(String.init) ?? "none")) is not what its action kinds and situations give (\(derived[rule].map(String.init) ?? "none"))"
        }
        return nil
    }

    /// The first number under `sequences`, `steps` or `coverage` that is not a whole count
    /// 0…10^13, with its path ("coverage.rules.D3").
    static func outOfRange(_ top: JSONValue) -> (String, String)? {
        func walk(_ v: JSONValue, _ path: String) -> (String, String)? {
            switch v {
            case .number(let n): return Int(n).map({ (0...10_000_000_000_000).contains($0) }) == true ? nil : (path, n)
            case .array(let items): return items.enumerated().lazy.compactMap { walk($0.element, "\(path)[\($0.offset)]") }.first
            case .object(let fields): return fields.lazy.compactMap { walk($0.value, path.isEmpty ? $0.key : "\(path).\($0.key)") }.first
            default: return nil
            }
        }
        guard case .object(let fields) = top else { return nil }
        return fields.lazy.filter { ["sequences", "steps", "coverage"].contains($0.key) }.compactMap { walk($0.value, $0.key) }.first
    }

    /// One campaign, every shard once.
    static func check(_ shards: [Shard]) throws(InputError) {
        let first = shards[0]
        for s in shards.dropFirst() {
            if let d = first.config.difference(from: s.config) {
                throw InputError("merge: \(first.file) and \(s.file) are shards of different campaigns: \(d.field) \(d.mine) vs \(d.theirs)")
            }
            if s.input.shard!.count != first.input.shard!.count {
                throw InputError("merge: \(first.file) is a shard of \(first.input.shard!.count), \(s.file) of \(s.input.shard!.count)")
            }
        }
        let n = first.input.shard!.count
        var seen: [Int: String] = [:]
        for s in shards {
            let k = s.input.shard!.index
            guard (1...n).contains(k) else { throw InputError("merge: \(s.file) says shard \(k) of \(n)") }
            if let other = seen[k] { throw InputError("merge: \(other) and \(s.file) are both shard \(k)/\(n); give each shard once") }
            seen[k] = s.file
        }
        let missing = (1...n).filter { seen[$0] == nil }
        guard missing.isEmpty else {
            throw InputError("merge: shard\(missing.count == 1 ? "" : "s") \(missing.prefix(5).map { "\($0)/\(n)" }.joined(separator: ", "))\(missing.count > 5 ? ", …" : "") missing (give every shard's --json; a job that died wrote none)")
        }
    }
}
