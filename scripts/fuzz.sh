#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer (issue 8), through the same choice stream.
#
#   scripts/fuzz.sh [sequence|session] [seconds] [-- extra libFuzzer flags...]
#
# Builds TabGridFuzz in release with -sanitize=fuzzer,address (plain fuzzer with
# TABGRID_FUZZ_NO_ASAN=1), keeps a corpus in fuzz/corpus-<target>/, runs for the given
# time (default 60 s), and on a crash prints the command that replays the crash file
# through tabcheck's shrinker.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
target=sequence; seconds=60
. "$root/scripts/lib/args.sh"
args_pos target word
args_pos seconds int 1 10000000
args_rest extra any
args_parse "$@"
case "$target" in sequence|session) ;; *) args_fail "target must be sequence or session, got \"$target\"" ;; esac
set -- ${ARGS_REST[@]+"${ARGS_REST[@]}"}
sanitize="fuzzer,address"; [ "${TABGRID_FUZZ_NO_ASAN:-0}" = 1 ] && sanitize="fuzzer"
cd "$root"
TABGRID_FUZZ=1 swift build -c release --product TabGridFuzz --scratch-path .build-fuzz \
  -Xswiftc -sanitize="$sanitize" -Xswiftc -DFUZZING >&2
bin="$root/.build-fuzz/release/TabGridFuzz"
corpus="$root/fuzz/corpus-$target"; artifacts="$root/fuzz/artifacts-$target/"
mkdir -p "$corpus" "$artifacts"
if [ "$target" = sequence ] && [ -z "$(ls -A "$corpus")" ]; then
  # Seed an empty corpus with generated runs (their choices written back as bytes).
  swift build -c release --product tabcheck >&2
  "$root/.build/release/tabcheck" corpus "$corpus" 200 >&2
fi
set +e
SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 TABGRID_FUZZ_TARGET="$target" \
  "$bin" "$corpus" -max_total_time="$seconds" -artifact_prefix="$artifacts" -print_final_stats=1 "$@"
status=$?
set -e
if [ $status -ne 0 ]; then
  crash="$(ls -t "$artifacts"crash-* 2>/dev/null | head -1 || true)"
  if [ -n "$crash" ]; then
    echo "fuzz.sh: libFuzzer found a failure: $crash" >&2
    if [ "$target" = sequence ]; then
      echo "replay and shrink it with:  swift run -c release tabcheck --bytes $crash" >&2
    else
      echo "reproduce with:  TABGRID_FUZZ_TARGET=session SWIFT_BACKTRACE=enable=no $bin $crash" >&2
    fi
  fi
fi
exit $status
