#!/usr/bin/env bash
# Scores the checker against the mutant catalogue in scripts/mutants/.
#
#   scripts/mutation-score.sh [--seeds N] [--time-limit SEC] [--subset] [--out FILE] [MUTANT...]
#
# For each mutant: apply it to a scratch copy of the package, build tabcheck (release),
# run the campaign with fixed seeds 1..N and a budget, and record killed/survived, the
# median campaign time to the first failure, the original and shrunk lengths, the rule
# reported, and the true minimal length (exhaustive search, up to 3 actions). Prints a
# table, writes it to docs/mutation-score.md, and exits 1 if any mutant survives or does
# not build.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seeds=5; limit=10; subset=0; out="$root/docs/mutation-score.md"; only=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seeds) seeds="$2"; shift 2 ;;
    --time-limit) limit="$2"; shift 2 ;;
    --subset) subset=1; shift ;;
    --out) out="$2"; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    -*) echo "mutation-score: unknown flag $1" >&2; exit 2 ;;
    *) only+=("$1"); shift ;;
  esac
done
# The representative subset CI runs: one tutorial bug per rule family, fast to build.
subset_names="02-f3-closes-tabs-index 06-g4-rightward-deletes 18-p4-save-not-atomic"

# A private scratch copy (two runs on one host must not clobber each other), removed on exit.
scratch="$(mktemp -d "${TMPDIR:-/tmp}/tabgrid-mutants.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
build="$root/.build-mutants"
(cd "$root" && tar cf - Package.swift Sources Tests) | (cd "$scratch" && tar xf -)
cp -R "$scratch/Sources" "$scratch/.pristine"

results="$(mktemp)"
killed=0; total=0; broken=0
for patch in "$root"/scripts/mutants/*.patch; do
  name="$(basename "$patch" .patch)"
  if [ ${#only[@]} -gt 0 ] && [[ ! " ${only[*]} " =~ " $name " ]]; then continue; fi
  if [ $subset -eq 1 ] && [[ ! " $subset_names " =~ " $name " ]]; then continue; fi
  total=$((total+1))
  rule="$(sed -n 's/^# rule: //p' "$patch")"
  desc="$(sed -n 's/^# description: //p' "$patch")"
  rm -rf "$scratch/Sources"; cp -R "$scratch/.pristine" "$scratch/Sources"
  if ! (cd "$scratch" && patch -s -p1 < "$patch") >/dev/null 2>&1; then
    echo "$name|$rule|does not apply|||||$desc" >> "$results"; broken=$((broken+1)); echo "  $name: does not apply" >&2; continue
  fi
  if ! (cd "$scratch" && swift build -c release --product tabcheck --scratch-path "$build" >/dev/null 2>&1); then
    echo "$name|$rule|does not build|||||$desc" >> "$results"; broken=$((broken+1)); echo "  $name: does not build" >&2; continue
  fi
  bin="$build/release/tabcheck"
  runs=""
  for s in $(seq 1 "$seeds"); do
    json="$("$bin" --seed "$s" --time-limit "$limit" --no-db --json --quiet --shrink-time 5 2>/dev/null || true)"
    runs+="$json"$'\n'
  done
  line="$(printf '%s' "$runs" | python3 -c '
import json, sys, statistics
rows = [json.loads(l) for l in sys.stdin if l.strip()]
fails = [r for r in rows if r["result"] == "fail"]
if not fails:
    print("survived|||||"); sys.exit()
ttf = statistics.median([r.get("secondsToFailure") or 0 for r in fails])
f = fails[0]["failure"]
shr = statistics.median([r.get("shrinkSeconds") or 0 for r in fails])
orig, short, prop, rule = f["originalSteps"], f["shrunkSteps"], f["property"], f["rule"]
print("killed %d/%d|%.3f|%s|%s|%.3f|%s: %s" % (len(fails), len(rows), ttf, orig, short, shr, prop, rule))
')"
  # The exhaustive minimum for the property that caught it (same property as the shrinker keeps).
  property="$(printf '%s' "$line" | awk -F'|' '{print $6}' | cut -d: -f1)"
  minimal="$( { "$bin" minimal ${property:+--property "$property"} 2>/dev/null || true; } | sed -n 's/^minimal \([>0-9]*\).*/\1/p')"
  case "$line" in killed*) killed=$((killed+1)) ;; esac
  echo "$name|$rule|$line|$minimal|$desc" >> "$results"
  echo "  $name: $line (minimal $minimal)" >&2
done

{
  echo "# Mutation score"
  echo
  echo "Produced by \`scripts/mutation-score.sh --seeds $seeds --time-limit $limit$([ $subset -eq 1 ] && echo ' --subset')\` on $(date -u +%Y-%m-%d), $(nproc) cores, $(swift --version 2>/dev/null | head -1)."
  echo "Each mutant: release build of tabcheck with the patch applied, campaigns with seeds 1…$seeds (default properties, ${limit} s budget each)."
  echo "Time to first failure and shrink time are medians over the killing seeds; lengths are from seed 1's (or the first killing seed's) report;"
  echo "minimal is the exhaustive-search minimum for the same property over the 24-action alphabet (\`tabcheck minimal --property P\`, lengths ≤ 3; \">3\" means longer). It bounds the true minimum from above: a shrunk length below it means the shrinker found a sequence using values outside the alphabet (e.g. an uppercase query)."
  echo
  echo "**Killed: $killed / $total**$([ $broken -gt 0 ] && echo " ($broken did not apply or build)")"
  echo
  echo "| mutant | rule | result | time to failure (s) | original steps | shrunk steps | shrink (s) | reported | minimal | description |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
  while IFS='|' read -r name rule result ttf orig shrunk shr reported minimal desc; do
    echo "| $name | $rule | $result | $ttf | $orig | $shrunk | $shr | $reported | $minimal | $desc |"
  done < "$results"
} > "$out"
cat "$out"
rm -f "$results"
[ "$killed" -eq "$total" ] && [ "$broken" -eq 0 ]
