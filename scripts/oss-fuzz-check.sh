#!/usr/bin/env bash
# Runs .clusterfuzzlite/build.sh here, without Docker, under ClusterFuzzLite's / OSS-Fuzz's
# build contract (SRC, OUT, WORK, SANITIZER, FUZZING_ENGINE=libfuzzer, LIB_FUZZING_ENGINE),
# and checks what a fuzzing service would rely on:
#   1. for each sanitizer (address and coverage by default), $OUT holds tabgrid_sequence and
#      tabgrid_session — executables holding LLVMFuzzerTestOneInput — and their seed corpora
#      tabgrid_<target>_seed_corpus.zip, not empty;
#   2. each fuzzer runs a bounded number of inputs from its seed corpus without a crash (the
#      coverage build also writes its profile);
#   3. a planted bug (catalogue mutant 24, A2) built the same way makes tabgrid_sequence
#      write a crash file, and `tabcheck --bytes` turns that file into a shrunk sequence.
#
#   scripts/oss-fuzz-check.sh [--sanitizers "address coverage"] [--runs N] [--no-mutant]
#
# Exits 1 on any miss, 0 when all hold; says SKIPPED and exits 0 when this toolchain cannot
# build with -sanitize=fuzzer. Builds go to .build-patched/ (kept: later runs are faster;
# scripts/lib/patched-tree.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
sanitizers="address coverage"; runs=2000; mutant=1; no_mutant=0
. "$root/scripts/lib/args.sh"
args_opt --sanitizers sanitizers word
args_opt --runs runs int 1 9999999
args_flag --no-mutant no_mutant
args_parse "$@"
[ $no_mutant = 1 ] && mutant=0
[ -n "$(echo "$sanitizers" | tr -d ' ')" ] || args_fail "--sanitizers needs a list (address, thread, coverage, none)"
for s in $sanitizers; do
  case "$s" in address|thread|coverage|none) ;; *) args_fail "sanitizer \"$s\" is not one of address, thread, coverage, none" ;; esac
done

probe="$(mktemp -d "${TMPDIR:-/tmp}/tabgrid-ossfuzz-probe.XXXXXX")"
trap 'rm -rf "$probe"' EXIT
printf '@_cdecl("LLVMFuzzerTestOneInput") public func f(_ d: UnsafePointer<UInt8>?, _ n: Int) -> CInt { 0 }\n' > "$probe/p.swift"
if ! swiftc -sanitize=fuzzer -parse-as-library "$probe/p.swift" -o "$probe/p" >/dev/null 2>&1; then
  echo "oss-fuzz-check: SKIPPED — this Swift toolchain cannot build with -sanitize=fuzzer"
  exit 0
fi

# The sources' kept copy and build folders of scripts/lib/patched-tree.sh (shared with
# mutation-score.sh): the mutant's build below, and the next run's, are incremental.
. "$root/scripts/lib/patched-tree.sh"
patched_lock
problems=()
# The contract's folders: the sources under $SRC/tabgrid, as the Dockerfile copies them.
contract() {  # contract SRC_TREE SANITIZER OUT WORK
  mkdir -p "$3" "$4"
  env SRC="$(dirname "$1")" OUT="$3" WORK="$4" SANITIZER="$2" FUZZING_ENGINE=libfuzzer \
      LIB_FUZZING_ENGINE=-fsanitize=fuzzer TABGRID_SRC="$1" bash -eu "$1/.clusterfuzzlite/build.sh"
}

