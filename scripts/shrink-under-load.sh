#!/usr/bin/env bash
# Shows that a shrink's result does not depend on the machine's load (#35.2): for each mutant,
# the same failures (a fixed --sequences, so the failing sequence does not depend on speed) are
# shrunk once on an idle machine and once beside CPU hogs (two busy loops per core), and the
# shrunk sequences must be identical, seed by seed. Exits 1 on any difference, and says which.
#
#   scripts/shrink-under-load.sh [--seeds N] [--sequences N] [MUTANT...]
#
# Default mutants: the ones with the longest shrinks in docs/mutation-score.md (28: 22 steps,
# ~2,000 candidates; 31: a crash-safety failure; 37: a trap on a large grid, every candidate a
# forked child; 43: a large grid).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seeds=3; sequences=20000
. "$root/scripts/lib/args.sh"
args_opt --seeds seeds int 1 10000
args_opt --sequences sequences int 1 100000000
args_rest only word
args_parse "$@"
only=(${ARGS_REST[@]+"${ARGS_REST[@]}"})
for name in ${only[@]+"${only[@]}"}; do [ -f "$root/scripts/mutants/$name.patch" ] || args_fail "no mutant $name in scripts/mutants"; done
[ ${#only[@]} -gt 0 ] || only=(28-u1-twenty-one-entries 31-p4-no-file-sync 37-f10-chunk-split-counts-hidden 43-a3-position-within-chunk)
scratch="$(mktemp -d "${TMPDIR:-/tmp}/tabgrid-load.XXXXXX")"
hogs=()
cleanup() { for p in ${hogs[@]+"${hogs[@]}"}; do kill "$p" 2>/dev/null || true; done; rm -rf "$scratch"; }
trap cleanup EXIT
(cd "$root" && tar cf - Package.swift Sources Tests) | (cd "$scratch" && tar xf -)
cp -R "$scratch/Sources" "$scratch/.pristine"
build="$root/.build-mutants"
shrunk() {  # the shrunk sequence of a --json summary, or its result when nothing failed
  python3 -c 'import json,sys; o=json.load(open(sys.argv[1])); f=o.get("failure"); print(json.dumps(f["shrunk"]) if f else o["result"])' "$1"
}
differ=0
for name in "${only[@]}"; do
  patch="$root/scripts/mutants/$name.patch"
  [ -f "$patch" ] || { echo "shrink-under-load: no mutant $name in scripts/mutants/" >&2; exit 2; }
  rm -rf "$scratch/Sources"; cp -R "$scratch/.pristine" "$scratch/Sources"
  (cd "$scratch" && patch -s -p1 < "$patch")
  (cd "$scratch" && swift build -c release --product tabcheck --scratch-path "$build" >/dev/null 2>&1)
  bin="$build/release/tabcheck"
  for s in $(seq 1 "$seeds"); do
    "$bin" --seed "$s" --sequences "$sequences" --no-db --json --quiet > "$scratch/idle.json" 2>/dev/null || true
    for _ in $(seq 1 $(( 2 * $(nproc) ))); do (while :; do :; done) & hogs+=($!); done
    "$bin" --seed "$s" --sequences "$sequences" --no-db --json --quiet > "$scratch/loaded.json" 2>/dev/null || true
    for p in "${hogs[@]}"; do kill "$p" 2>/dev/null || true; done; hogs=()
    idle="$(shrunk "$scratch/idle.json")"; loaded="$(shrunk "$scratch/loaded.json")"
    stop="$(python3 -c 'import json,sys; f=json.load(open(sys.argv[1])).get("failure") or {}; print(f.get("shrinkStoppedBy") or "-", f.get("shrunkSteps", "-"), f.get("shrinkCandidates", "-"))' "$scratch/loaded.json")"
    if [ "$idle" = "$loaded" ]; then
      echo "$name seed $s: the same shrunk sequence idle and loaded (loaded: stopped by, steps, candidates: $stop)"
    else
      echo "$name seed $s: DIFFERENT under load (stopped by, steps, candidates: $stop)"; echo "  idle:   $idle"; echo "  loaded: $loaded"; differ=1
    fi
  done
done
exit $differ
