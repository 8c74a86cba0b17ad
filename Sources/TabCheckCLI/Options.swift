import Checker
import Generators
import Foundation

/// The command line, parsed by hand (no packages). Every error names the flag.
package struct Options {
    var seed: UInt64?
    var sequenceSeed: UInt64?
    var sequences: Int?
    var maxSteps = 200
    var timeLimit: Double?
    var shrinkTime = Shrinker.defaultTimeLimit
    var shrinkBudget = Shrinker.defaultCandidateBudget
    /// --shrink-stats: each shrink pass's candidates, acceptances and time, after the shrink.
    var shrinkStats = false
    var properties: [Property] = Property.allCases
    /// Whether --property was given (a replay then checks those and the recorded one).
    var propertiesGiven = false
    var shard = (index: 1, count: 1)
    var replay: String?
    var bytes: String?
    /// --compare (default: the package's first driver against the reference).
    var compare: [String] = []
    /// Whether --compare was given (a replay then runs against those drivers, not the file's).
    var compareGiven = false
    /// --policy: the choices both drivers are expected to make (docs/policies.md).
    var policy = Policy.spec
    /// What --policy said (a preset's name or a file), for the reproduce line.
    var policyArgument: String?
    var json = false
    var junit: String?
    var html: String?
    var frames: String?
    var database = ".tabcheck/failures"
    var useDatabase = true
    /// Run in this process: a trap in a model kills tabcheck (Supervisor.swift).
    var noIsolation = false
    var coverage = false
    var quiet = false
    /// --start-tabs N[-M] / --no-large-grids: the tabs each sequence opens first.
    var openings = Openings.occasional
    /// Worker threads (default: the machine's cores).
    var jobs = max(1, ProcessInfo.processInfo.activeProcessorCount)
    var help = false

    /// Upper bounds: beyond them a run would not finish or not fit in memory, so they are
    /// refused rather than attempted (docs/reliability.md).
    package static let maxSteps = 100_000
    static let maxSequences = 1_000_000_000_000
    static let maxShards = 100_000
    package static let maxSeconds = 10_000_000.0

    /// One switch over the flags: a table of them, clearer whole than split.
    static func parse(_ args: [String], drivers: Drivers) throws(InputError) -> Options {
        var o = Options()
        o.compare = drivers.defaultCompare
        var a = Arguments(args, command: "")
        while let arg = try a.nextFlag() {
            switch arg {
            case "-h", "--help": o.help = true
            case "--seed":
                let v = try a.value(arg)
                guard let s = parseSeed(v) else { throw InputError("--seed takes a number 0…2^64−1 (decimal or 0x-hex), got \"\(v)\"") }
                o.seed = s
            case "--sequence-seed":
                let v = try a.value(arg)
                guard let s = parseSeed(v) else { throw InputError("--sequence-seed takes a number 0…2^64−1 (decimal or 0x-hex), got \"\(v)\"") }
                o.sequenceSeed = s
            case "--sequences": o.sequences = try a.int(arg, 1...maxSequences)
            case "--max-steps": o.maxSteps = try a.int(arg, 1...maxSteps)
            case "--jobs", "-j": o.jobs = try a.int(arg, 1...256)
            case "--time-limit":
                o.timeLimit = try a.seconds(arg, max: maxSeconds)
                // Refused here, as minimal's and durability's are: after the header, "ran no step" was a second line (#54's harness).
                guard o.timeLimit! > 0 else { throw InputError("--time-limit takes a positive number of seconds, got 0: a campaign of 0 s checks nothing") }
            case "--shrink-time":
                o.shrinkTime = try a.seconds(arg, max: maxSeconds)
                // 0 would stop every shrink before its first candidate, and the hint "4 × that" would repeat it (decisions.md, Command line and inputs).
                guard o.shrinkTime > 0 else { throw InputError("--shrink-time takes a positive number of seconds, got 0: no shrink could start; --shrink-budget bounds a shrink by candidates") }
            case "--shrink-budget": o.shrinkBudget = try a.int(arg, 1...100_000_000)
            case "--shrink-stats": o.shrinkStats = true
            case "--property":
                let v = try a.value(arg)
                var chosen: [Property] = []
                for name in v.split(separator: ",", omittingEmptySubsequences: false) {
                    let p = Property(String(name))
                    guard drivers.knownProperties.contains(p) else {
                        throw InputError("--property: unknown property \"\(name)\"; known: \(drivers.knownProperties.map(\.rawValue).joined(separator: ", "))")
                    }
                    guard !chosen.contains(p) else { throw InputError("--property names \(p.rawValue) twice") }
                    chosen.append(p)
                }
                o.properties = chosen
                o.propertiesGiven = true
            case "--shard":
                let v = try a.value(arg)
                let parts = v.split(separator: "/", omittingEmptySubsequences: false)
                guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= maxShards, k >= 1, k <= n else {
                    throw InputError("--shard takes K/N with 1 ≤ K ≤ N ≤ \(maxShards.formatted(groupingSeparator: ",")) (e.g. --shard 2/4), got \"\(v)\"")
                }
                o.shard = (k, n)
            case "--replay": o.replay = try a.value(arg)
            case "--bytes": o.bytes = try a.value(arg)
            case "--compare":
                let v = try a.value(arg)
                let names = v.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                guard names.count == 2 else { throw InputError("--compare takes two driver names, IMPL,ORACLE (e.g. \(drivers.defaultCompare.joined(separator: ","))), got \"\(v)\"") }
                for n in names where drivers.named(n) == nil {
                    throw InputError("--compare: unknown driver \"\(n)\"; known: \(drivers.names)")
                }
                o.compare = names
                o.compareGiven = true
            case "--policy":
                let v = try a.value(arg)
                o.policy = try PolicyFile.resolve(v)
                o.policyArgument = v
            case "--json": o.json = true
            case "--junit": o.junit = try a.path(arg, "a file name")
            case "--html": o.html = try a.path(arg, "a file name")
            case "--frames": o.frames = try a.path(arg, "a folder name")
            case "--db": o.database = try a.path(arg, "a folder name")
            case "--no-db": o.useDatabase = false
            case "--no-isolation": o.noIsolation = true
            case "--no-large-grids": o.openings = .none
            case "--start-tabs": o.openings = try a.openings(arg)
            case "--coverage": o.coverage = true
            case "--quiet", "-q": o.quiet = true
            default:
                throw InputError("unknown argument \"\(arg)\" (see tabcheck --help)")
            }
        }
        try conflicts(a)
        return o
    }

    /// Flags that cannot be honoured together. Each pair is refused with both names, so no
    /// flag is silently ignored.
    static func conflicts(_ a: Arguments) throws(InputError) {
        func refuse(_ x: String, _ y: String, _ why: String) throws(InputError) {
            if a.given(x) && a.given(y) { throw InputError("\(x) and \(y) cannot be used together: \(why)") }
        }
        try refuse("--db", "--no-db", "--no-db turns the failure database off")
        try FileRoles.refuseShared(a)
        try refuse("--replay", "--bytes", "replay one file at a time")
        for source in ["--replay", "--bytes"] {
            for flag in ["--seed", "--sequence-seed", "--sequences", "--time-limit", "--shard", "--coverage", "--no-large-grids", "--start-tabs"] {
                try refuse(source, flag, "\(source) runs the one sequence in the file; \(flag) applies to campaigns")
            }
        }
        try refuse("--start-tabs", "--no-large-grids", "--start-tabs opens tabs in every sequence; --no-large-grids in none")
        try refuse("--replay", "--policy", "the replay file names the policy it was judged by")
        try refuse("--replay", "--max-steps", "a replay file runs all of its actions")
        for flag in ["--seed", "--sequences", "--time-limit", "--shard", "--coverage"] {
            try refuse("--sequence-seed", flag, "--sequence-seed runs one sequence; \(flag) applies to campaigns")
        }
    }

    package static func parseSeed(_ s: String) -> UInt64? {
        if s.hasPrefix("0x") || s.hasPrefix("0X") { return UInt64(s.dropFirst(2), radix: 16) }
        return UInt64(s)
    }
}
