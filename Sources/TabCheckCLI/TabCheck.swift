@_exported import TabGridCore
import Checker
import Foundation
import Generators

/// The drivers `--compare` can name: the package's own, then the reference.
struct Drivers: Sendable {
    let all: [DriverFactory]
    /// Properties a package adds (`TabCheck.main(properties:)`), beside the built-in ones.
    var properties: [any GridStepProperty] = []
    /// The executable's name, as its messages and its reproduce lines print it.
    var program = "tabcheck"
    /// Where a printed regression test goes.
    var regressionTestFile = "one of your package's test files"
    /// What `--compare` is without the flag: the package's first driver against the reference.
    var defaultCompare: [String] { compareOverride ?? [all[0].name, "reference"] }
    /// What `--wire` or `--against` makes the default comparison (RemoteFlags.swift).
    var compareOverride: [String]?
    /// Those flags as given: every reproduce line repeats them.
    var remoteArguments: [String] = []
    /// The commit `--against` resolved to.
    var againstCommit: String?
    /// Every property `--property` may name.
    var knownProperties: [Property] { Property.allCases + properties.map(\.name) }
    func named(_ name: String) -> DriverFactory? { all.first { $0.name == name } }
    var names: String { all.map(\.name).joined(separator: ", ") }
    /// How to run this executable again, as every reproduce line prints it: the executable that
    /// is running (a package's own, with its drivers — not `program`, which a repository's
    /// second executable shares) and the flags that add drivers (`--wire`, `--against`).
    var rerun: String {
        "swift run -c release " + (CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? program)
            + remoteArguments.map { " " + shellWord($0) }.joined()
    }
}

/// `code`, unless standard output (a file or a device) could not be written (a full disk):
/// then a success is not one — CI would read a verdict nobody saw (decisions.md, Command line and inputs) — and the
/// exit is 2 with one line saying why. A failure's 1 stands: it is saved and on stderr.
func outputWritten(_ code: Int32) -> Int32 {
    errno = 0
    // C's `stdout` is a mutable global Swift 6 will not read; its address comes from the loader.
    #if os(Linux)
    let everywhere = UnsafeMutableRawPointer(bitPattern: 0)    // RTLD_DEFAULT
    #else
    let everywhere = UnsafeMutableRawPointer(bitPattern: -2)   // RTLD_DEFAULT
    #endif
    let out = dlsym(everywhere, "stdout").flatMap { $0.assumingMemoryBound(to: UnsafeMutablePointer<FILE>?.self).pointee }
    var failed = out.map { fflush($0) != 0 || ferror($0) != 0 } ?? false
    if !failed, let lost = Console.stdoutLost { failed = true; errno = lost }
    // A pipe whose reader stopped reading (`tabcheck | head -1`) is the reader's choice: the
    // verdict stands (docs/reliability.md). A file or a device that refused the bytes is not.
    var st = stat()
    guard failed, code == 0, fstat(1, &st) == 0, st.st_mode & S_IFMT != S_IFIFO, st.st_mode & S_IFMT != S_IFSOCK else { return code }
    let why = errno == EBADF ? "it was closed (started with >&-?)"
        : errno == 0 || errno == EIO ? "a write failed (is the disk full?)" : String(cString: strerror(errno))
    Console.error("\(Console.program): could not write standard output: \(why); the verdict (exit 0) was not written, so this exits 2\n")
    return 2
}

package func fail(_ message: String) -> Never {
    Console.error("\(Console.program): \(message.replacing("\n", with: " "))\n")
    exit(2)
}


let minimalUsage = """
usage: tabcheck minimal [--max-length 1…5] [--property NAME] [--from FILE] [--jobs N] [--time-limit SEC]

The shortest failing sequence, by exhaustive search: every sequence of length 1, 2, … up to
--max-length (default 3) over an alphabet of actions, breadth first, so the first failure
found is a shortest one over that alphabet, and "none of length < N" is proven for that
alphabet only: a shorter failure using an action outside it is not ruled out, so the output
says "shortest over the alphabet", never "minimal". Prefixes that leave both models in
exactly the state a shorter one did are extended once.

Without --from the alphabet is fixed: each kind the drivers declare, with its simplest
arguments — \(ExhaustiveSearch.alphabet.count) actions, and up to \(ExhaustiveSearch.newerActions(Capability.allFeatures).count) more for drivers that declare a diffable source,
interactive movement, background tabs or the app's lifecycle (the first line says how many).
With --from FILE (a replay file, e.g. a shrunk failure from .tabcheck/failures/) it is drawn
from that failure: its own actions and arguments, every displayed index 0…max-length−1 and
id t1…t(max-length−1) for every kind that takes one, all moves between those indices, the
boundary values of the swipe thresholds, and a restore of every state the failure passes
through (as it is, with ids renamed t1…tn, and with one tab left out; at most 48), which is
what one restore in place of a prefix can reach; --property defaults to the file's property,
and then only a failure of the file's property and rule counts (another failure on the way,
a trap where the file records a differential difference, is a different bug); with
--property, any failure of it does.
--jobs N runs the sequences of a length on N threads (default: the cores); the result does
not depend on N. A file whose failure kills its process (crash: trap or hang) is searched in
forked children, N at a time, each running its share of a length: the sequence a child
dies of is the failure, and the search goes on after one that dies of something else.

Exit 1 and the sequence when one fails (with how much was proven), exit 0 when none of
length ≤ max-length does. scripts/mutation-score.sh uses it. --time-limit SEC stops
the search there (exit 3, saying which lengths were searched in full); a progress line goes
to stderr every 5 s.

examples:
  tabcheck minimal
  tabcheck minimal --max-length 4 --property mapping
  tabcheck minimal --from .tabcheck/failures/activeTab-A3-1f2e.json --max-length 5
"""

