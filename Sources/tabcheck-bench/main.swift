import Foundation
import Checker
import TabCheckCLI

// The benchmarks, an executable of their own: `tabcheck` (and TabCheckCLI, the library a
// package's own checker links) carries none of their code.
do throws(InputError) {
    exit(try BenchCommand.run(Array(CommandLine.arguments.dropFirst())))
} catch {
    fail(error.message)
}
