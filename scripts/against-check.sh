#!/usr/bin/env bash
# #56's end-to-end check of `tabcheck --against REV`, on real builds (~6 minutes on 2 cores;
# not in .ci/run, which checks the same flow with a cached build: Tests/CLITests/WireTests).
# In a clone of this repository at HEAD (branch `base`):
#   1. a branch that plants a behaviour change in Sources/TabModel (reopen keeps 19 closed
#      entries, not 20: U1) — `tabcheck --against base` must find it, shrink it and say
#      "behaviour changed";
#   2. a branch that refactors the filter without changing what it does (more titles take the
#      linear search, TabGrid.matches) — `tabcheck --against base --time-limit SEC` must pass.
# Exit 0 when both hold, 1 when one does not, 2 on bad arguments.
#
#   scripts/against-check.sh [--time-limit SEC] [--keep]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
. "$root/scripts/lib/args.sh"
time_limit=60
keep=0
args_opt --time-limit time_limit int 1 3600
args_flag --keep keep
args_parse "$@"
scratch="$(mktemp -d "${TMPDIR:-/tmp}/tabgrid-against.XXXXXX")"
[ "$keep" = 1 ] || trap 'rm -rf "$scratch"' EXIT
git clone -q --no-tags "file://$root" "$scratch/repo"
cd "$scratch/repo"
git branch -q base HEAD
commit() { git -c user.email=check@tabgrid -c user.name=against-check commit -qam "$1"; }
build() { swift build -c release --product tabcheck >"$scratch/build.log" 2>&1 || { tail -5 "$scratch/build.log"; echo "against-check: the $1 branch does not build" >&2; exit 1; }; }
bad=0

# run_against NAME: `tabcheck --against base` on the branch just built; its log, exit status and time.
run_against() {
  local start=$SECONDS
  set +e
  .build/release/tabcheck --against base --time-limit "$time_limit" --no-db > "$scratch/$1.log" 2>&1
  status=$?
  set -e
  elapsed=$((SECONDS - start))
}

git checkout -q -b planted base
grep -q 'static let limit = 20' Sources/TabModel/RecentlyClosed.swift || { echo "against-check: RecentlyClosed.limit moved; the planted change no longer applies" >&2; exit 2; }
sed -i 's/static let limit = 20/static let limit = 19/' Sources/TabModel/RecentlyClosed.swift
commit "planted: reopen keeps 19 entries"
build planted
run_against planted
echo "planted change: exit $status after $elapsed s (the build of base included)"
grep -E "^(tabcheck: --against|FAIL|  behaviour changed|shrunk|Behaviour changed)" "$scratch/planted.log" || true
if [ "$status" -ne 1 ] || ! grep -q "behaviour changed at step" "$scratch/planted.log"; then
  tail -20 "$scratch/planted.log"; echo "against-check: the planted behaviour change was not found" >&2; bad=1
fi

git checkout -q -b refactor base
grep -q 'title.utf8.count &\* query.utf8.count <= 1 << 16' Sources/TabModel/TabGrid.swift || { echo "against-check: TabGrid.matches moved; the refactor no longer applies" >&2; exit 2; }
sed -i 's/title.utf8.count &\* query.utf8.count <= 1 << 16/title.utf8.count \&* query.utf8.count <= 1 << 8/' Sources/TabModel/TabGrid.swift
commit "refactor: more titles take the linear search"
build refactor
run_against refactor
echo "equivalent refactor: exit $status after $elapsed s"
grep -E "^(PASS|FAIL)" "$scratch/refactor.log" || true
if [ "$status" -ne 0 ]; then tail -20 "$scratch/refactor.log"; echo "against-check: the equivalent refactor did not pass" >&2; bad=1; fi
exit $bad
