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
