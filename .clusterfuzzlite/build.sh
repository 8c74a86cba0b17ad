#!/bin/bash -eu
# Builds TabGrid's two libFuzzer targets under ClusterFuzzLite's / OSS-Fuzz's build contract:
#   SRC (the sources: $SRC/tabgrid), OUT (where fuzzers go), WORK (scratch space),
#   SANITIZER (address, thread, coverage or none), FUZZING_ENGINE (libfuzzer only).
# LIB_FUZZING_ENGINE is not used: swiftc's -sanitize=fuzzer links libFuzzer itself.
# Writes $OUT/tabgrid_sequence and $OUT/tabgrid_session (one binary; it picks its target by
# its name) with their seed corpora $OUT/<target>_seed_corpus.zip. scripts/oss-fuzz-check.sh
# runs this without Docker and checks what lands in $OUT.
# Stop at the first failure however this is run (`bash build.sh` ignores the -eu above): a
# failed build must not leave an older fuzzer from $WORK to be copied into $OUT.
set -euo pipefail
src="${TABGRID_SRC:-$SRC/tabgrid}"
cd "$src"
if [ "${FUZZING_ENGINE:-libfuzzer}" != libfuzzer ]; then
  echo "build.sh: FUZZING_ENGINE=$FUZZING_ENGINE: Swift targets build for libfuzzer only" >&2; exit 1
fi
case "${SANITIZER:-address}" in
  address|thread) flags=(-Xswiftc "-sanitize=fuzzer,$SANITIZER") ;;
  coverage) flags=(-Xswiftc -sanitize=fuzzer -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping) ;;
  none) flags=(-Xswiftc -sanitize=fuzzer) ;;
  *) echo "build.sh: SANITIZER=$SANITIZER is not one Swift supports on Linux (address, thread, coverage, none)" >&2; exit 1 ;;
esac
# OSS-Fuzz's image brings a symbolizer that reads Swift's names; copy it when it is there.
if command -v llvm-symbolizer-swift >/dev/null 2>&1; then cp "$(command -v llvm-symbolizer-swift)" "$OUT/llvm-symbolizer"; fi
# The corpus tool (a plain release tabcheck) builds beside the fuzzer: two builds whose long
# single-module steps leave a core idle each take it (157 s together here against 214 s one
# after the other, 2 cores). A failed fuzzer build stops it.
swift build -c release --product tabcheck --scratch-path "$WORK/swift-tools" >/dev/null &
tools_build=$!
trap 'kill "$tools_build" 2>/dev/null || true' EXIT
# A static standard library: the machines that run the fuzzers have no Swift installed.
TABGRID_FUZZ=1 swift build -c release --product TabGridFuzz --scratch-path "$WORK/swift-${SANITIZER:-address}" \
  --static-swift-stdlib "${flags[@]}" -Xswiftc -DFUZZING
bin="$WORK/swift-${SANITIZER:-address}/release/TabGridFuzz"
cp "$bin" "$OUT/tabgrid_sequence"
cp "$bin" "$OUT/tabgrid_session"
# Seed corpora: generated runs as bytes, and the session texts generated runs restore.
wait "$tools_build" || { echo "build.sh: the corpus tool (tabcheck) did not build" >&2; exit 1; }
trap - EXIT
tool="$WORK/swift-tools/release/tabcheck"
rm -rf "$WORK/corpus-sequence" "$WORK/corpus-session"
"$tool" corpus "$WORK/corpus-sequence" 200 >/dev/null
"$tool" corpus "$WORK/corpus-session" 200 --session >/dev/null
for target in sequence session; do
  rm -f "$OUT/tabgrid_${target}_seed_corpus.zip"
  (cd "$WORK/corpus-$target" && zip -q -j "$OUT/tabgrid_${target}_seed_corpus.zip" ./*)
done
