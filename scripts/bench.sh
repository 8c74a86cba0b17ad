#!/usr/bin/env bash
# Benchmarks (issues 2 and 9): builds tabcheck and tabcheck-bench in release and writes docs/benchmarks.md
# with the machine, the commands and the figures. Nothing here is a test: no thresholds
# are asserted. Takes about 20 minutes (4 of them under valgrind, 3 building the planted copy
# of scripts/large-grid-shrink.sh, 9 beside e9708ff: section 12).
#
#   scripts/bench.sh [--out FILE]     (the report goes to stdout; --out docs/benchmarks.md rewrites that)
#   scripts/bench.sh --against REV... [--rounds R] [--sequences N] [--instructions]
#       the working tree against older revisions, side by side, interleaved: the default
#       campaign with one job and the scaling benchmark at 10, 100 and 1,000 tabs, medians and
#       spread; --instructions adds the exact instructions per checked step under callgrind
#       (scripts/bench-against.sh; docs/benchmarks.md records it against e9708ff)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ "${1:-}" = "--against" ]; then shift; exec "$root/scripts/bench-against.sh" "$@"; fi
# No tracked file is rewritten unless a flag names it (#54): stdout by default.
out=/dev/stdout
. "$root/scripts/lib/args.sh"
args_opt --out out out
args_parse "$@"
report="$(mktemp "${TMPDIR:-/tmp}/tabgrid-bench.XXXXXX")"
trap 'rm -f "$report"' EXIT
cd "$root"
swift build -c release --product tabcheck >&2
swift build -c release --product tabcheck-bench >&2
# Relative to the repository, so the commands written down run on any clone.
bin=".build/release/tabcheck"
bench=".build/release/tabcheck-bench"
run() { echo '```'; echo "\$ $*"; "$@" 2>&1; echo '```'; echo; }
peak() {  # peak resident memory (MB) of a command, via /usr/bin/time -v when present
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -v "$@" 2>&1 >/dev/null | sed -n 's/.*Maximum resident set size (kbytes): \([0-9]*\).*/\1/p' | awk '{printf "%.1f MB", $1/1024}'
  else
    echo "n/a (/usr/bin/time not installed: apt-get install time)"
  fi
}
{
  echo "# Benchmarks"
  echo
  echo "Written by \`scripts/bench.sh\` on $(date -u +%Y-%m-%d). Machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB,"
  echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(swift --version 2>/dev/null | head -1)."
  echo "Release build (\`swift build -c release\`); every figure below is printed by the command above it."
  echo "Load when the run began (\`uptime\`): $(uptime | sed 's/.*load average: //') (1, 5, 15 minutes); at its end: see the last line."
  echo "Hot spots, targets met and missed: \`docs/benchmarks-analysis.md\`."
  echo
  echo "## 1. TabModel events (issue 2): 100 and 10,000 tabs"
  echo
  run "$bench" model 100
  run "$bench" model 10000
  echo "## 2. Raw model throughput, checked throughput and checker overhead (issue 9, items 1–2)"
  echo
  run "$bench" throughput 2000
  echo "## 3. Scaling with open tabs and with sequence length (item 3)"
  echo
  run "$bench" scaling
  run "$bench" length
  echo "## 4. Bug finding"
  echo
  echo "Time to first failure and shrink time for every catalogue mutant: see \`docs/mutation-score.md\`"
  echo "(\`scripts/mutation-score.sh\`, median over 5 seeds)."
  echo
  echo "## 5. The items-per-row sweep (item 5)"
  echo
  run "$bench" sweep
  echo "## 6. Generation (issue 4)"
  echo
  run "$bench" generate
  echo "## 7. Session JSON (P1–P3): hand-written encoder and canonical reader vs Foundation"
  echo
  run "$bench" session
  echo "## 8. libFuzzer (issue 8)"
  echo
  echo "Executions per second as libFuzzer's final stats reported them on 2026-11-22, before the speed-ups of issue 9 (bench.sh does not"
  echo "rerun the fuzzer; the commands were \`scripts/fuzz.sh sequence 30\`, \`TABGRID_FUZZ_NO_ASAN=1 scripts/fuzz.sh sequence 20\`"
  echo "and \`scripts/fuzz.sh session 20\`, each from an empty corpus):"
  echo
  echo "- sequence target, ASan: 272 exec/s (a whole sequence of up to 200 steps each), peak RSS 459 MB"
  echo "- sequence target, no sanitizer: 403 exec/s, peak RSS 48 MB"
  echo "- session target, ASan: 7,634 exec/s"
  echo
  echo "Time to kill mutants with libFuzzer vs the campaign: \`docs/fuzz-vs-campaign.md\`."
  echo
  echo "## 9. Memory (item 6): peak resident set size"
  echo
  echo "| campaign | command | peak RSS |"
  echo "|---|---|---|"
  echo "| default-sized (2,000 sequences) | \`tabcheck --sequences 2000 --no-db --quiet --jobs 1\` | $(peak "$bin" --sequences 2000 --no-db --quiet --jobs 1) |"
  echo "| ten times longer (20,000 sequences) | \`tabcheck --sequences 20000 --no-db --quiet --jobs 1\` | $(peak "$bin" --sequences 20000 --no-db --quiet --jobs 1) |"
  echo "| the same on every core | \`tabcheck --sequences 20000 --no-db --quiet --jobs $(nproc)\` | $(peak "$bin" --sequences 20000 --no-db --quiet --jobs "$(nproc)") |"
  echo
  echo "## 10. Instruction counts (callgrind): stable where wall clock is not"
  echo
  if command -v valgrind >/dev/null 2>&1; then
    echo "Wall-clock figures on a shared machine move by tens of percent between runs; instruction"
    echo "counts do not. Each row: \`valgrind --tool=callgrind\` on the command, total instructions"
    echo "(including start-up) over the steps it ran."
    echo
    echo "| command | steps | instructions | per step |"
    echo "|---|---|---|---|"
    for args in "--sequences 300" "--sequences 100 --max-steps 50 --no-large-grids" "--sequences 100 --max-steps 200 --no-large-grids" \
                "--sequences 100 --max-steps 800 --no-large-grids" "bench balanced 50" "bench balanced 800"; do
      case "$args" in bench*) cmd=("$bench" ${args#bench }) ;; *) cmd=("$bin" $args --no-db --quiet) ;; esac
      text="$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "${cmd[@]}" 2>&1)"
      ir="$(printf '%s\n' "$text" | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')"
      steps="$(printf '%s\n' "$text" | sed -n 's/.* sequences, \([0-9]*\) steps.*/\1/p' | tail -1)"
      echo "| \`${cmd[*]}\` | $steps | $ir | $(( ir / steps )) |"
    done
  else
    echo "valgrind is not installed (apt-get install valgrind): no instruction counts."
  fi
  echo
  echo "## 11. Every core, and less work per checked step (issue #14)"
  echo
  echo "The default campaign with one job and with one per core, and the per-core checked rate"
  echo "against both models applied alone to the same sequences (no observation, no check):"
  echo
  run "$bench" jobs 4000
  echo "Shrinking a long failure (224 steps; 129 tabs needed) — \`scripts/large-grid-shrink.sh\`, which"
  echo "plants the chunk-split bug in a scratch copy and builds it:"
  echo
  echo '```'
  echo '$ scripts/large-grid-shrink.sh'
  "$root/scripts/large-grid-shrink.sh" 2>&1 || echo "(scripts/large-grid-shrink.sh stopped with exit $?)"
  echo '```'
  echo
  echo "The 42-step U1 failure (mutant 28) and every other catalogue mutant's shrink time: \`docs/mutation-score.md\`."
  echo
  echo "## 12. Against the oldest figures: e9708ff, side by side (#40)"
  echo
  echo "The default campaign and the scaling benchmark, this tree and e9708ff built beside it, interleaved:"
  echo
  run scripts/bench-against.sh --rounds 5 e9708ff
  echo "Load when the run ended (\`uptime\`): $(uptime | sed 's/.*load average: //')."
} > "$report"
if [ "$out" = /dev/stdout ]; then cat "$report"; else mv "$report" "$out"; cat "$out"; fi
