import Checker
import ProductionDriver
import TabCheckCLI

/// This repository's own `tabcheck`: the generic command line (TabCheckCLI) with the
/// production model as its default driver and the commands that need that model — the
/// layout drawing, the kill-and-load durability run and the fuzzing corpus. An adopter's
/// executable calls `TabCheck.main(drivers:)` and links none of this.
package enum RepositoryTabCheck {
    /// `extra`: more drivers after production's two (the planted bugs of the CLI tests).
    package static func main(_ arguments: [String] = Array(CommandLine.arguments.dropFirst()), drivers extra: [DriverFactory] = [],
                            properties: [any GridStepProperty] = []) -> Never {
        TabCheck.run(arguments, drivers: [.production, .productionBatch, .productionAsync] + extra, properties: properties, commands: commands, program: "tabcheck",
                     regressionTestFile: "Tests/PropertyTests/RegressionTests.swift")
    }

    static let commands: [TabCheck.Command] = [
        TabCheck.Command(name: "layout", synopsis: """
              tabcheck layout --width W --height H [--safe-left L] [--safe-right R] [--tabs N] [--svg FILE]
                                                 draw the grid for one viewport (L1–L6)
            """) { arguments throws(InputError) in try LayoutCommand.run(arguments) },
        TabCheck.Command(name: "corpus", synopsis: """
              tabcheck corpus DIR N              write N generated runs as libFuzzer seed inputs
            """) { arguments throws(InputError) in try CorpusCommand.run(arguments) },
        TabCheck.Command(name: "durability", synopsis: """
              tabcheck durability [--kills N]    kill a process saving sessions (SIGKILL, real disk) N times
                                                 and check every load (P4, P5)
            """) { arguments throws(InputError) in try DurabilityCommand.run(arguments) },
        TabCheck.Command(name: "bench", synopsis: """
              tabcheck-bench model|throughput|scaling|length|sweep|generate|session|balanced|jobs
                                                 the measurements behind docs/benchmarks.md (an
                                                 executable of its own: swift run -c release tabcheck-bench)
            """) { arguments throws(InputError) in
            throw InputError("bench is its own executable now: swift run -c release tabcheck-bench \(arguments.joined(separator: " ")) (tabcheck-bench --help)")
        },
    ]
}
