#!/usr/bin/env bash
# tabcheck's own command line checked by properties (#36), for long runs: generated command
# lines, files and environments run as processes and held to the invariants of
# Tests/CLITests/CommandLinePropertyTests.swift; a case that breaks one is shrunk to a minimal
# command line and printed with its seed. `swift test` runs 40 cases; this runs as many as asked.
#
#   scripts/cli-properties.sh [--report FILE] [CASES] [FIRST-SEED]     (default 2000 cases from seed 1)
#
# Every case's command line and outcome go to cli-properties.log (one case per entry); a run in
# which every case held writes what each class of input got to --report FILE (docs/bad-inputs.md
# is regenerated with --report docs/bad-inputs.md; without it, nothing tracked is written).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cases=2000; first=1; report=""
. "$root/scripts/lib/args.sh"
args_opt --report report out
args_pos cases int 1 10000000
args_pos first int 1 1000000000000
args_parse "$@"
[ -n "$report" ] && report="$(cd "$(dirname "$report")" && pwd)/$(basename "$report")"
cd "$root"
swift build --build-tests >&2
: > cli-properties.log
TABCHECK_CLI_CASES="$cases" TABCHECK_CLI_SEED="$first" TABCHECK_CLI_LOG="$root/cli-properties.log" \
  TABCHECK_CLI_REPORT="${report:-}" \
  swift test --skip-build --filter CommandLinePropertyTests
