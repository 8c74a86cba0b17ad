#!/usr/bin/env bash
# Throughput against older revisions, interleaved (#40's "a benchmark that guards the whole
# history, not the last step"; `scripts/bench.sh --against REV` runs this). Builds tabcheck and
# its scaling benchmark in release for the working tree and for each REV (in git worktrees
# under .build-against/), then, ROUNDS times, each binary in turn:
#   tabcheck --jobs 1 --sequences N --no-db --seed 1      (the default campaign, one job)
#   tabcheck-bench scaling                                 (10, 100 and 1,000 tabs open;
#                                                          `tabcheck bench scaling` before it moved)
# and prints each figure's median over the rounds with its spread, and its ratio to the
# working tree's. The step counts must match (the same sequences) or the comparison says so.
# --instructions adds, for each binary once, the instructions per checked step under callgrind
# (`tabcheck --jobs 1 --sequences 600 --no-db --seed 1`, children traced): exact, where the
# wall clock of a shared machine moves by ±15 % between runs (needs valgrind; skipped, saying
# so, without it).
#
#   scripts/bench-against.sh [--rounds R] [--sequences N] [--instructions] REV...   (default 5 rounds, 20000 sequences)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
rounds=5; sequences=20000; instructions=0
. "$root/scripts/lib/args.sh"
args_opt --rounds rounds int 1 1000
args_opt --sequences sequences int 1 100000000
args_flag --instructions instructions
args_rest revs rev
args_parse "$@"
revs=(${ARGS_REST[@]+"${ARGS_REST[@]}"})
[ ${#revs[@]} -gt 0 ] || args_fail "name at least one revision (e.g. e9708ff)"
case "$rounds$sequences" in *[!0-9]*) echo "bench-against: --rounds and --sequences take whole numbers" >&2; exit 2 ;; esac
cd "$root"
# The scaling benchmark: tabcheck-bench's, or tabcheck's own subcommand in revisions before it moved.
scaler() {  # scaler DIR: builds it, prints the command
  if grep -q '"tabcheck-bench"' "$1/Package.swift"; then
    (cd "$1" && swift build -c release --product tabcheck-bench >&2); echo "$1/.build/release/tabcheck-bench scaling"
  else
    echo "$1/.build/release/tabcheck bench scaling"
  fi
}
swift build -c release --product tabcheck >&2
bins=("$root/.build/release/tabcheck"); scales=("$(scaler "$root")"); names=("working tree")
for rev in "${revs[@]}"; do
  sha="$(git rev-parse --short "$rev^{commit}")" || { echo "bench-against: $rev is not a revision here" >&2; exit 2; }
  dir="$root/.build-against/$sha"
  [ -d "$dir" ] || git worktree add -f --detach "$dir" "$sha" >&2
  (cd "$dir" && swift build -c release --product tabcheck >&2)
  bins+=("$dir/.build/release/tabcheck"); scales+=("$(scaler "$dir")"); names+=("$sha")
done
results="$(mktemp)"; trap 'rm -f "$results"' EXIT
for r in $(seq 1 "$rounds"); do
  echo "bench-against: round $r of $rounds…" >&2
  for i in "${!bins[@]}"; do
    "${bins[$i]}" --jobs 1 --sequences "$sequences" --no-db --seed 1 --json 2>/dev/null \
      | python3 -c "import json,sys; d=json.load(sys.stdin); print($i, 'campaign', d['steps'], d['stepsPerSecond'])" >> "$results"
    # "     10 tabs:     64280 steps/s (min …, max …)": the median of its five repetitions.
    ${scales[$i]} | sed -n 's/^ *\([0-9]*\) tabs: *\([0-9.]*\) steps.*/'"$i"' tabs-\1 0 \2/p' >> "$results"
  done
done
if [ "$instructions" = 1 ]; then
  if ! command -v valgrind >/dev/null 2>&1; then
    echo "bench-against: --instructions needs valgrind (Debian: apt-get install valgrind); instructions not measured" >&2
  else
    for i in "${!bins[@]}"; do
      echo "bench-against: instructions of ${names[$i]} under callgrind…" >&2
      out="$(mktemp -d)"
      steps="$(valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$out/cg.%p" "${bins[$i]}" --jobs 1 --sequences 600 \
        --no-db --seed 1 --json 2>/dev/null | python3 -c "import json,sys; print(json.load(sys.stdin)['steps'])")"
      total="$(cat "$out"/cg.* | sed -n 's/^totals: *//p' | awk '{s += $1} END {printf "%.0f", s}')"
      rm -rf "$out"
      echo "$i instructions $steps $total" >> "$results"
    done
  fi
fi
python3 - "$results" "${names[@]}" <<'PY'
import sys, statistics
rows = [l.split() for l in open(sys.argv[1])]
names = sys.argv[2:]
counted_instructions = {int(k): (int(s), int(v)) for k, f, s, v in rows if f == "instructions"}
rows = [r for r in rows if r[1] != "instructions"]
figures = list(dict.fromkeys(f for _, f, _, _ in rows))
def label(f): return "default campaign, --jobs 1" if f == "campaign" else f"scaling, {f[5:]} tabs"
med = {}
for f in figures:
    print(label(f) + " (steps/s, median of the rounds; min–max)")
    for i, name in enumerate(names):
        mine = [(int(s), float(v)) for k, g, s, v in rows if int(k) == i and g == f]
        if not mine: print(f"  {name:14} not measured"); continue
        med[i, f] = statistics.median(v for _, v in mine)
        steps = {s for s, _ in mine}
        counted = f"; {'/'.join(map(str, sorted(steps)))} steps" if f == "campaign" else ""
        ratio = f"  {med[i, f] / med[0, f]:.3f}× the working tree" if i > 0 and (0, f) in med else ""
        print(f"  {name:14} {med[i, f]:>10.0f}  ({min(v for _, v in mine):.0f}–{max(v for _, v in mine):.0f}{counted}){ratio}")
for i, name in enumerate(names):
    if (i, "tabs-10") in med and (i, "tabs-1000") in med:
        print(f"{name}: 1,000 tabs ÷ 10 tabs = {med[i, 'tabs-1000'] / med[i, 'tabs-10']:.3f}; 100 ÷ 10 = {med.get((i, 'tabs-100'), 0) / med[i, 'tabs-10']:.3f}")
for i, name in enumerate(names[1:], 1):
    if (i, "campaign") in med: print(f"working tree ÷ {name}, default campaign: {med[0, 'campaign'] / med[i, 'campaign']:.3f}×")
if counted_instructions:
    print("instructions per checked step (callgrind, --jobs 1 --sequences 600 --no-db --seed 1, children traced)")
    for i, name in enumerate(names):
        if i not in counted_instructions: continue
        steps, total = counted_instructions[i]
        per = total / steps
        ratio = f"  {per / (counted_instructions[0][1] / counted_instructions[0][0]):.3f}× the working tree's" if i > 0 and 0 in counted_instructions else ""
        print(f"  {name:14} {per:>10,.0f}  ({total:,} / {steps:,} steps){ratio}")
PY