patched_sync
for s in $sanitizers; do
  out="$probe/out-$s"
  echo "oss-fuzz-check: build.sh with SANITIZER=$s…"
  if ! contract "$patched_tree" "$s" "$out" "$patched_work" > "$probe/build-$s.log" 2>&1; then
    problems+=("SANITIZER=$s: build.sh failed: $(grep -m1 -i 'error' "$probe/build-$s.log" || tail -1 "$probe/build-$s.log")"); continue
  fi
  for target in sequence session; do
    f="$out/tabgrid_$target"
    [ -x "$f" ] || { problems+=("SANITIZER=$s: \$OUT/tabgrid_$target is missing or not executable"); continue; }
    grep -q LLVMFuzzerTestOneInput "$f" || problems+=("SANITIZER=$s: \$OUT/tabgrid_$target holds no LLVMFuzzerTestOneInput")
    zip="$out/tabgrid_${target}_seed_corpus.zip"
    n="$(unzip -Z1 "$zip" 2>/dev/null | wc -l || echo 0)"
    [ "$n" -gt 0 ] || { problems+=("SANITIZER=$s: $zip is missing or empty"); continue; }
    corpus="$probe/corpus-$s-$target"; mkdir -p "$corpus"; unzip -q -o "$zip" -d "$corpus"
    # As a runner does: from the seed corpus, a bounded number of inputs, no crash expected.
    if ! (cd "$probe" && LLVM_PROFILE_FILE="$probe/$s-$target.profraw" ASAN_OPTIONS=detect_leaks=0 \
          "$f" -runs="$runs" "$corpus" > "$probe/run-$s-$target.log" 2>&1); then
      problems+=("SANITIZER=$s: tabgrid_$target crashed or failed on the correct code: $(grep -m1 -E 'ERROR|FAIL|Fatal' "$probe/run-$s-$target.log" || tail -1 "$probe/run-$s-$target.log")")
    fi
    if [ "$s" = coverage ] && [ ! -s "$probe/$s-$target.profraw" ]; then problems+=("SANITIZER=coverage: tabgrid_$target wrote no profile"); fi
  done
  echo "oss-fuzz-check: SANITIZER=$s: $(ls "$out" | tr '\n' ' ')"
done

if [ $mutant -eq 1 ]; then
  # The same build of a planted bug: its crash file must appear, and shrink through tabcheck.
  name=24-a2-new-tab-not-active
  out="$probe/out-mutant"
  echo "oss-fuzz-check: build.sh with SANITIZER=address on mutant $name…"
  if ! patched_apply "$root/scripts/mutants/$name.patch"; then
    problems+=("mutant $name: its patch no longer applies to the sources")
  elif ! contract "$patched_tree" address "$out" "$patched_work" > "$probe/build-mutant.log" 2>&1; then
    problems+=("mutant $name: build.sh failed: $(grep -m1 -i error "$probe/build-mutant.log" || tail -1 "$probe/build-mutant.log")")
  else
    corpus="$probe/corpus-mutant"; mkdir -p "$corpus" "$probe/artifacts"; unzip -q -o "$out/tabgrid_sequence_seed_corpus.zip" -d "$corpus"
    set +e
    (cd "$probe" && ASAN_OPTIONS=detect_leaks=0 "$out/tabgrid_sequence" -runs=200000 -max_total_time=120 -artifact_prefix="$probe/artifacts/" "$corpus" \
       > "$probe/run-mutant.log" 2>&1)
    status=$?
    set -e
    crash="$(ls "$probe/artifacts"/crash-* 2>/dev/null | head -1 || true)"
    if [ $status -eq 0 ] || [ -z "$crash" ]; then
      problems+=("mutant $name: tabgrid_sequence wrote no crash file (exit $status)")
    else
      # The mutant's own tabcheck (the one build.sh made) reads the bytes back and shrinks them.
      set +e
      "$patched_tools/release/tabcheck" --bytes "$crash" --no-db > "$probe/bytes.log" 2>&1
      status=$?
      set -e
      if [ $status -ne 1 ] || ! grep -q "^shrunk " "$probe/bytes.log"; then
        problems+=("mutant $name: tabcheck --bytes $(basename "$crash") exited $status without a shrunk sequence: $(tail -2 "$probe/bytes.log" | tr '\n' ' ')")
      else
        echo "oss-fuzz-check: mutant $name: crash file $(basename "$crash"); tabcheck --bytes: $(grep -m1 '^FAIL' "$probe/bytes.log" | cut -c1-100)…; $(grep -m1 '^shrunk ' "$probe/bytes.log")"
      fi
    fi
  fi
fi

if [ ${#problems[@]} -gt 0 ]; then
  echo "oss-fuzz-check: FAIL"
  for p in "${problems[@]}"; do echo "  - $p"; done
  exit 1
fi
echo "oss-fuzz-check: PASS — sanitizers: $sanitizers; each \$OUT holds tabgrid_sequence, tabgrid_session and their seed corpora; $runs runs each from the corpus without a crash$([ $mutant -eq 1 ] && echo "; mutant 24's crash file shrinks through tabcheck --bytes")"
