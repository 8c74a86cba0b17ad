import Foundation
import Testing

/// #54: one front door. Every command `--help` lists — the campaign, each subcommand, each
/// verb of one — is run through the same battery: its own `--help`, an unknown flag, a full
/// disk on stdout, stdout closed at start, stdin and stderr closed. Dispatch reads only the
/// table `--help` prints (`subcommands` in TabCheck.swift), so a command added there is
/// listed, and a command listed is held to this battery without a line of this test changing.
@Suite struct FrontDoorTests {
    /// The commands of `tabcheck --help`'s USAGE as words: `[]` (the campaign), `["list"]`, …,
    /// `["db", "push"]` and `["db", "pull"]` for a command with verbs.
    static func listed() throws -> [[String]] {
        let help = try Tool.tabcheck.run(["--help"])
        var commands: [[String]] = [[]]
        var inUsage = false
        for line in help.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("USAGE") { inUsage = true; continue }
            if line.first?.isLetter == true { inUsage = false }
            guard inUsage, line.hasPrefix("  tabcheck "), let word = line.dropFirst(11).split(separator: " ").first,
                  word.first?.isLetter == true else { continue }
            let verbs = word.split(separator: "|").map(String.init)
            if verbs.count > 1 { continue }   // `db push|pull`: the verbs are the next word
            let next = line.dropFirst(11 + word.count).split(separator: " ").first.map(String.init) ?? ""
            let nextVerbs = next.split(separator: "|").map(String.init)
            if nextVerbs.count > 1, nextVerbs.allSatisfy({ $0.allSatisfy(\.isLetter) }) {
                commands += nextVerbs.map { [String(word), $0] }
            } else {
                commands.append([String(word)])
            }
        }
        return commands
    }

    @Test func helpListsTheSubcommands() throws {
        let names = Set(try Self.listed().compactMap(\.first))
        // What this repository's tabcheck has today; a new one joins the battery below by itself.
        #expect(names.isSuperset(of: ["list", "policy", "minimal", "merge", "db", "layout", "corpus", "durability"]), "\(names.sorted())")
    }

    @Test(arguments: try FrontDoorTests.listed())
    func everyListedCommandKeepsTheFrontDoorsPromises(_ words: [String]) throws {
        let name = words.isEmpty ? "tabcheck" : "tabcheck " + words.joined(separator: " ")
        let help = try Tool.tabcheck.run(words + ["--help"])
        #expect(help.status == 0 && !help.stdout.isEmpty && help.stderr.isEmpty, "\(name) --help: \(help)")

        let bad = try Tool.tabcheck.run(words + ["--no-such-flag"])
        #expect(bad.status == 2 && bad.stderrLines.count == 1 && bad.stdout.isEmpty && bad.stderr.contains("--no-such-flag"),
                "\(name) --no-such-flag: \(bad)")

        let full = try Tool.tabcheck.run(words + ["--help"], stdoutToFullDisk: true)
        #expect(full.status == 2 && full.stderrLines.count == 1 && full.stderr.contains("could not write standard output"),
                "\(name) --help > /dev/full: \(full)")

        // Descriptors closed by the shell that started it: stdout lost is exit 2 with a line;
        // stdin and stderr closed change nothing.
        let sh = Tool(path: "/bin/sh")
        let exe = Tool.binaries.appendingPathComponent("tabcheck").path
        let closedOut = try sh.run(["-c", "exec \"$0\" \"$@\" >&-", exe] + words + ["--help"])
        #expect(closedOut.status == 2 && closedOut.stderrLines.count == 1 && closedOut.stderr.contains("closed"),
                "\(name) --help >&-: \(closedOut)")
        let closedInErr = try sh.run(["-c", "exec \"$0\" \"$@\" <&- 2>&-", exe] + words + ["--help"])
        #expect(closedInErr.status == 0 && !closedInErr.stdout.isEmpty, "\(name) --help <&- 2>&-: \(closedInErr)")
    }

    /// A campaign started with stdout closed says so and does not exit 0 (its worker and its
    /// database files never take descriptor 1).
    @Test func aCampaignWithStdoutClosedSaysSo() throws {
        let dir = Tool.scratch("closed-stdout")
        defer { try? FileManager.default.removeItem(at: dir) }
        let exe = Tool.binaries.appendingPathComponent("tabcheck").path
        let r = try Tool(path: "/bin/sh").run(["-c", "exec \"$0\" \"$@\" >&-", exe, "--sequences", "20", "--db", "db", "--json"], cwd: dir)
        #expect(r.status == 2 && r.stderr.contains("could not write standard output: it was closed"), "\(r)")
    }
}
