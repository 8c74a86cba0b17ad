import Checker
import Foundation
import Generators

/// The shards of one campaign added up (`tabcheck merge`): what it prints, its `--json` and
/// its `--html`. The time is the slowest shard's (the matrix ran in parallel); the steps per
/// second are per shard-second, comparable with one machine's.
struct Merged {
    struct Failure: Encodable {
        var shard: String
        var file: String
        var property, rule, message: String
        var step, shrunkSteps: Int
        var sequenceSeed, replayFile: String?
        var reproduce: [String]
    }
    struct Summary: Encodable {
        var result: String
        var shards: Int
        var sequences = 0, steps = 0
        var elapsed = 0.0, shardSeconds = 0.0
        var failures: [Failure] = []
        var interrupted: [String] = []
        var config: ShardRecord.Config
        var coverage: CoverageCounts
    }

    let summary: Summary

    init(_ shards: [MergeCommand.Shard]) {
        let sorted = shards.sorted { $0.input.shard!.index < $1.input.shard!.index }
        var s = Summary(result: "pass", shards: sorted.count, config: sorted[0].config, coverage: sorted[0].coverage)
        for (i, shard) in sorted.enumerated() {
            let input = shard.input, name = "\(input.shard!.index)/\(input.shard!.count)"
            s.sequences += input.sequences; s.steps += input.steps
            s.elapsed = max(s.elapsed, input.elapsed); s.shardSeconds += input.elapsed
            if i > 0 { s.coverage.add(shard.coverage) }
            if input.result == "interrupted" { s.interrupted.append(name) }
            if let f = input.failure {
                s.failures.append(Failure(shard: name, file: shard.file, property: MergeCommand.printable(f.property), rule: MergeCommand.printable(f.rule), message: MergeCommand.printable(f.message), step: f.step,
                                          shrunkSteps: f.shrunkSteps, sequenceSeed: f.sequenceSeed, replayFile: f.replayFile,
                                          reproduce: input.reproduce ?? []))
            }
        }
        s.result = !s.failures.isEmpty ? "fail" : !s.interrupted.isEmpty ? "interrupted" : "pass"
        summary = s
    }

    /// Prints the merged campaign (and writes `--html`); the exit code: 1 a shard failed,
    /// 130 a shard was interrupted and none failed, 0 every shard passed.
    func print(json: Bool, html: String?, program: String) -> Int32 {
        let s = summary
        func out(_ text: String) { if json { Console.error(text) } else { Console.output(text) } }
        let rate = s.shardSeconds > 0 ? Int(Double(s.steps) / s.shardSeconds) : 0
        out("merged \(s.shards) shard\(s.shards == 1 ? "" : "s") of \(s.config.program) \(s.config.compare.joined(separator: " vs ")), seed \(s.config.seed): "
            + "\(s.sequences) sequences, \(s.steps) steps, \(rate) steps/s per shard, \(String(format: "%.2f", s.elapsed)) s for the slowest shard\n")
        for f in s.failures {
            out("FAIL in shard \(f.shard) (\(f.file)): \(f.property) broke rule \(f.rule) at step \(f.step), shrunk to \(f.shrunkSteps) steps: \(f.message)\n")
            for line in f.reproduce { out("  reproduce: \(line)\n") }
            if let file = f.replayFile { out("  replay file (in that job's artifacts): \(file)\n") }
        }
        if !s.interrupted.isEmpty { out("INTERRUPTED: shard\(s.interrupted.count == 1 ? "" : "s") \(s.interrupted.joined(separator: ", ")) stopped early\n") }
        let table = (try? s.coverage.coverage().get()).map(RuleCoverage.table) ?? s.coverage.rules.sorted { $0.key < $1.key }.map { (rule: $0.key, count: $0.value) }
        let rules = table.map { "\($0.rule) \($0.count)" }.joined(separator: ", ")
        out("rule coverage (steps that exercised each rule): \(rules)\n")
        out(s.failures.isEmpty ? (s.interrupted.isEmpty ? "PASS: no shard failed\n" : "") : "FAIL: \(s.failures.count) of \(s.shards) shards failed\n")
        if json {
            let encoder = ActionCoding.encoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            if let data = try? encoder.encode(s), let text = String(data: data, encoding: .utf8) { Console.output(text + "\n") }
        }
        var written = true
        if let html {
            do { try InputFile.writeOutput(Data(page(program: program).utf8), to: html); Console.error("wrote the report \(html)\n") } catch {
                Console.error("\(program) merge: could not write --html \(html): \(InputFile.reason(error))\n"); written = false
            }
        }
        if !s.failures.isEmpty { return 1 }
        if !s.interrupted.isEmpty { return 130 }
        return written ? 0 : 2
    }

    /// The campaign's report page: its figures and the shards' failures (each shard's own
    /// `--html` holds a failure's storyboard).
    func page(program: String) -> String {
        let s = summary
        var h = HTMLReport.Summary(title: "\(program) merge: \(s.config.compare.joined(separator: " vs ")), \(s.shards) shards", result: s.result,
                                   implementation: s.config.compare.first ?? "", oracle: s.config.compare.last ?? "", seed: s.config.seed,
                                   sequences: s.sequences, steps: s.steps, elapsed: s.elapsed,
                                   properties: s.config.properties.map { Property($0) })
        h.policy = s.config.policy == "spec" ? nil : s.config.policy
        h.shardFailures = s.failures.map { f in
            "shard \(f.shard): \(f.property) broke rule \(f.rule) at step \(f.step) (shrunk to \(f.shrunkSteps)): \(f.message)"
                + f.reproduce.map { " — reproduce: \($0)" }.joined() + (f.replayFile.map { " — replay file: \($0)" } ?? "")
        }
        let coverage = try? s.coverage.coverage().get()
        return HTMLReport(summary: h, records: [], coverage: coverage).page()
    }
}
