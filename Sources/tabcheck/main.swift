import Checker
import Foundation
import Generators

/// `tabcheck`: exit 0 when every property held, 1 on a property failure, 2 on bad input.

let arguments = Array(CommandLine.arguments.dropFirst())

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("tabcheck: \(message)\n".utf8))
    exit(2)
}

do {
    if arguments.first == "layout" {
        exit(try LayoutCommand.run(Array(arguments.dropFirst())))
    }
    if arguments.first == "minimal" {
        // The true minimal failing length by exhaustive search (scripts/mutation-score.sh).
        var limit = 3
        if arguments.count == 3, arguments[1] == "--max-length", let n = Int(arguments[2]), (1...5).contains(n) { limit = n }
        else if arguments.count != 1 { throw InputError("usage: tabcheck minimal [--max-length 1…5]") }
        if let s = ExhaustiveSearch.shortestFailure(Runner(), limit: limit) {
            print("minimal \(s.count): \(s.map(\.description).joined(separator: ", "))")
            exit(1)
        }
        print("minimal >\(limit): no failing sequence of length ≤ \(limit) over the \(ExhaustiveSearch.alphabet.count)-action alphabet")
        exit(0)
    }
    if arguments.first == "list" {
        print("properties:")
        for p in Property.allCases { print("  \(p.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0))\(p.rules)") }
        print("drivers:")
        for d in DriverFactory.builtIn { print("  \(d.name.padding(toLength: 16, withPad: " ", startingAt: 0))\(d.summary)") }
        exit(0)
    }
    let options = try Options.parse(arguments)
    if options.help { print(helpText); exit(0) }
    exit(try CheckCommand(options: options).run())
} catch let e as InputError {
    fail(e.message)
} catch {
    fail("\(error)")
}
