import Checker
import Foundation
import Generators

/// `tabcheck layout`: draw the grid for one viewport as text, or as SVG.
enum LayoutCommand {
    static func run(_ args: [String]) throws(InputError) -> Int32 {
        var v = ViewportSpec(width: .nan, height: .nan)
        var tabs = 6
        var svg: String?
        var i = 0
        func number(_ flag: String) throws(InputError) -> Double {
            i += 1
            guard i < args.count, let x = Double(args[i]) else {
                throw InputError("layout \(flag) takes a number of points\(i < args.count ? ", got \"\(args[i])\"" : "")")
            }
            return x
        }
        while i < args.count {
            switch args[i] {
            case "--width": v.width = try number("--width")
            case "--height": v.height = try number("--height")
            case "--safe-left": v.safeLeft = try number("--safe-left")
            case "--safe-right": v.safeRight = try number("--safe-right")
            case "--tabs":
                let x = try number("--tabs")
                guard x >= 0, x <= 100_000, x == x.rounded() else { throw InputError("layout --tabs takes a whole number 0…100000") }
                tabs = Int(x)
            case "--svg":
                i += 1
                guard i < args.count else { throw InputError("layout --svg needs a file name") }
                svg = args[i]
            case "-h", "--help":
                print("tabcheck layout --width W --height H [--safe-left L] [--safe-right R] [--tabs N] [--svg FILE]")
                return 0
            default: throw InputError("layout: unknown argument \"\(args[i])\"")
            }
            i += 1
        }
        guard !v.width.isNaN || args.contains("--width") else { throw InputError("layout needs --width and --height") }
        guard !v.height.isNaN || args.contains("--height") else { throw InputError("layout needs --height") }
        print(LayoutDrawing.text(v, tabs: tabs), terminator: "")
        if let svg {
            do { try Data(LayoutDrawing.svg(v, tabs: tabs).utf8).write(to: URL(fileURLWithPath: svg)) } catch {
                throw InputError("layout --svg: cannot write \(svg): \(error.localizedDescription)")
            }
            print("wrote \(svg)")
        }
        return 0
    }
}
