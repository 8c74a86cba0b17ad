#!/usr/bin/env bash
# The public API against the last release (#56): `swift package diagnose-api-breaking-changes`
# on the library products (TabModel, TabGridCore, TabCheckCLI, TabGridTesting) against a tag,
# in release (the build CI's tests already made). A break fails (exit 1) unless
# api/breakage-allowlist.txt lists it — a planned break, which CHANGELOG.md and
# docs/migrating.md must describe. The baseline of each tag is kept in api/baseline/<commit>/
# so CI does not build the old revision; a tag without one is built first (about a minute)
# and the baseline written there (commit it).
#
#   scripts/api-check.sh [--against TAG] [--regenerate]
#
#   --against TAG   the release to compare with (default: the latest tag reachable from HEAD)
#   --regenerate    build the baseline again even when api/baseline holds one
# Exit 0: no unplanned break; 1: a break not in the allowlist; 2: usage (a tag that is not one).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
against=""; regenerate=0
. "$root/scripts/lib/args.sh"
args_opt --against against rev
args_flag --regenerate regenerate
args_parse "$@"
cd "$root"
if [ -z "$against" ]; then
  against="$(git describe --tags --abbrev=0 2>/dev/null)" || args_fail "no tag reachable from HEAD: give --against TAG (git tag -n1 lists them)"
fi
commit="$(git rev-parse --verify -q "$against^{commit}")" || args_fail "--against $against is not a revision of this repository"
[ -d "api/baseline/$commit" ] || echo "api-check: no baseline for $against ($commit) in api/baseline: building it (about a minute)" >&2
flags=(); [ $regenerate = 1 ] && flags=(--regenerate-baseline)
log="$(mktemp "${TMPDIR:-/tmp}/tabgrid-api-check.XXXXXX")"
trap 'rm -f "$log"' EXIT
status=0
swift package -c release diagnose-api-breaking-changes "$against" --products TabModel TabGridCore TabCheckCLI TabGridTesting \
  --baseline-dir api/baseline --breakage-allowlist-path api/breakage-allowlist.txt ${flags[@]+"${flags[@]}"} > "$log" 2>&1 || status=$?
# The verdicts only (the build's lines are in the log when it fails).
grep -E "breaking changes detected|API breakage" "$log" || true
if [ $status != 0 ]; then
  grep -q "breaking changes detected in" "$log" || { tail -20 "$log" >&2; echo "api-check: the comparison did not run (exit $status)" >&2; exit 2; }
  echo "api-check: a public API break against $against that api/breakage-allowlist.txt does not list: list it and say so in CHANGELOG.md and docs/migrating.md, or keep the old API (a deprecated forwarding member for one minor release)" >&2
  exit 1
fi
echo "api-check: no unplanned break against $against"
