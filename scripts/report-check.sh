#!/usr/bin/env bash
# Checks the HTML report in a real browser: renders the report of a planted failure in
# headless Chromium and fails on any console message (the page logs nothing, so any is an
# error), on a frame count other than the shrunk sequence's length + 1, or on text missing
# from the page; takes a screenshot. Then one report per kind of failure, measured in the
# browser (see below).
#
#   scripts/report-check.sh [--no-install] [--install-only] [--screenshot FILE] [--tool PATH]
#
# --install-only: install Chromium when it is missing (as below), then stop. .ci/run starts
# this in the background while the tests build, so the install costs no time of its own.
# --tool PATH: use this built tabcheck-planted (.ci/run passes the one `swift test -c release`
# built) instead of building one in debug.
#
# Chromium comes from Debian's packages: when it is missing and this runs as root with
# apt-get, it is installed (`apt-get install chromium`, about 40 s); otherwise, or with
# --no-install, the check says it is skipped and exits 0. .ci/run calls this.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
install=1; shot=""; tool=""; no_install=0; install_only=0
. "$root/scripts/lib/args.sh"
args_flag --no-install no_install
args_flag --install-only install_only
args_opt --screenshot shot out
args_opt --tool tool exe
args_parse "$@"
[ $no_install = 1 ] && install=0
[ $no_install = 1 ] && [ $install_only = 1 ] && args_fail "--install-only and --no-install contradict each other"

