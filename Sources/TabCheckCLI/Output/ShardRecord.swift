import Checker

/// The part of a `--json` summary that makes shards of a CI matrix one campaign again
/// (`tabcheck merge`, docs/fuzzing.md "What runs where"): which shard this was, and every
/// setting that must agree between the shards of one campaign.
struct ShardRecord {
    struct Shard: Codable, Equatable { var index: Int; var count: Int }

    /// Everything the shards of one campaign share. A field that differs between two files
    /// is named in the refusal.
    struct Config: Codable, Equatable {
        var program: String
        var compare: [String]
        var seed: String
        /// `--sequences` (per shard), else nil and the campaign was bounded by time.
        var sequencesPerShard: Int?
        var timeLimit: Double?
        var maxSteps: Int
        var properties: [String]
        var policy: String
        var largeGrids: Bool
        /// `--start-tabs N[-M]` when given (nil in files written before it, and without it).
        var startTabs: String?

        /// The openings, as the shards' command lines said them.
        var openings: String { startTabs.map { "--start-tabs \($0)" } ?? (largeGrids ? "one seed in 128" : "--no-large-grids") }

        /// The first field in which two configs differ, with both values.
        func difference(from o: Config) -> (field: String, mine: String, theirs: String)? {
            let fields: [(String, String, String)] = [
                ("program", program, o.program), ("--compare", compare.joined(separator: ","), o.compare.joined(separator: ",")),
                ("--seed", seed, o.seed), ("--sequences", sequencesPerShard.map(String.init) ?? "none", o.sequencesPerShard.map(String.init) ?? "none"),
                ("--time-limit", timeLimit.map { "\($0)" } ?? "none", o.timeLimit.map { "\($0)" } ?? "none"),
                ("--max-steps", "\(maxSteps)", "\(o.maxSteps)"), ("--property", properties.joined(separator: ","), o.properties.joined(separator: ",")),
                ("--policy", policy, o.policy), ("the openings (--start-tabs, --no-large-grids)", openings, o.openings),
            ]
            return fields.first { $0.1 != $0.2 }.map { (field: $0.0, mine: $0.1, theirs: $0.2) }
        }
    }
}
