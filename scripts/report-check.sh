#!/usr/bin/env bash
# Checks the HTML report in a real browser: renders the report of a planted failure in
# headless Chromium and fails on any console message (the page logs nothing, so any is an
# error), on a frame count other than the shrunk sequence's length + 1, or on text missing
# from the page; takes a screenshot.
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
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
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
       "Close All" "Search Tabs" "Campaign" "Rule coverage" "Sequence lengths" "Most tabs open" "Viewport class" "Reproduce" "--sequence-seed")
for k in $(seq 1 "$steps"); do texts+=("step $k:"); done
for t in "${texts[@]}"; do grep -qF -- "$t" "$work/dom.html" || problems+=("text missing from the page: \"$t\""); done
size="$(stat -c %s "$work/shot.png" 2>/dev/null || echo 0)"
[ "$size" -gt 20000 ] || problems+=("the screenshot is blank or missing ($size bytes)")

if [ ${#problems[@]} -gt 0 ]; then
  echo "report-check: FAIL ($("$browser" --version 2>/dev/null | tail -1))"
  for p in "${problems[@]}"; do echo "  - $p"; done
  exit 1
fi
[ -n "$shot" ] && cp "$work/shot.png" "$shot"
echo "report-check: PASS — $("$browser" --version 2>/dev/null | tail -1): $expected frames ($steps steps + 1) rendered, no console output, ${#texts[@]} expected texts present, screenshot $size bytes${shot:+ saved to $shot}"
