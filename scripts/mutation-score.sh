#!/usr/bin/env bash
# Scores the checker against the mutant catalogue in scripts/mutants/.
#
#   scripts/mutation-score.sh [--seeds N] [--time-limit SEC] [--shrink-time SEC] [--subset] [--no-proof] [--out FILE]
#                             [--finals FILE] [--property LIST] [--catalogue DIR] [MUTANT...]
#
# For each mutant: apply it to a kept copy of the package, build tabcheck (release),
# run the campaign with fixed seeds 1..N (default 20) and a budget, and record
# killed/survived, the median time to the first failure, the shrunk length over the seeds
# (min/median/max) and how many distinct shrunk sequences they gave, the median shrink
# candidates, and the rule reported. Then the shortest over an alphabet: `tabcheck minimal --from` the
# shortest shrunk failure searches every sequence one step shorter (up to 5 steps) over an
# alphabet drawn from it (with restores of the states it passes through); none failing shows
# that length is the shortest over that alphabet — not that no shorter failure exists.
# --no-proof skips the search. --finals FILE (none by default) lists each
# mutant's distinct shrunk sequences with how many seeds gave each. --property LIST runs the
# campaigns with those properties only (e.g. every one but differential, to show each mutant is
# killed without the oracle). --catalogue DIR scores another catalogue (scripts/mutants/diffable:
# its patches name the drivers their campaigns compare in a '# tabcheck-args:' line).
# Prints a table (and writes it to --out FILE: docs/mutation-score.md is rewritten only when
# named), and exits 1 if any mutant survives or does not build; 2 is a usage error only.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seeds=20; limit=10; shrink=""; subset=0; proof=1; no_proof=0; out=""; finals_out=""; property=""
catalogue="$root/scripts/mutants"
. "$root/scripts/lib/args.sh"
args_opt --seeds seeds int 1 100000
args_opt --time-limit limit pnum
args_opt --shrink-time shrink pnum
args_flag --subset subset
args_flag --no-proof no_proof
args_opt --out out out
args_opt --finals finals_out out
args_opt --property property word
args_opt --catalogue catalogue dir
args_rest only word
args_parse "$@"
only=(${ARGS_REST[@]+"${ARGS_REST[@]}"})
[ $no_proof = 1 ] && proof=0
properties=(); [ -n "$property" ] && properties=(--property "$property")
# Made absolute: the patches are applied from inside the scratch copy (a relative folder
# made every mutant "does not apply").
catalogue="$(cd "$catalogue" && pwd)"
compgen -G "$catalogue/*.patch" > /dev/null || args_fail "--catalogue $catalogue holds no mutant (.patch files)"
# --property names properties the checker has (a misspelt one would check nothing and kill nothing).
if [ -n "$property" ]; then
  known=" $(grep -E '^ *public static let [a-zA-Z]+ = GridPropertyName\("' "$root/Sources/TabGridCore/GridStepProperty.swift" | sed 's/.*("\(.*\)")/\1/' | tr '\n' ' ')"
  for p in ${property//,/ }; do [[ "$known" == *" $p "* ]] || args_fail "--property: unknown property \"$p\"; known:$known"; done
fi
# No tracked file is rewritten unless a flag names it (#54): without --out the table goes to
# stdout only, without --finals the finals to a temporary file.
[ "$limit" != 0 ] || args_fail "--time-limit must be above 0"
# Two reports into one file would leave only the second.
[ -z "$out" ] || [ -z "$finals_out" ] || [ "$(realpath -m -- "$out")" != "$(realpath -m -- "$finals_out")" ] \
  || args_fail "--out and --finals name one file ($out): give each its own"
# Every mutant named must be in the catalogue (a renamed one would otherwise score 0 / 0 and pass).
for name in ${only[@]+"${only[@]}"}; do
  [ -f "$catalogue/$name.patch" ] || { echo "mutation-score: no mutant $name in $catalogue" >&2; exit 2; }
done
# A representative subset (one tutorial bug per rule family, fast to build); CI runs one of them (.ci/run).
subset_names="02-f3-closes-tabs-index 06-g4-rightward-deletes 18-p4-save-not-atomic"

# The mutants are built in the kept copy of scripts/lib/patched-tree.sh (each build recompiles
# what its patch changed, and what the last mutant's did, not the package); the campaigns'
# files go to a private folder, removed on exit.
. "$root/scripts/lib/patched-tree.sh"
patched_lock
scratch="$(mktemp -d "${TMPDIR:-/tmp}/tabgrid-mutants.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
# An interrupt ends the run with no table (a build it stopped is no "does not build").
trap 'echo "mutation-score: interrupted; no table written" >&2; exit 130' INT TERM

results="$(mktemp)"; finals="$(mktemp)"; all_candidates="$(mktemp)"
killed=0; total=0; broken=0
for patch in "$catalogue"/*.patch; do
  name="$(basename "$patch" .patch)"
  if [ ${#only[@]} -gt 0 ] && [[ ! " ${only[*]} " =~ " $name " ]]; then continue; fi
  if [ $subset -eq 1 ] && [[ ! " $subset_names " =~ " $name " ]]; then continue; fi
  total=$((total+1))
  rule="$(sed -n 's/^# rule: //p' "$patch")"
  desc="$(sed -n 's/^# description: //p' "$patch")"
  # A mutant of another view kind names the drivers its campaigns compare (e.g. the diffable catalogue's).
  read -r -a extra <<< "$(sed -n 's/^# tabcheck-args: //p' "$patch")"
  if ! patched_apply "$patch"; then
    echo "$name|$rule|does not apply|||||||||$desc|0|0" >> "$results"; broken=$((broken+1)); echo "  $name: does not apply" >&2; continue
  fi
  if ! bin="$(patched_build)"; then
    echo "$name|$rule|does not build|||||||||$desc|0|0" >> "$results"; broken=$((broken+1)); echo "  $name: does not build" >&2; continue
  fi
  runs="$scratch/runs-$name"; rm -rf "$runs"; mkdir -p "$runs"
  for s in $(seq 1 "$seeds"); do
    "$bin" --seed "$s" --time-limit "$limit" --db "$runs/db-$s" --json --quiet ${shrink:+--shrink-time "$shrink"} ${properties[@]+"${properties[@]}"} ${extra[@]+"${extra[@]}"} > "$runs/$s.json" 2>/dev/null || true
  done
  # One row: statistics per failure kind (property and rule), the proofs, the finals.
  line="$(python3 "$root/scripts/mutant-stats.py" "$runs" "$seeds" "$bin" "$name" "$finals" "$all_candidates" "$proof")"
  IFS='|' read -r result ttf orig lengths distinct proven cands shr reported canonical minimal <<< "$line"
  case "$result" in killed*) killed=$((killed+1)) ;; esac
  echo "$name|$rule|$result|$ttf|$orig|$lengths|$distinct|$proven|$cands|$shr|$reported|$desc|$canonical|$minimal" >> "$results"
  echo "  $name: $result, shrunk $lengths (min/median/max), $distinct distinct, proven $proven, $cands candidates" >&2
done

{
  echo "# Mutation score"
  echo
  echo "Produced by \`scripts/mutation-score.sh --seeds $seeds --time-limit $limit$([ -n "$shrink" ] && echo " --shrink-time $shrink")$([ $subset -eq 1 ] && echo ' --subset')$([ $proof -eq 0 ] && echo ' --no-proof')$([ "$catalogue" != "$root/scripts/mutants" ] && echo " --catalogue ${catalogue#"$root"/}")${properties[1]:+ --property ${properties[1]}}\` on $(date -u +%Y-%m-%d), $(nproc) cores, $(swift --version 2>/dev/null | head -1)."
  echo "Each mutant: release build of tabcheck with the patch applied, campaigns with seeds 1…$seeds (default properties, ${limit} s budget each, shrinking on the default jobs)."
  echo "Time to first failure, original steps, candidates and shrink time are medians over the killing seeds. A mutant that breaks two rules on different seeds has two"
  echo "failures (the shrinker keeps a failure's rule), each with its own figures, separated by \";\" in the order of *reported* (seeds per rule in brackets)."
  echo "*Shrunk* is the shrunk length's min/median/max; *finals* is how many distinct shrunk sequences the seeds gave (1: one canonical sequence; all of them: docs/mutation-finals.md)."
  echo "*Shortest over its alphabet* is what exhaustive search establishes, and no more:"
  echo "\`tabcheck minimal --from\` the shortest shrunk failure searches every sequence one step shorter (at most 5) over the actions drawn from that failure"
  echo "(its own arguments, indices 0…L−1, ids t1…t(L−1), all moves between them, the swipe thresholds' boundaries, and a restore of every state it passes through — as it is, with ids renamed, with one tab left out); L there means no failing sequence shorter than L *over those actions*: a shorter one using an action outside them is not ruled out. \">5\" means none of length ≤ 5 over them fails, so the shrunk length is not shown to be the shortest even over them. A trap's search runs its candidates in forked children. Where the seeds' finals differ in length, each longer final (up to 6 steps) is searched over its own alphabet too (120 s each; docs/mutation-finals.md)."
  echo
  echo "**Killed: $killed / $total**$([ $broken -gt 0 ] && echo " ($broken did not apply or build)")"
  echo
  echo "Shrink cost: $(python3 -c 'import statistics,sys; v=[int(l) for l in open(sys.argv[1]) if l.strip()]; print("median %g candidates per shrink over all %d shrinks (min %d, max %d)" % (statistics.median(v), len(v), min(v), max(v)) if v else "no shrinks")' "$all_candidates")."
  echo "Canonical: $(awk -F'|' '$13 == "1"' "$results" | wc -l) of $total mutants shrink to one sequence per failure on every seed; the shrunk length equals the shortest over its alphabet on every seed for $(awk -F'|' '$14 == "1"' "$results" | wc -l) of $total."
  echo
  echo "| mutant | rule | result | time to failure (s) | original steps | shrunk min/median/max | finals | shortest over its alphabet (search time) | candidates | shrink (s) | reported | description |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
  while IFS='|' read -r name rule result ttf orig lengths distinct proven cands shr reported desc _ _; do
    echo "| $name | $rule | $result | $ttf | $orig | $lengths | $distinct | $proven | $cands | $shr | $reported | $desc |"
  done < "$results"
} > "$results.table"
[ -z "$finals_out" ] || {
  echo "# Shrunk sequences per mutant"
  echo
  echo "From the run that wrote ${out:-the table}: each distinct shrunk sequence, the seeds that gave it (most first)."
  cat "$finals"
} > "$finals_out"
[ -z "$out" ] || cp "$results.table" "$out"
cat "$results.table"
rm -f "$results" "$results.table" "$finals" "$all_candidates"
[ "$killed" -eq "$total" ] && [ "$broken" -eq 0 ]
