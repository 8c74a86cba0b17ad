#!/usr/bin/env bash
# Time to kill mutants with libFuzzer (coverage-guided, through the choice stream) vs the
# random campaign, on the same machine: median of RUNS runs each (default 3).
#
#   scripts/fuzz-vs-campaign.sh [RUNS] [MUTANT...]
#
# libFuzzer runs (capped at FUZZ_SECONDS, default 60) start from an empty corpus with -seed=1..RUNS and no sanitizer (the
# campaign has none either); the time is the wall time to the crash. The campaign time is
# tabcheck's own time to first failure with --seed 1..RUNS. SEEDED=1 starts libFuzzer
# from 200 generated runs written as bytes (`tabcheck corpus`) instead of an empty corpus.
# TARGET=session fuzzes the session target (raw bytes restored as a session; SEEDED=1 starts it
# from three valid session files); a mutant under scripts/mutants/fuzz-only/ is named with that
# folder: `TARGET=session scripts/fuzz-vs-campaign.sh 3 fuzz-only/46-p3-fast-path-repairs-utf8`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs=3
. "$root/scripts/lib/args.sh"
args_pos runs int 1 1000
args_rest mutants word
args_parse "$@"
mutants=(${ARGS_REST[@]+"${ARGS_REST[@]}"})
for name in ${mutants[@]+"${mutants[@]}"}; do [ -f "$root/scripts/mutants/$name.patch" ] || args_fail "no mutant $name in scripts/mutants"; done
[ ${#mutants[@]} -eq 0 ] && mutants=(02-f3-closes-tabs-index 06-g4-rightward-deletes 13-f8-stale-filter-cache 23-u2-reopen-at-end 28-u1-twenty-one-entries)
scratch="$(mktemp -d "${TMPDIR:-/tmp}/tabgrid-fuzz-mutants.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
(cd "$root" && tar cf - Package.swift Sources Tests) | (cd "$scratch" && tar xf -)
cp -R "$scratch/Sources" "$scratch/.pristine"
median() { sort -g | awk '{a[NR]=$1} END {print (NR ? a[int((NR+1)/2)] : "n/a")}'; }
echo "| mutant | libFuzzer: median s to crash (runs) | campaign: median s to failure (runs) | libFuzzer crash replayed by tabcheck --bytes |"
echo "|---|---|---|---|"
for name in "${mutants[@]}"; do
  rm -rf "$scratch/Sources"; cp -R "$scratch/.pristine" "$scratch/Sources"
  (cd "$scratch" && patch -s -p1 < "$root/scripts/mutants/$name.patch")
  (cd "$scratch" && TABGRID_FUZZ=1 swift build -c release --product TabGridFuzz --scratch-path "$root/.build-fuzzmut" \
     -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING >/dev/null 2>&1)
  (cd "$scratch" && swift build -c release --product tabcheck --scratch-path "$root/.build-mutants" >/dev/null 2>&1)
  fz="$root/.build-fuzzmut/release/TabGridFuzz"; tc="$root/.build-mutants/release/tabcheck"
  ftimes=(); ctimes=(); replay="no crash"
  for s in $(seq 1 "$runs"); do
    work="$(mktemp -d)"
    t0=$(date +%s.%N)
    mkdir -p "$work/corpus"
    if [ "${SEEDED:-0}" = 1 ] && [ "${TARGET:-sequence}" = session ]; then
      printf '%s' '{"activeTabID":"t1","tabs":[{"id":"t1","title":"New Tab"}],"version":1}' > "$work/corpus/one"
      printf '%s' '{"tabs":[{"id":"a","title":"Apple"},{"id":"b","title":"b\u001f"}],"version":1}' > "$work/corpus/two"
      printf '%s' '{"tabs":[],"version":1}' > "$work/corpus/empty"
    elif [ "${SEEDED:-0}" = 1 ]; then
      "$tc" corpus "$work/corpus" 200 >/dev/null
    fi
    (cd "$work" && SWIFT_BACKTRACE=enable=no TABGRID_FUZZ_TARGET="${TARGET:-sequence}" timeout 400 "$fz" corpus -seed="$s" -max_total_time="${FUZZ_SECONDS:-60}" -artifact_prefix="$work/" >/dev/null 2>&1) || true
    t1=$(date +%s.%N)
    crash="$(ls "$work"/crash-* 2>/dev/null | head -1 || true)"
    if [ -n "$crash" ]; then
      ftimes+=("$(echo "$t1 - $t0" | bc)")
      if [ "${TARGET:-sequence}" = session ]; then
        replay="session target: $(head -c 120 "$crash" | tr -c '[:print:]' '?')"
      elif [ "$replay" = "no crash" ]; then
        out="$("$tc" --bytes "$crash" --no-db 2>&1 || true)"
        replay="$(printf '%s\n' "$out" | sed -n 's/^shrunk \([0-9]* → [0-9]*\) steps.*/shrunk \1 steps/p' | head -1)"
        rule="$(printf '%s\n' "$out" | sed -n 's/^FAIL (bytes [^)]*): \(.*\) at step.*/\1/p' | head -1)"
        replay="$rule, $replay"
      fi
    fi
    json="$("$tc" --seed "$s" --time-limit 60 --no-db --json --quiet 2>/dev/null || true)"
    ctimes+=("$(printf '%s' "$json" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d.get("secondsToFailure") or "n/a")')")
    rm -rf "$work"
  done
  f="$(printf '%s\n' "${ftimes[@]:-}" | { grep -v '^$' || true; } | median)"
  c="$(printf '%s\n' "${ctimes[@]}" | { grep -v n/a || true; } | median)"
  echo "| $name | $f (${#ftimes[@]}/$runs crashed) | $c | $replay |"
done
