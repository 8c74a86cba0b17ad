#!/usr/bin/env bash
# tabcheck's own command line checked by properties (#36), for long runs: generated command
# lines, files and environments run as processes and held to the invariants of
# Tests/CLITests/CommandLinePropertyTests.swift; a case that breaks one is shrunk to a minimal
# command line and printed with its seed. `swift test` runs 40 cases; this runs as many as asked.
#
#   scripts/cli-properties.sh [CASES] [FIRST-SEED]     (default 2000 cases from seed 1)
#
# Every case's command line and outcome go to cli-properties.log (one case per entry); a run in
# which every case held writes docs/bad-inputs.md (what each class of input got).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cases="${1:-2000}"; first="${2:-1}"
case "$cases$first" in *[!0-9]*) echo "cli-properties: CASES and FIRST-SEED are whole numbers, got '$cases' '$first'" >&2; exit 2 ;; esac
cd "$root"
swift build --build-tests >&2
: > cli-properties.log
TABCHECK_CLI_CASES="$cases" TABCHECK_CLI_SEED="$first" TABCHECK_CLI_LOG="$root/cli-properties.log" \
  TABCHECK_CLI_REPORT="$root/docs/bad-inputs.md" \
  swift test --skip-build --filter CommandLinePropertyTests