let listUsage = """
usage: tabcheck list

Lists the properties (with the SPEC rules each checks) and the drivers --compare accepts.
"""

/// The command line for your own view-model, in an executable of your package:
///
/// ```swift
/// import TabCheckCLI
/// TabCheck.main(drivers: [GridDriverFactory(MyDriver.self)], properties: [MyProperty()])
/// ```
///
/// `--compare` names any of `drivers` and `reference` (the default: your first driver
/// against the reference); `--policy` sets the choices your model makes. Help, messages and
/// reproduce lines use your executable's name. Exits 0 when every property held, 1 on a
/// property failure, 2 on bad input, 130 when interrupted before any failure was found.
public enum TabCheck {
    /// `properties`: checks of your own (`GridStepProperty`), judged with the built-in ones,
    /// selected by `--property NAME`, shown by `list`.
    public static func main(drivers: [GridDriverFactory], properties: [any GridStepProperty] = []) -> Never {
        run(Array(CommandLine.arguments.dropFirst()), drivers: drivers, properties: properties)
    }

    /// A subcommand of this repository's own executable (`layout`, `durability`, `corpus`).
    package struct Command: Sendable {
        package let name: String
        /// Its lines in `--help`'s USAGE.
        package let synopsis: String
        package let run: @Sendable ([String]) throws(InputError) -> Int32
        package init(name: String, synopsis: String, run: @escaping @Sendable ([String]) throws(InputError) -> Int32) {
            self.name = name; self.synopsis = synopsis; self.run = run
        }
    }

    /// The executable's name: the last part of how it was started.
    static var programName: String {
        CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? Substring($0)) } ?? "tabcheck"
    }

    package static func run(_ arguments: [String], drivers extra: [DriverFactory], properties custom: [any GridStepProperty] = [],
                            commands: [Command] = [], program: String = programName,
                            regressionTestFile: String = "one of your package's test files") -> Never {
        Interrupt.install()
        Console.install()
        WireConnection.stopRequested = { Interrupt.requested }
        Sandbox.cannotStart = { fail($0) }   // the environment's fault: exit 2, never a trap
        atexit { WireConnection.endAll() }   // a program that hangs does not outlive the run
        Console.program = program
        do throws(InputError) {
            guard !extra.isEmpty else { throw InputError("TabCheck.main was given no drivers: pass your model's GridDriverFactory") }
            var seen: [String] = []
            for d in extra + [.reference] {
                guard !seen.contains(d.name) else { throw InputError("two drivers are registered as \"\(d.name)\"; give each its own name (\"reference\" is the oracle's)") }
                seen.append(d.name)
            }
            for p in custom where Property.allCases.contains(p.name) || custom.filter({ $0.name == p.name }).count > 1 {
                throw InputError("two properties are named \"\(p.name)\"; give each its own name")
            }
            let drivers = Drivers(all: extra + [.reference], properties: custom, program: program, regressionTestFile: regressionTestFile)
            exit(outputWritten(try command(arguments, drivers, commands)))
        } catch {
            fail(error.message)
        }
    }
}

