#!/usr/bin/env bash
# Checks the HTML report in a real browser: renders the report of a planted failure in
# headless Chromium and fails on any console message (the page logs nothing, so any is an
# error), on a frame count other than the shrunk sequence's length + 1, or on text missing
# from the page; takes a screenshot. Then one report per kind of failure (a wrong close, a
# reorder, a layout, a swipe, a session, a crash, a partial driver): each fails when its
# failing frames do not end within the first 800 px at 1280×800, when a differing cell is
# not outlined, or when the card's text is missing.
#
#   scripts/report-check.sh [--no-install] [--screenshot FILE]
#
# Chromium comes from Debian's packages: when it is missing and this runs as root with
# apt-get, it is installed (`apt-get install chromium`, about 40 s); otherwise, or with
# --no-install, the check says it is skipped and exits 0. .ci/run calls this.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
install=1; shot=""
while [ $# -gt 0 ]; do
  case "$1" in
    --no-install) install=0; shift ;;
    --screenshot) [ $# -ge 2 ] || { echo "report-check: --screenshot needs a file name" >&2; exit 2; }; shot="$2"; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "report-check: unknown argument \"$1\" (see --help)" >&2; exit 2 ;;
  esac
done

browser="$(command -v chromium || command -v chromium-browser || true)"
if [ -z "$browser" ] && [ $install -eq 1 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "report-check: Chromium is missing; installing it from Debian's packages (apt-get install chromium)…"
  if timeout 90 apt-get update -qq >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive timeout 300 apt-get install -y -qq chromium >/dev/null 2>&1; then
    browser="$(command -v chromium || true)"
  fi
fi
if [ -z "$browser" ]; then
  echo "report-check: SKIPPED — Chromium is not installed$([ $install -eq 1 ] && echo " and could not be installed") (apt-get install chromium enables this check)"
  exit 0
fi

(cd "$root" && swift build --product tabcheck-planted >/dev/null)
bin="$root/.build/debug/tabcheck-planted"
work="$(mktemp -d "${TMPDIR:-/tmp}/tabgrid-report-check.XXXXXX")"
trap 'rm -rf "$work"' EXIT
status=0
(cd "$work" && "$bin" --compare planted-f3,reference --sequences 200 --db db --json --quiet --html report.html --frames frames > summary.json 2> campaign.log) || status=$?
[ $status -eq 1 ] || { echo "report-check: FAIL — the planted campaign exited $status, expected 1 (a failure)"; exit 1; }
steps="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["failure"]["shrunkSteps"])' "$work/summary.json")"
expected=$((steps + 1))

flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --enable-logging=stderr --v=0)
timeout 120 "$browser" "${flags[@]}" --dump-dom "file://$work/report.html" > "$work/dom.html" 2> "$work/console.log" || true
timeout 120 "$browser" "${flags[@]}" --window-size=1300,1250 --screenshot="$work/shot.png" "file://$work/report.html" >/dev/null 2>&1 || true

problems=()
if grep -q "CONSOLE" "$work/console.log"; then problems+=("console output: $(grep CONSOLE "$work/console.log" | head -3 | tr '\n' ' ')"); fi
rendered="$(grep -o 'data-rendered-frames="[0-9]*"' "$work/dom.html" | grep -o '[0-9]*' || echo none)"
[ "$rendered" = "$expected" ] || problems+=("the page's script counted $rendered frames, expected $expected ($steps steps + 1)")
figures="$(grep -o '<figure class="frame[^"]*"' "$work/dom.html" | wc -l)"
[ "$figures" -eq "$expected" ] || problems+=("the DOM holds $figures frames, expected $expected")
svgs="$(ls "$work/frames" | wc -l)"
[ "$svgs" -eq "$expected" ] || problems+=("--frames wrote $svgs files, expected $expected")
texts=("Storyboard" "Broken:" "mapping" "before the first step" "fails here" "implementation" "planted-f3" "oracle" "reference"
       "Close All" "Search Tabs" "Campaign figures" "Rule coverage" "Sequence lengths" "Most tabs open" "Viewport class" "Reproduce" "--sequence-seed"
       "What failed" "Steps" "Regression test" "replay file")
for k in $(seq 1 "$steps"); do texts+=("step $k:"); done
for t in "${texts[@]}"; do grep -qF -- "$t" "$work/dom.html" || problems+=("text missing from the page: \"$t\""); done
size="$(stat -c %s "$work/shot.png" 2>/dev/null || echo 0)"
[ "$size" -gt 20000 ] || problems+=("the screenshot is blank or missing ($size bytes)")

# #27: one report per kind of failure, each opening on its failure. At 1280×800 the failing
# frames must end within the first screen, a differing cell must be outlined where the two
# drivers show different tabs, and the card's text must be there.
#   kind | drivers | must outline a differing cell | texts
kinds=(
  "wrong close of a hidden tab|planted-f3|1|hidden by the query|closed by this step"
  "reorder|planted-reorder|1|moved|tabList"
  "layout|planted-layout|0|itemsPerRow|L6"
  "swipe|planted-swipe|0|swipeLock|G4"
  "session|planted-session|0|session|P2"
  "crash|planted-trap|0|crash|trap"
  "partial driver|planted-partial|1|mapping|F10"
)
for row in "${kinds[@]}"; do
  IFS='|' read -r kind drivers outline t1 t2 <<< "$row"
  dir="$work/kind-${drivers}"; mkdir -p "$dir"
  s=0; (cd "$dir" && "$bin" --compare "$drivers,reference" --sequences 300 --db db --quiet --html report.html > out.txt 2>&1) || s=$?
  [ $s -eq 1 ] || { problems+=("$kind: the planted campaign exited $s, expected 1"); continue; }
  timeout 120 "$browser" "${flags[@]}" --window-size=1280,800 --dump-dom "file://$dir/report.html" > "$dir/dom.html" 2> "$dir/console.log" || true
  bottom="$(grep -o 'data-failure-bottom="[0-9]*"' "$dir/dom.html" | grep -o '[0-9]*' || echo none)"
  { [ "$bottom" != none ] && [ "$bottom" -le 800 ]; } || problems+=("$kind: the failing frames end at $bottom px, below the first screen (800 px)")
  card="$(sed -n '/id="failure"/,/id="steps"\|id="storyboard"/p' "$dir/dom.html")"
  if [ "$outline" = 1 ] && ! grep -q 'tabcell[^"]*differs' <<< "$card"; then problems+=("$kind: no differing cell is outlined in the failure card"); fi
  for t in "What failed" "Reproduce" "Regression test" "$t1" "$t2"; do
    grep -qF -- "$t" "$dir/dom.html" || problems+=("$kind: text missing from the page: \"$t\"")
  done
  if grep -q "CONSOLE" "$dir/console.log"; then problems+=("$kind: console output: $(grep CONSOLE "$dir/console.log" | head -2 | tr '\n' ' ')"); fi
done

if [ ${#problems[@]} -gt 0 ]; then
  echo "report-check: FAIL ($("$browser" --version 2>/dev/null | tail -1))"
  for p in "${problems[@]}"; do echo "  - $p"; done
  exit 1
fi
[ -n "$shot" ] && cp "$work/shot.png" "$shot"
echo "report-check: PASS — $("$browser" --version 2>/dev/null | tail -1): $expected frames ($steps steps + 1) rendered, no console output, ${#texts[@]} expected texts present, screenshot $size bytes${shot:+ saved to $shot}; ${#kinds[@]} kinds of failure each open on their failure within the first 800 px"
