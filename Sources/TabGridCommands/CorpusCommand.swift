import TabCheckCLI
import Checker
import Foundation
import Generators
import ProductionDriver

/// `tabcheck corpus DIR N`: N generated runs written as libFuzzer seed inputs (the bytes
/// that make the fuzz target draw the same choices).
enum CorpusCommand {
    static func run(_ rest: [String]) throws(InputError) -> Int32 {
        if try Arguments.help(rest, command: "corpus ", usage: corpusUsage) { return 0 }
        // A flag given twice is refused, as every other command's (#54).
        guard rest.filter({ $0 == "--session" }).count <= 1 else { throw InputError("corpus: --session given twice") }
        let session = rest.contains("--session")
        let rest = rest.filter { $0 != "--session" }
        if let flag = rest.first(where: { $0.hasPrefix("-") && Int($0) == nil }) {
            throw InputError("corpus: unknown argument \"\(flag)\" (tabcheck corpus --help)")
        }
        guard rest.count == 2 else { throw InputError("corpus takes a folder and a count: tabcheck corpus DIR N [--session] (tabcheck corpus --help)") }
        guard let n = Int(rest[1]), (1...1_000_000).contains(n) else {
            throw InputError("corpus N takes a whole number 1…1,000,000, got \"\(rest[1])\"")
        }
        let dir = rest[0]
        try InputFile.checkFolder(dir, flag: "corpus")
        // Its own folder: a user's seed-1 is refused, never overwritten; no write through a link.
        var folder = OwnedFolder(path: dir, flag: "corpus") { $0.hasPrefix("seed-") }
        folder.replaces = false
        try folder.prepare()
        if session { return try sessions(n, into: &folder, dir) }
        for i in 0..<n {
            if Interrupt.requested {
                print("INTERRUPTED by \(Interrupt.name): wrote \(i) of \(n) seed inputs to \(dir) (exit 130)")
                return 130
            }
            let out = Runner(properties: []).run(.choices(Choices(seed: Campaign.sequenceSeed(master: 0xC0FFEE, index: i)), maxSteps: 60),
                                                 collectCoverage: false)
            let bytes = Choices.bytes(values: out.choices, bounds: out.bounds)
            do throws(InputError) { try folder.write(Data(bytes), name: "seed-\(i)") } catch {
                folder.discardIfEmpty()
                throw InputError("\(error.message) (\(i) of \(n) written)")
            }
        }
        print("wrote \(n) seed inputs to \(dir)")
        return 0
    }

    /// N session texts: those generated runs restore, in the order they are drawn.
    static func sessions(_ n: Int, into folder: inout OwnedFolder, _ dir: String) throws(InputError) -> Int32 {
        var written = 0, index = 0
        while written < n && index < 100 * n {
            if Interrupt.requested { print("INTERRUPTED by \(Interrupt.name): wrote \(written) of \(n) session inputs to \(dir) (exit 130)"); return 130 }
            let out = Runner(properties: []).run(.choices(Choices(seed: Campaign.sequenceSeed(master: 0x5E55_1011, index: index)), maxSteps: 60),
                                                 collectCoverage: false)
            index += 1
            for case .restoreData(let text) in out.executed where written < n {
                do throws(InputError) { try folder.write(Data(text.utf8), name: "seed-\(written)") } catch {
                    folder.discardIfEmpty()
                    throw InputError("\(error.message) (\(written) of \(n) written)")
                }
                written += 1
            }
        }
        print("wrote \(written) session inputs to \(dir)")
        return 0
    }
}
