#!/usr/bin/env bash
# Scores the checker against the mutant catalogue in scripts/mutants/.
#
#   scripts/mutation-score.sh [--seeds N] [--time-limit SEC] [--subset] [--no-proof] [--out FILE]
#                             [--finals FILE] [MUTANT...]
#
# For each mutant: apply it to a scratch copy of the package, build tabcheck (release),
# run the campaign with fixed seeds 1..N (default 20) and a budget, and record
# killed/survived, the median time to the first failure, the shrunk length over the seeds
# (min/median/max) and how many distinct shrunk sequences they gave, the median shrink
# candidates, and the rule reported. Then the proven minimum: `tabcheck minimal --from` the
# shortest shrunk failure searches every sequence one step shorter (up to 5 steps) over an
# alphabet drawn from it; none failing proves that length minimal for that alphabet.
# --no-proof skips the search. --finals FILE (default docs/mutation-finals.md) lists each
# mutant's distinct shrunk sequences with how many seeds gave each. Prints a table, writes it to docs/mutation-score.md, and
# exits 1 if any mutant survives or does not build.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seeds=20; limit=10; subset=0; proof=1; out="$root/docs/mutation-score.md"; finals_out="$root/docs/mutation-finals.md"; only=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seeds) seeds="$2"; shift 2 ;;
    --time-limit) limit="$2"; shift 2 ;;
    --subset) subset=1; shift ;;
    --no-proof) proof=0; shift ;;
    --out) out="$2"; shift 2 ;;
    --finals) finals_out="$2"; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
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

results="$(mktemp)"; finals="$(mktemp)"; all_candidates="$(mktemp)"
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
    echo "$name|$rule|does not apply|||||||||$desc" >> "$results"; broken=$((broken+1)); echo "  $name: does not apply" >&2; continue
  fi
  if ! (cd "$scratch" && swift build -c release --product tabcheck --scratch-path "$build" >/dev/null 2>&1); then
    echo "$name|$rule|does not build|||||||||$desc" >> "$results"; broken=$((broken+1)); echo "  $name: does not build" >&2; continue
  fi
  bin="$build/release/tabcheck"
  runs="$scratch/runs-$name"; rm -rf "$runs"; mkdir -p "$runs"
  for s in $(seq 1 "$seeds"); do
    "$bin" --seed "$s" --time-limit "$limit" --db "$runs/db-$s" --json --quiet --shrink-time 5 > "$runs/$s.json" 2>/dev/null || true
  done
  # One line of statistics, and the shortest shrunk failure's replay file for the proof.
  stats="$(python3 - "$runs" "$seeds" "$finals" "$name" "$all_candidates" <<'PY'
import json, os, statistics, sys
runs, n, finals_file, name, all_file = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
rows = []
for s in range(1, n + 1):
    try:
        with open(os.path.join(runs, "%d.json" % s)) as f:
            rows += [json.loads(l) for l in f if l.strip()]
    except (OSError, ValueError):
        pass
fails = [r for r in rows if r.get("result") == "fail"]
if not fails:
    print("survived|||||||||"); sys.exit()
lengths = [r["failure"]["shrunkSteps"] for r in fails]
finals = {}
for r in fails:
    finals.setdefault(tuple(r["failure"]["shrunk"]), []).append(r["seed"])
with open(finals_file, "a") as out:
    out.write("\n## %s\n\n" % name)
    for seq, seeds in sorted(finals.items(), key=lambda kv: (-len(kv[1]), len(kv[0]), kv[0])):
        out.write("- %d seed%s (%s): `%s`\n" % (len(seeds), "" if len(seeds) == 1 else "s", ", ".join(str(int(x, 16)) for x in seeds), " ⏵ ".join(seq)))
cands = [r["failure"]["shrinkCandidates"] for r in fails]
with open(all_file, "a") as out:
    out.write("".join("%d\n" % c for c in cands))
ttf = statistics.median([r.get("secondsToFailure") or 0 for r in fails])
shr = statistics.median([r.get("shrinkSeconds") or 0 for r in fails])
orig = statistics.median([r["failure"]["originalSteps"] for r in fails])
best = min(fails, key=lambda r: (r["failure"]["shrunkSteps"], r["failure"]["shrunk"]))
props = sorted({"%s: %s" % (r["failure"]["property"], r["failure"]["rule"]) for r in fails})
print("killed %d/%d|%.3f|%g|%d/%g/%d|%d|%g|%.3f|%s|%s|%d" % (
    len(fails), len(rows), ttf, orig, min(lengths), statistics.median(lengths), max(lengths), len(finals),
    statistics.median(cands), shr, "; ".join(props), best["failure"].get("replayFile") or "", min(lengths)))
