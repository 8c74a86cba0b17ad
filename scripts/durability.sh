#!/usr/bin/env bash
# SessionStore on the real disk, killed mid-save: a child process saves sessions in a loop
# and is killed with SIGKILL at random (seeded) moments, KILLS times; after each kill,
# loading must give the last completed save or the one in flight (P4, P5).
#
#   scripts/durability.sh [KILLS] [DIR]      (default 1000 kills, a new temporary folder)
#
# DIR lets you pick the disk (e.g. a folder on another file system). `swift test` runs the
# same check with 100 kills (CLITests.sessionsSurviveSIGKILLOnTheRealDisk).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
kills=1000; dir=""
. "$root/scripts/lib/args.sh"
args_pos kills int 1 1000000
args_pos dir dir
args_parse "$@"
(cd "$root" && swift build -c release --product tabcheck >/dev/null)
args=(durability --kills "$kills" --time-limit 1800)
[ -n "$dir" ] && args+=(--dir "$dir")
exec "$root/.build/release/tabcheck" "${args[@]}"
