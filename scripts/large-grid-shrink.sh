#!/usr/bin/env bash
# The long-failure shrink benchmark of issue #14 (part 3). Plants the chunk-split bug of the
# second session in a scratch copy (TabList.split leaves the left chunk's displayed count
# unchanged: only a grid of more than 128 tabs can show it), builds tabcheck (release), and
# times the shrink of its failure at sequence seed 0xcf9f9a28dbed0300 (224 steps; 129 tabs
# needed) with --jobs 1 and --jobs <cores>, three interleaved rounds. Prints one line per
# run: jobs, original → shrunk steps, candidates, seconds. Nothing is asserted.
#
#   scripts/large-grid-shrink.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
. "$root/scripts/lib/args.sh"
args_parse "$@"
scratch="$(mktemp -d "${TMPDIR:-/tmp}/tabgrid-large-grid.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
(cd "$root" && tar cf - Package.swift Sources Tests) | (cd "$scratch" && tar xf -)
file="$scratch/Sources/TabModel/TabList.swift"
grep -q 'storage\[slot\].matched -= movedMatched' "$file" || { echo "large-grid-shrink: TabList.split changed; the planted bug no longer applies" >&2; exit 2; }
sed -i 's|storage\[slot\].matched -= movedMatched|// &|' "$file"
(cd "$scratch" && swift build -c release --product tabcheck --scratch-path "$root/.build-large-grid" >/dev/null 2>&1) \
  || { echo "large-grid-shrink: the planted copy does not build" >&2; exit 2; }
bin="$root/.build-large-grid/release/tabcheck"
cores="$(nproc)"
for round in 1 2 3; do
  for jobs in 1 "$cores"; do
    # Exit 1 is the expected verdict (a failure found); the JSON says the rest.
    json="$("$bin" --sequence-seed 0xcf9f9a28dbed0300 --no-db --shrink-time 60 --jobs "$jobs" --json --quiet 2>/dev/null || true)"
    printf '%s' "$json" | python3 -c '
import json, sys
d = json.load(sys.stdin); f = d.get("failure") or {}
print("--jobs %s: %s → %s steps, %s candidates, %.2f s (%s)" % (sys.argv[1], f.get("originalSteps"), f.get("shrunkSteps"),
      f.get("shrinkCandidates"), d.get("shrinkSeconds") or 0, f.get("rule")))' "$jobs"
  done
done