PY
)"
  IFS='|' read -r result ttf orig lengths distinct cands shr reported replay shortest <<< "$stats"
  # The proven minimum: search every sequence shorter than the shortest shrunk one, up to 5.
  proven=""
  if [ "$proof" -eq 1 ] && [ -n "$replay" ] && [ -f "$replay" ]; then
    if [ "$shortest" -le 1 ]; then proven="1"
    else
      depth=$(( shortest - 1 < 5 ? shortest - 1 : 5 ))
      answer="$("$bin" minimal --from "$replay" --max-length "$depth" 2>/dev/null || true)"
      took="$(printf '%s\n' "$answer" | sed -n 's/.*, \([0-9.]*\) s, [0-9]* jobs).*/\1/p' | tail -1)"
      found="$(printf '%s\n' "$answer" | sed -n 's/^minimal \([0-9]*\):.*/\1/p')"
      if [ -n "$found" ]; then proven="$found (shrinker missed it)"
      elif printf '%s' "$answer" | grep -q '^minimal >'; then
        if [ "$shortest" -le 6 ]; then proven="$shortest"; else proven=">5"; fi
      else proven="search failed"; fi
      proven="$proven ($took s)"
    fi
  fi
  case "$result" in killed*) killed=$((killed+1)) ;; esac
  echo "$name|$rule|$result|$ttf|$orig|$lengths|$distinct|$proven|$cands|$shr|$reported|$desc" >> "$results"
  echo "  $name: $result, shrunk $lengths (min/median/max), $distinct distinct, proven $proven, $cands candidates" >&2
done

{
  echo "# Mutation score"
  echo
  echo "Produced by \`scripts/mutation-score.sh --seeds $seeds --time-limit $limit$([ $subset -eq 1 ] && echo ' --subset')$([ $proof -eq 0 ] && echo ' --no-proof')\` on $(date -u +%Y-%m-%d), $(nproc) cores, $(swift --version 2>/dev/null | head -1)."
  echo "Each mutant: release build of tabcheck with the patch applied, campaigns with seeds 1…$seeds (default properties, ${limit} s budget each, shrinking on the default jobs)."
  echo "Time to first failure, original steps, candidates and shrink time are medians over the killing seeds. *Shrunk* is the shrunk length's min/median/max over them;"
  echo "*finals* is how many distinct shrunk sequences they gave (1: one canonical sequence). *Proven* is the minimal length established by exhaustive search:"
  echo "\`tabcheck minimal --from\` the shortest shrunk failure, over every sequence one step shorter (at most 5) on the alphabet drawn from that failure"
  echo "(its own arguments, indices 0…L−1, ids t1…t(L−1), all moves between them, the swipe thresholds' boundaries); \">5\" means no sequence of length ≤ 5 over that alphabet fails: the minimum is above 5 for that alphabet, and the shrunk length is not proven minimal."
  echo
  echo "**Killed: $killed / $total**$([ $broken -gt 0 ] && echo " ($broken did not apply or build)")"
  echo
  echo "Shrink cost: $(python3 -c 'import statistics,sys; v=[int(l) for l in open(sys.argv[1]) if l.strip()]; print("median %g candidates per shrink over all %d shrinks (min %d, max %d)" % (statistics.median(v), len(v), min(v), max(v)) if v else "no shrinks")' "$all_candidates")."
  echo "Canonical: $(awk -F'|' '$7 == "1"' "$results" | wc -l) of $total mutants shrink to one sequence on every seed; shrunk length equals the proven minimum on every seed for $(awk -F'|' '{split($6, l, "/"); split($8, p, " "); if (l[1] == l[3] && l[1] == p[1]) n++} END {print n+0}' "$results") of $total."
  echo
  echo "| mutant | rule | result | time to failure (s) | original steps | shrunk min/median/max | finals | proven minimum (search time) | candidates | shrink (s) | reported | description |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
  while IFS='|' read -r name rule result ttf orig lengths distinct proven cands shr reported desc; do
    echo "| $name | $rule | $result | $ttf | $orig | $lengths | $distinct | $proven | $cands | $shr | $reported | $desc |"
  done < "$results"
} > "$out"
{
  echo "# Shrunk sequences per mutant"
  echo
  echo "From the run that wrote docs/mutation-score.md: each distinct shrunk sequence, the seeds that gave it (most first)."
  cat "$finals"
} > "$finals_out"
cat "$out"
rm -f "$results" "$finals" "$all_candidates"
[ "$killed" -eq "$total" ] && [ "$broken" -eq 0 ]
