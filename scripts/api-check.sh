#!/usr/bin/env bash
# The public API against the last release (#56): the API of each library module (TabModel,
# TabGridCore, TabCheckCLI, TabGridTesting) as built in .build/release, compared by
# swift-api-digester with the last release's baseline, kept in api/baseline/<commit>/ (what
# `swift package diagnose-api-breaking-changes` writes). The releases are listed in
# api/releases.txt (version and commit): CI's clone carries no tags and maybe no history, so
# the default comparison needs neither — only the files of this repository. A break fails (exit 1) unless
# api/breakage-allowlist.txt lists it — a planned break, which CHANGELOG.md and
# docs/migrating.md must describe. The modules of CI's `swift test -c release` are read as they
# are (no second build: `swift package diagnose-api-breaking-changes` rebuilt them all, 121 s
# of CI's 720); a module missing or older than its sources is built first. A tag without a
# baseline is built once by SwiftPM (about a minute) and its baseline written (commit it).
#
#   scripts/api-check.sh [--against VERSION|REV] [--regenerate]
#
#   --against V     the release to compare with: a version of api/releases.txt (default: its
#                   last line), or any git revision (its baseline is written when missing)
#   --regenerate    write the baseline again even when api/baseline holds one (needs git)
# Exit 0: no unplanned break; 1: a break not in the allowlist; 2: usage (a tag that is not one)
# or a comparison that could not run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
against=""; regenerate=0
. "$root/scripts/lib/args.sh"
args_opt --against against word
args_flag --regenerate regenerate
args_parse "$@"
cd "$root"
modules=(TabModel TabGridCore TabCheckCLI TabGridTesting)
# The release: a line of api/releases.txt ("VERSION COMMIT"), else a git revision.
releases="api/releases.txt"
[ -f "$releases" ] || args_fail "$releases is missing: it lists every release (version and commit)"
if [ -z "$against" ]; then
  against="$(awk '!/^#/ && NF == 2 { v = $1 } END { print v }' "$releases")"
  [ -n "$against" ] || args_fail "$releases lists no release (lines: VERSION COMMIT)"
fi
commit="$(awk -v v="$against" '!/^#/ && NF == 2 && $1 == v { print $2 }' "$releases")"
if [ -z "$commit" ]; then
  commit="$(git rev-parse --verify -q "$against^{commit}" 2>/dev/null)" \
    || args_fail "--against $against is neither a version in $releases nor a git revision of this clone"
fi
if [ $regenerate = 0 ] && [ -n "$(git tag -l "$against" 2>/dev/null)" ]; then  # a tag that moved
  tagged="$(git rev-parse --verify -q "$against^{commit}")"
  [ "$tagged" = "$commit" ] || args_fail "tag $against is $tagged but $releases says $commit: one of them is wrong"
fi
work="$(mktemp -d "${TMPDIR:-/tmp}/tabgrid-api-check.XXXXXX")"
trap 'rm -rf "$work"' EXIT
# The tag's baseline: kept, or made once by SwiftPM (which builds the tag in a worktree).
if [ $regenerate = 1 ] || [ ! -d "api/baseline/$commit" ]; then
  echo "api-check: writing the baseline of $against ($commit) in api/baseline (builds it: about a minute)" >&2
  swift package diagnose-api-breaking-changes "$against" --products "${modules[@]}" --baseline-dir api/baseline \
    --regenerate-baseline > "$work/baseline.log" 2>&1 || true
  for m in "${modules[@]}"; do
    [ -f "api/baseline/$commit/$m.json" ] || { tail -20 "$work/baseline.log" >&2; rm -rf "api/baseline/$commit"
      echo "api-check: no baseline of $m at $against (the module did not exist then?): nothing written" >&2; exit 2; }
  done
fi
# Today's modules: the release build's, built first when one is missing or older than its sources.
dir=".build/release/Modules"
stale=0
for m in "${modules[@]}"; do
  if [ ! -f "$dir/$m.swiftmodule" ] || [ -n "$(find "Sources/$m" -newer "$dir/$m.swiftmodule" -name '*.swift' | head -1)" ]; then stale=1; fi
done
if [ $stale = 1 ]; then
  echo "api-check: building the library modules in release" >&2
  swift build -c release --product TabGridTesting > "$work/build.log" 2>&1 && swift build -c release --product TabCheckCLI >> "$work/build.log" 2>&1 \
    && swift build -c release --product TabModel >> "$work/build.log" 2>&1 || { tail -20 "$work/build.log" >&2; echo "api-check: the release build failed" >&2; exit 2; }
fi
triple="$(basename "$(dirname "$(readlink -f .build/release)")")"
found=0
for m in "${modules[@]}"; do
  swift-api-digester -dump-sdk -module "$m" -I "$dir" -target "$triple" -o "$work/$m.json" -avoid-tool-args 2> "$work/dump.log" \
    || { cat "$work/dump.log" >&2; echo "api-check: could not read the API of $m" >&2; exit 2; }
  swift-api-digester -diagnose-sdk -input-paths "api/baseline/$commit/$m.json" -input-paths "$work/$m.json" \
    -breakage-allowlist-path api/breakage-allowlist.txt -compiler-style-diags > "$work/$m.diff" 2>&1 || true
  breaks="$(grep -c "API breakage:" "$work/$m.diff" || true)"
  if [ "$breaks" != 0 ]; then
    echo "$breaks breaking changes in $m against $against:"; grep "API breakage:" "$work/$m.diff" | sed 's/^/  /'; found=1
  else
    echo "No breaking changes in $m against $against (beyond api/breakage-allowlist.txt)"
  fi
done
if [ $found = 1 ]; then
  echo "api-check: a public API break against $against that api/breakage-allowlist.txt does not list: list it and say so in CHANGELOG.md and docs/migrating.md, or keep the old API (a deprecated forwarding member for one minor release)" >&2
  exit 1
fi
echo "api-check: no unplanned break against $against"