/// The one front door's table (#54): every subcommand, this module's then the executable's
/// own. Dispatch reads only this table and `--help` lists every entry's synopsis, so a command
/// cannot be reached without being listed; all of them run inside `TabCheck.run` (signals,
/// descriptors, the strict reader's errors as exit 2, `outputWritten`).
func subcommands(_ drivers: Drivers, _ own: [TabCheck.Command]) -> [TabCheck.Command] {
    return [
        .init(name: "list", synopsis: "  PROGRAM list                      list properties, drivers, policy presets and knobs") { rest throws(InputError) in
            try listCommand(rest, drivers)
        },
        .init(name: "policy", synopsis: """
              PROGRAM policy [--compare A,reference] [--sequences N]
                                                 infer the policy a driver follows (docs/policies.md)
            """) { rest throws(InputError) in try PolicyCommand.run(rest, drivers) },
        .init(name: "minimal", synopsis: """
              PROGRAM minimal [--max-length N] [--property P] [--from FILE] [--jobs N]
                                                 shortest failing sequence over an alphabet, by exhaustive
                                                 search; --from FILE draws it from a shrunk failure
            """) { rest throws(InputError) in try MinimalCommand.run(rest, drivers) },
        .init(name: "merge", synopsis: """
              PROGRAM merge [--json] [--html FILE] SHARD.json...
                                                 add up the --json summaries of a CI matrix's shards
                                                 (--shard K/N) into one campaign: figures, failures, coverage
            """) { rest throws(InputError) in try MergeCommand.run(rest, drivers) },
        .init(name: "db", synopsis: """
              PROGRAM db push|pull [--remote R] [--ref REF]
                                                 share the failure database through a git ref: every
                                                 failure found by any job is replayed first everywhere
            """) { rest throws(InputError) in try DatabaseCommand.run(rest, drivers) },
        .init(name: "serve", synopsis: """
              PROGRAM serve [--driver NAME]      one of this executable's drivers behind the wire protocol, on
                                                 stdin and stdout (docs/wire-protocol.md): what --against runs
            """) { rest throws(InputError) in try ServeCommand.run(rest, drivers) },
    ] + own
}

func command(_ arguments: [String], _ drivers: Drivers, _ commands: [TabCheck.Command]) throws(InputError) -> Int32 {
    // A campaign's command line is checked whole before --against builds REV (minutes): with
    // stand-ins for the drivers it adds (#54's fifth audit: a bad value was refused after the build).
    if arguments.contains("--against"), !arguments.contains("--help"), !arguments.contains("-h") {
        let (rest, standIns) = try RemoteFlags.attach(arguments, drivers, dry: true) { _ in }
        if !subcommands(standIns, commands).contains(where: { $0.name == rest.first }) {
            let options = try Options.parse(rest, drivers: standIns)
            if let path = options.replay { _ = try ReplayFile.load(path: path) }
        }
    }
    // --wire and --against first, wherever they stand: `policy` and `minimal` check such a driver too.
    let (arguments, drivers) = try RemoteFlags.attach(arguments, drivers) { Console.error("\(Console.program): \($0)\n") }
    ReplayFile.recordedRemote = drivers.remoteArguments.isEmpty ? nil : drivers.remoteArguments
    let table = subcommands(drivers, commands)
    if let c = table.first(where: { $0.name == arguments.first }) { return try c.run(Array(arguments.dropFirst())) }
    let options = try Options.parse(arguments, drivers: drivers)
    if options.help {
        guard arguments.count == 1 else { throw InputError("--help takes no other arguments") }
        print(helpText(drivers, table))
        return 0
    }
    return try Supervisor.run(CheckCommand(options: options, drivers: drivers))
}

/// `list`: the properties, drivers, presets and knobs.
func listCommand(_ rest: [String], _ drivers: Drivers) throws(InputError) -> Int32 {
    if try Arguments.help(rest, command: "list ", usage: listUsage) { return 0 }
    guard rest.isEmpty else { throw InputError("list takes no arguments, got \"\(rest[0])\"") }
    print("properties:")
    for p in Property.allCases { print("  \(p.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0))\(p.rules)") }
    for p in drivers.properties { print("  \(p.name.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0))\(p.rules.joined(separator: " ")) (this package's own)") }
    print("drivers:")
    let width = max(16, (drivers.all.map(\.name.count).max() ?? 0) + 2)
    for d in drivers.all { print("  \(d.name.padding(toLength: width, withPad: " ", startingAt: 0))\(d.summary)") }
    print("policy presets (--policy NAME; docs/policies.md):")
    let presetWidth = PolicyFile.presets.map(\.name.count).max().map { $0 + 2 } ?? 16
    for p in PolicyFile.presets { print("  \(p.name.padding(toLength: presetWidth, withPad: " ", startingAt: 0))\(p.summary)") }
    print("policy knobs (--policy FILE.json, one object of these):")
    let knobWidth = PolicyFile.knobs.map(\.name.count).max().map { $0 + 2 } ?? 18
    for k in PolicyFile.knobs { print("  \(k.name.padding(toLength: knobWidth, withPad: " ", startingAt: 0))\(k.values) (replaces \(k.rule))") }
    return 0
}
