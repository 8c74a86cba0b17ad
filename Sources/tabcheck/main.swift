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
    if arguments.first == "bench" {
        exit(try BenchCommand.run(Array(arguments.dropFirst())))
    }
    if arguments.first == "corpus" {
        // Seed inputs for libFuzzer: generated runs written as the bytes that decode to them.
        guard arguments.count == 3, let n = Int(arguments[2]), n > 0 else { throw InputError("usage: tabcheck corpus DIR N") }
        let dir = arguments[1]
        do { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) } catch {
            throw InputError("corpus: cannot create \(dir): \(error.localizedDescription)")
        }
        for i in 0..<n {
            let out = Runner(properties: []).run(.choices(Choices(seed: Campaign.sequenceSeed(master: 0xC0FFEE, index: i)), maxSteps: 60),
                                                 collectCoverage: false)
            let bytes = Choices.bytes(values: out.choices, bounds: out.bounds)
            FileManager.default.createFile(atPath: "\(dir)/seed-\(i)", contents: Data(bytes))
        }
        print("wrote \(n) seed inputs to \(dir)")
        exit(0)
    }
    if arguments.first == "minimal" {
        // The true minimal failing length over a small alphabet, by exhaustive search
        // (scripts/mutation-score.sh): `tabcheck minimal [--max-length 1…5] [--property NAME]`.
        var limit = 3
        var properties = Property.allCases
        var rest = Array(arguments.dropFirst())
        while rest.count >= 2 {
            switch rest[0] {
            case "--max-length":
                guard let n = Int(rest[1]), (1...5).contains(n) else { throw InputError("minimal --max-length takes 1…5, got \"\(rest[1])\"") }
                limit = n
            case "--property":
                guard let p = Property(rawValue: rest[1]) else { throw InputError("minimal --property: unknown property \"\(rest[1])\"") }
                properties = [p]
            default: throw InputError("usage: tabcheck minimal [--max-length 1…5] [--property NAME]")
            }
            rest.removeFirst(2)
        }
        guard rest.isEmpty else { throw InputError("usage: tabcheck minimal [--max-length 1…5] [--property NAME]") }
        let runner = Runner(properties: properties)
        if let s = ExhaustiveSearch.shortestFailure(runner, limit: limit) {
            let f = runner.run(.actions(s), collectCoverage: false).failure
            print("minimal \(s.count): \(s.map(\.description).joined(separator: ", ")) — \(f.map { "\($0.violation.property.rawValue): \($0.violation.rule)" } ?? "")")
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
