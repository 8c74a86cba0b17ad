// `tabcheck --help`: the text, with the executable's name, default drivers and subcommands filled in.

import Checker
import Foundation

/// `--help`, in the executable's own name, with its default drivers and its own subcommands.
func helpText(_ drivers: Drivers, _ commands: [TabCheck.Command]) -> String {
    let text = helpTemplate.replacing("COMMANDS", with: commands.map { $0.synopsis + "\n" }.joined())
        .replacing("DEFAULTCOMPARE", with: drivers.defaultCompare.joined(separator: ","))
        .replacing("DEFAULTIMPL", with: drivers.all[0].name)
        .replacing("REGRESSIONFILE", with: drivers.regressionTestFile)
        .replacing("PRESETS", with: PolicyFile.presets.map(\.name).joined(separator: ", "))   // never a list by hand (#54)
    // USAGE's descriptions start in one column: a longer name than "tabcheck" moves them.
    let shift = drivers.program.count - "tabcheck".count
    var usage = false
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
        if line.hasPrefix("USAGE") { usage = true } else if line.first?.isLetter == true { usage = false }
        var l = String(line)
        if usage, shift > 0, l.hasPrefix(String(repeating: " ", count: 30)) { l = String(repeating: " ", count: shift) + l }
        if usage, shift < 0, l.hasPrefix(String(repeating: " ", count: 30 - shift)) { l.removeFirst(-shift) }
        return l.replacing("PROGRAM", with: drivers.program)
    }.joined(separator: "\n")
}

