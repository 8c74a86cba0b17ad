# Sourced (never run) by the scripts that build this package with a catalogue mutant
# applied: scripts/mutation-score.sh and scripts/oss-fuzz-check.sh. Set `root` first.
#
# One kept copy of the sources, at one path, built into one kept scratch folder: the build
# of the next mutant (or of the correct code again) recompiles the files that changed and
# what depends on them, not the package from scratch — whichever of the two scripts built
# last. tar keeps each file's time, so a file the last mutant patched differs from the copy
# and is rebuilt; the rest are not. One run at a time holds the copy (a lock; a second run
# waits for it and says so).
#
#   patched_dir    .build-patched/
#   patched_tree   the copy of Package.swift, Sources, Tests, .clusterfuzzlite
#   patched_work   WORK for .clusterfuzzlite/build.sh (its fuzz builds: swift-<sanitizer>)
#   patched_tools  the release tabcheck's scratch path: build.sh builds its corpus tool
#                  there ($WORK/swift-tools), mutation-score.sh its mutants — one build
patched_dir="$root/.build-patched"
patched_tree="$patched_dir/tree"
patched_work="$patched_dir/work"
patched_tools="$patched_work/swift-tools"

# Holds the copy for this process (until it exits); waits, saying so, while another has it.
patched_lock() {
  command -v flock >/dev/null || { echo "$(basename "$0"): needs flock (util-linux) to hold $patched_dir" >&2; exit 2; }
  mkdir -p "$patched_tree" "$patched_work"
  exec 9> "$patched_dir/lock"
  if ! flock -n 9; then
    echo "$(basename "$0"): waiting for another run using $patched_dir…" >&2
    flock 9
  fi
}

# The copy as the sources are now: changed files copied with their times, files gone from
# the sources removed (else they would still be compiled). A copy that cannot be brought up
# to date ends the run (exit 2): a build of it would judge the last mutant's code, not this one's.
patched_sync() {
  if ! { (cd "$root" && tar cf - Package.swift Sources Tests .clusterfuzzlite) | (cd "$patched_tree" && tar xf -); } \
     || ! (cd "$patched_tree" && find Sources Tests -type f) | while IFS= read -r f; do
          [ -e "$root/$f" ] || rm -f "$patched_tree/$f" || exit 1
        done; then
    echo "$(basename "$0"): cannot bring $patched_tree up to date with the sources; remove $patched_dir and run again" >&2
    exit 2
  fi
}

# patched_apply PATCH: the copy as the sources are now, with PATCH applied; fails (status 1,
# the copy left as the sources) when it does not apply.
patched_apply() {
  patched_sync
  if ! (cd "$patched_tree" && patch -s -p1 --dry-run < "$1") >/dev/null 2>&1; then return 1; fi
  (cd "$patched_tree" && patch -s -p1 < "$1") >/dev/null
}

# patched_build: the release tabcheck of the copy as it is; prints its path.
patched_build() {
  (cd "$patched_tree" && swift build -c release --product tabcheck --scratch-path "$patched_tools" >/dev/null 2>&1) || return 1
  echo "$patched_tools/release/tabcheck"
}
