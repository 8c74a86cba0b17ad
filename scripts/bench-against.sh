#!/usr/bin/env bash
# Throughput of the default campaign against older revisions, interleaved (#40's "a benchmark
# that guards the whole history, not the last step"). Builds tabcheck in release for the
# working tree and for each REV (in git worktrees under .build-against/), then runs
#   tabcheck --jobs 1 --sequences N --no-db --seed 1
# ROUNDS times each, interleaved, and prints each median steps/s and its ratio to the working
# tree's. The step counts must match (the same sequences) or the comparison says so.
#
#   scripts/bench-against.sh [--rounds R] [--sequences N] REV...      (default 3 rounds, 20000 sequences)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
rounds=3; sequences=20000; revs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="$2"; shift 2 ;;
    --sequences) sequences="$2"; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    -*) echo "bench-against: unknown flag $1" >&2; exit 2 ;;
    *) revs+=("$1"); shift ;;
  esac
done
[ ${#revs[@]} -gt 0 ] || { echo "bench-against: name at least one revision (e.g. e9708ff)" >&2; exit 2; }
case "$rounds$sequences" in *[!0-9]*) echo "bench-against: --rounds and --sequences take whole numbers" >&2; exit 2 ;; esac
cd "$root"
swift build -c release --product tabcheck >&2
bins=("$root/.build/release/tabcheck"); names=("working tree")
for rev in "${revs[@]}"; do
  sha="$(git rev-parse --short "$rev^{commit}")" || { echo "bench-against: $rev is not a revision here" >&2; exit 2; }
  dir="$root/.build-against/$sha"
  [ -d "$dir" ] || git worktree add -f --detach "$dir" "$sha" >&2
  (cd "$dir" && swift build -c release --product tabcheck >&2)
  bins+=("$dir/.build/release/tabcheck"); names+=("$sha")
done
results="$(mktemp)"; trap 'rm -f "$results"' EXIT
for r in $(seq 1 "$rounds"); do
  for i in "${!bins[@]}"; do
    "${bins[$i]}" --jobs 1 --sequences "$sequences" --no-db --seed 1 --json 2>/dev/null \
      | python3 -c "import json,sys; d=json.load(sys.stdin); print($i, d['steps'], d['stepsPerSecond'])" >> "$results"
  done
done
python3 - "$results" "${names[@]}" <<'PY'
import sys, statistics
rows = [l.split() for l in open(sys.argv[1])]
names = sys.argv[2:]
med = {}
for i, name in enumerate(names):
    mine = [(int(s), float(v)) for k, s, v in rows if int(k) == i]
    steps = {s for s, _ in mine}
    med[i] = statistics.median(v for _, v in mine)
    spread = f"min {min(v for _, v in mine):.0f}, max {max(v for _, v in mine):.0f}"
    print(f"{name:14} {med[i]:>10.0f} steps/s  ({spread}; {'/'.join(map(str, sorted(steps)))} steps)")
for i, name in enumerate(names[1:], 1):
    print(f"working tree ÷ {name}: {med[0] / med[i]:.3f}×")
PY