private let helpTemplate = """
PROGRAM — property-based and differential checker: DEFAULTIMPL against the reference model

USAGE
  PROGRAM [options]                 run a randomized campaign (default: about 10 s)
  PROGRAM --replay FILE             replay a saved failing sequence
  PROGRAM --bytes FILE              decode a raw byte file (a libFuzzer crash) through the
                                     choice stream, check it, and shrink a failure
COMMANDS  Each subcommand answers --help.

CAMPAIGN OPTIONS
  --seed S            master seed, decimal or 0x-hex (default: 0x7ab6121d, fixed so CI is repeatable)
                        PROGRAM --seed 0x2a
  --sequence-seed S   run the one sequence with this seed (every failure prints it)
                        PROGRAM --sequence-seed 0x9c2f0e61d2a4b7f3
  --sequences N       number of sequences (default: as many as fit in --time-limit)
                        PROGRAM --sequences 5000
  --max-steps N       longest sequence (default 200); one sequence seed in 128 first
                      opens 129–300 tabs, so large grids are checked too
  --no-large-grids    skip those openings (every sequence starts empty)
                        PROGRAM --no-large-grids --max-steps 50
  --start-tabs N[-M]  every sequence first opens N tabs (or N to M, drawn from its seed;
                      at most 10,000), then runs its steps: a campaign on the sizes your
                      users have (a step on 1,000 tabs costs ~10× one on 10)
                        PROGRAM --start-tabs 500 --time-limit 60
                        PROGRAM --start-tabs 100-1000
                        PROGRAM --max-steps 1000 --sequences 500
  --time-limit SEC    stop after SEC seconds (default 10 when --sequences is not given)
                        PROGRAM --time-limit 60
  --property NAMES    check only these properties, comma-separated (default: all)
                        PROGRAM --property mapping,swipeLock
  --shard K/N         run shard K of N: disjoint seed streams, for a CI matrix of N jobs
                        PROGRAM --shard 2/4 --time-limit 120
  --compare A,B       implementation and oracle drivers (default DEFAULTCOMPARE); with
                      --replay, the drivers to replay the file against instead of its own
                        PROGRAM --compare reference,DEFAULTIMPL
  --against REV       the working tree's model against itself at a git revision (a tag, a
                      branch, HEAD~1), every observed field; REV is built once per commit
                      in .build-against/ (docs/refactors.md)
                        PROGRAM --against main --time-limit 60
  --allow FIELDS      with --against: differences that are intended, as fields or rules
                        PROGRAM --against v0.3.0 --allow layout,G6
  --wire COMMAND      a driver in another program or language, speaking the wire protocol
                      on its stdin and stdout (docs/wire-protocol.md); --compare calls it
                      "wire" (default: wire,reference)
                        PROGRAM --wire "python3 Examples/PythonTabs/tabs.py" --policy Examples/PythonTabs/policy.json
  --policy P          the choices the model makes where tab models differ: a preset
                      (PRESETS)
                      or a JSON file of knobs; the reference and every property follow it
                      (PROGRAM list shows them; docs/policies.md)
                        PROGRAM --wire "python3 my_tabs.py" --policy duckduckgo-ios
                        PROGRAM --policy my-policy.json
  --jobs N            worker threads for sequences and shrink candidates, 1…256 (default:
                      the cores); for a fixed --sequences the verdict, the first failure, the
                      shrunk sequence and the steps do not depend on N
                        PROGRAM --jobs 1 --sequences 5000
  --shrink-budget N   candidates a shrink may run (default 10000): the shrunk sequence
                      depends on the failure alone, not on the machine's speed or load;
                      the original failure is printed before shrinking starts
                        PROGRAM --shrink-budget 50000
  --shrink-time SEC   the shrink's safety net (default 60): when it fires, the line says so,
                      since the result then depends on the machine
                        PROGRAM --shrink-time 300
  --shrink-stats      after a shrink, a table of its passes: candidates tried, accepted, time
                      (also in --json as failure.shrinkPasses)
                        PROGRAM --shrink-stats --sequence-seed 0x9c2f0e61d2a4b7f3

OUTPUT OPTIONS
  --json              print one JSON summary object on stdout (human output goes to stderr):
                      result, seed, sequences, steps, elapsed, stepsPerSecond, and on failure
                      property, rule, step, shrunkSteps, originalSteps, sequenceSeed, replayFile
                        PROGRAM --json > summary.json
  --junit FILE        write a JUnit XML report (one test case per property) for CI dashboards
                        PROGRAM --junit build/tabcheck.xml
  --html FILE         write one self-contained HTML page: the failure as a storyboard (a
                      frame per step of the shrunk sequence, the failing step for both
                      drivers side by side; arrow keys step through it) and the campaign's
                      figures (rule coverage, sequence lengths, tab counts, viewports)
                        PROGRAM --html build/tabcheck.html
  --frames DIR        write the storyboard's frames as SVG files frame-000.svg … into DIR
                        PROGRAM --replay FILE --frames build/frames
  --coverage          print the coverage table (action kinds; situations reached, with
                      the rules each serves; docs/situations.md)
                        PROGRAM --coverage --time-limit 30
  --db DIR            failure database (default .tabcheck/failures); replayed first on every run
                        PROGRAM --db ci-failures
  --no-db             neither read nor write the failure database
                        PROGRAM --no-db --sequences 100
  --quiet             no progress lines
                        PROGRAM --quiet --json
  --no-isolation      run in this process, not in a supervised child: a model that traps
                      then kills PROGRAM with no report (for a debugger)
                        lldb -- .build/debug/tabcheck --no-isolation --replay FILE

ON FAILURE
  The original failure (seed, step, rule) is printed at once; then it is shrunk, printed
  step by step with the rule broken and a diff, saved as a replay file in the failure
  database, and printed as a Swift regression test to paste into REGRESSIONFILE.

A MODEL THAT TRAPS
  The work runs in a child process. When a model (or a property) traps — an index out of
  range, a force unwrap, an overflow — the child dies; PROGRAM runs the sequences it was
  running again, each in a process of its own, and reports the one that traps as a failure
  of property crash, rule trap, with the runtime's message, the step and which driver: saved,
  shrunk (each candidate in its own process, keeping the same trap site), replayable. Its
  regression test is an exit test. A sequence that runs longer than 60 s alone is a hang.

EXIT CODES
  0 every property held · 1 a property failed (a trap included) · 2 bad flag, file or input (one line on
  stderr says what and why) · 130 interrupted (SIGINT/SIGTERM) before any failure was found.
  A flag given twice, or two flags that cannot be honoured together, is refused.

INTERRUPTS
  The original failure is printed and saved to the failure database before shrinking
  starts. Ctrl-C or SIGTERM during the shrink stops it and keeps the smallest failure so far
  (exit 1); a second signal kills at once.

PROPERTIES
\(Property.allCases.map { "  " + $0.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0) + $0.rules }.joined(separator: "\n"))

EXAMPLES
  swift run -c release PROGRAM                        # the default campaign
  swift run -c release PROGRAM --seed 7 --time-limit 60  # explore elsewhere, longer
  swift run -c release PROGRAM --replay .tabcheck/failures/mapping-F3-0x1f.json
"""
