import TabCheckCLI
import Checker
import ProductionDriver
import Foundation
import Generators

/// `tabcheck layout`: draw the grid for one viewport as text, or as SVG.
enum LayoutCommand {
    static let usage = """
    usage: tabcheck layout --width W --height H [--safe-left L] [--safe-right R] [--tabs N] [--svg FILE]

    Draws the grid the production layout gives one viewport (L1–L6): columns, item size,
    spacing, rows, as text; --svg also writes it as an SVG picture.

      --width W, --height H   the viewport in points (required; any number, even absurd
                              ones: a viewport with no room is reported as tooSmall, L5)
      --safe-left L           left safe-area inset in points (default 0)
      --safe-right R          right safe-area inset in points (default 0)
      --tabs N                how many tabs to place, 0…100,000 (default 6)
      --svg FILE              also write the drawing to FILE (its folder is created)

    examples:
      tabcheck layout --width 320 --height 568 --tabs 5
      tabcheck layout --width 844 --height 390 --safe-left 47 --safe-right 47 --svg grid.svg
    """

    static func run(_ args: [String]) throws(InputError) -> Int32 {
        if try Arguments.help(args, command: "layout ", usage: usage) { return 0 }
        var v = ViewportSpec(width: .nan, height: .nan)
        var tabs = 6
        var svg: String?
        var a = Arguments(args, command: "layout ")
        func number(_ flag: String) throws(InputError) -> Double {
            let s = try a.value(flag)
            guard let x = Double(s) else { throw InputError("layout \(flag) takes a number of points, got \"\(s)\"") }
            return x
        }
        while let flag = try a.nextFlag() {
            switch flag {
            case "--width": v.width = try number(flag)
            case "--height": v.height = try number(flag)
            case "--safe-left": v.safeLeft = try number(flag)
            case "--safe-right": v.safeRight = try number(flag)
            case "--tabs": tabs = try a.int(flag, 0...100_000)
            case "--svg": svg = try a.path(flag, "a file name")
            default: throw InputError("layout: unknown argument \"\(flag)\" (tabcheck layout --help)")
            }
        }
        guard a.given("--width") && a.given("--height") else { throw InputError("layout needs --width and --height (tabcheck layout --help)") }
        // Check the output path before drawing anything.
        if let svg { try InputFile.prepareOutput(svg, flag: "layout --svg") }
        print(LayoutDrawing.text(v, tabs: tabs), terminator: "")
        if let svg {
            do { try InputFile.writeOutput(Data(LayoutDrawing.svg(v, tabs: tabs).utf8), to: svg) } catch {
                throw InputError("layout --svg: cannot write \(svg): \(InputFile.reason(error))")
            }
            print("wrote \(svg)")
        }
        return 0
    }
}