browser="$(command -v chromium || command -v chromium-browser || true)"
if [ -z "$browser" ] && [ $install -eq 1 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "report-check: Chromium is missing; installing it from Debian's packages (apt-get install chromium)…"
  if timeout 90 apt-get update -qq >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive timeout 300 apt-get install -y -qq chromium >/dev/null 2>&1; then
    browser="$(command -v chromium || true)"
  fi
fi
if [ $install_only = 1 ]; then
  if [ -n "$browser" ]; then echo "report-check: Chromium is at $browser"; else echo "report-check: Chromium could not be installed; the check will say SKIPPED"; fi
  exit 0
fi
if [ -z "$browser" ]; then
  echo "report-check: SKIPPED — Chromium is not installed$([ $install -eq 1 ] && echo " and could not be installed") (apt-get install chromium enables this check)"
  exit 0
fi

if [ -n "$tool" ]; then
  bin="$(cd "$(dirname "$tool")" && pwd)/$(basename "$tool")"
else
  (cd "$root" && swift build --product tabcheck-planted >/dev/null)
  bin="$root/.build/debug/tabcheck-planted"
fi
# The build's description (for its package name), CONFIG.yaml beside .build/CONFIG — or two
# levels up from the triple's folder, .build/x86_64-unknown-linux-gnu/CONFIG.
built="$(dirname "$bin")"
yaml="$built.yaml"; [ -f "$yaml" ] || yaml="$(dirname "$(dirname "$built")")/$(basename "$built").yaml"
[ -f "$yaml" ] || { echo "report-check: no build description (CONFIG.yaml) beside $bin: is it in a SwiftPM .build folder?" >&2; exit 2; }

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

# One report per kind of failure (decisions.md, Reports), each measured in the browser at
# 1280×800 and 390×844 by scripts/report-audit.js (injected into a copy of the page) and
# judged by scripts/report-audit.py: a failure sentence with expected and got values, a mark
# in the frames for every field of the −/+ table, the table and the failing frames within
# the first 800 px, nothing outside the page or overlapping, text of 9 px or more on a
# phone, the texts the kind must show — and the page's regression test must compile.
#   kind | implementation (or IMPL,ORACLE) | texts | extra flags | environment
kinds=(
  "wrong close of a hidden tab|planted-f3|hidden by the query|closed by this step"
  "reorder|planted-reorder|moved|F9 broken"
  "reopen|planted-reopen|recently closed|U2 broken"
  "stale filter|planted-filter|F1 broken|F1 match"
  "layout L5 on a tiny viewport|planted-tiny|too small to draw|L5 broken"
  "layout L7|planted-l7|L2 broken|layout"
  "layout L6|planted-layout|L6 broken|itemsPerRow"
  "swipe|planted-swipe|released|G4 broken"
  "session round trip|planted-session|P2 broken|restored"
  "failed restore|planted-restore|restore from input: invalid|F10 broken"
  "crash|planted-trap|trapped at this step|TrapsOnLastClose.apply"
  "partial driver (Close All only)|planted-partial|F10 broken|Close All"
  "partial driver (filter only)|planted-partial-filter|Search Tabs|F1"
  "failure before the first step|planted-start|before the first step|policy: this sequence passes"
  "a property of the package's own|production|a property of this package's own|atMostFiveTabs||TABCHECK_PLANTED_CUSTOM=1"
  "a run under a policy|production|policy qutebrowser|Replaced in this run by the policy|--policy qutebrowser"
  "a trapping oracle|production,trapping-oracle|The oracle trapping-oracle trapped|trapped at this step"
)
tests="$work/regression-tests.swift"
# What RegressionTests.swift imports: the regression test is pasted there.
sed -n '/^import /p' "$root/Tests/PropertyTests/RegressionTests.swift" > "$tests"
# One kind: its campaign, its page read in the browser; problems into $dir/problems.
check_kind() {  # check_kind ROW
  local kind drivers t1 t2 extra environment compare dir s
  IFS='|' read -r kind drivers t1 t2 extra environment <<< "$1"
  compare="$drivers"; [[ "$drivers" == *,* ]] || compare="$drivers,reference"
  dir="$work/kind-$(echo "$kind" | tr -cd '[:alnum:]')"; mkdir -p "$dir"; : > "$dir/problems"
  # shellcheck disable=SC2086  # extra flags and the environment are words on purpose
  s=0; (cd "$dir" && env $environment "$bin" --compare "$compare" --sequences 300 --db db --quiet --html report.html $extra > out.txt 2>&1) || s=$?
  [ $s -eq 1 ] || { echo "$kind: the planted campaign exited $s, expected 1" >> "$dir/problems"; return; }
  # The audit runs in a copy: the page tabcheck wrote is never changed.
  # A phone is a 390 × 844 frame in a page of its own: headless Chromium's window is never
  # narrower than 500 px.
  python3 - "$dir/report.html" "$root/scripts/report-audit.js" "$dir/audit.html" "$dir/audit-phone.html" <<'PY'
import html, sys
page, script, out, phone = sys.argv[1:5]
text = open(page, encoding="utf-8").read()
js = open(script, encoding="utf-8").read()
audited = text.replace("</body>", "<script>//<![CDATA[\n" + js + "\n//]]></script>\n</body>")
open(out, "w", encoding="utf-8").write(audited)
open(phone, "w", encoding="utf-8").write('<!DOCTYPE html><html><body style="margin:0"><iframe style="border:0" width="390" height="844" srcdoc="'
                                         + html.escape(audited, quote=True) + '"></iframe></body></html>')
PY
  timeout 120 "$browser" "${flags[@]}" --user-data-dir="$dir/profile" --window-size=1280,800 --dump-dom "file://$dir/audit.html" > "$dir/wide.html" 2> "$dir/console.log" || true
  timeout 120 "$browser" "${flags[@]}" --user-data-dir="$dir/profile" --window-size=1280,900 --dump-dom "file://$dir/audit-phone.html" > "$dir/phone.html" 2>> "$dir/console.log" || true
  python3 "$root/scripts/report-audit.py" "$kind" "$dir/wide.html" "$dir/phone.html" "$dir/test.swift" "What failed" "Reproduce" "Regression test" "$t1" "$t2" >> "$dir/problems"
  if grep -q "CONSOLE" "$dir/console.log"; then echo "$kind: console output: $(grep CONSOLE "$dir/console.log" | head -2 | tr '\n' ' ')" >> "$dir/problems"; fi
}
# Two kinds at a time (each is a campaign and two browsers, mostly one core each); the
# problems and tests are gathered afterwards in the table's order.
for row in "${kinds[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n || true; done
  check_kind "$row" &
done
wait
for row in "${kinds[@]}"; do
  IFS='|' read -r kind _ <<< "$row"
  dir="$work/kind-$(echo "$kind" | tr -cd '[:alnum:]')"
  while IFS= read -r p; do [ -n "$p" ] && problems+=("$p"); done < "$dir/problems"
  [ -f "$dir/test.swift" ] || continue
  # Each kind's test in a suite of its own (two kinds may give one test name); a driver the
  # test names but cannot know (`plantedF3`, registered only in tabcheck-planted) is declared
  # as the user declares theirs, here as production.
  name="Kind$(echo "$kind" | tr -cd '[:alnum:]')"
  { echo "@Suite struct $name {"; cat "$dir/test.swift"; echo; echo "}"; } >> "$tests"
  grep -o '// `[A-Za-z0-9]*`: the GridDriverFactory registered as' "$dir/test.swift" | grep -o '`[A-Za-z0-9]*`' | tr -d '`' >> "$work/undeclared" || true
done
sort -u "$work/undeclared" 2>/dev/null | while read -r id; do echo "let $id = GridDriverFactory.production"; done >> "$tests"
# A property of the package's own, named by its type: declared as the package declares it.
grep -oh 'customProperties: \[[A-Za-z0-9]*()' "$work"/kind-*/test.swift 2>/dev/null | grep -o '\[[A-Za-z0-9]*' | tr -d '[' | sort -u | while read -r t; do
  echo "struct $t: GridStepProperty { static let name = GridPropertyName(\"$t\"); var rules: [String] { [] }; var needs: Set<GridCapability> { [] }"
  echo "    func check(_ s: GridStepFacts, _ pre: GridObservation, _ post: GridObservation) -> GridViolation? { nil } }"
done >> "$tests"
# Compile the pasted tests against this package's modules, as RegressionTests.swift is.
# (The build --tool came from holds them already; else a debug build of TabGridTesting.)
[ -n "$tool" ] || (cd "$root" && swift build --target TabGridTesting >/dev/null 2>&1) || true
package="$(grep -o -- '"-package-name","[^"]*"' "$yaml" | head -1 | cut -d'"' -f4)"
if ! swiftc -typecheck -package-name "$package" -I "$built/Modules" "$tests" > "$work/compile.log" 2>&1; then
  problems+=("the pages' regression tests do not compile: $(grep -m2 'error:' "$work/compile.log" | tr '\n' ' ')")
fi
compiled="$(grep -c '^@Test\|^    @Test\|@Test func' "$tests" || true)"

if [ ${#problems[@]} -gt 0 ]; then
  echo "report-check: FAIL ($("$browser" --version 2>/dev/null | tail -1))"
  for p in "${problems[@]}"; do echo "  - $p"; done
  exit 1
fi
[ -n "$shot" ] && cp "$work/shot.png" "$shot"
echo "report-check: PASS — $("$browser" --version 2>/dev/null | tail -1): $expected frames ($steps steps + 1) rendered, no console output, ${#texts[@]} expected texts present, screenshot $size bytes${shot:+ saved to $shot}; ${#kinds[@]} kinds of failure each read at 1280 and 390 px (sentence, marks, first screen, no overlap, text ≥ 9 px) and their $compiled regression tests compile"
