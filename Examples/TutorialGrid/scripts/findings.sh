#!/usr/bin/env bash
# The findings loop of docs/tutorial-findings.md, rerun: for K = 0 … (number of fixes), the
# tutorial's view-model with its first K fixes (Fixes.allCases) against the reference, one
# campaign each (default seed, --time-limit SEC), and the failure it reports — rule, shrunk
# sequence, time to find, shrink time — as Markdown rows; then the fully fixed driver for
# 60 s on two seeds. Release build.
#
#   Examples/TutorialGrid/scripts/findings.sh [SEC]     (default 10)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# The package's own argument parser (--help, a bad SEC: one line and exit 2, before any build).
limit=10
. "$here/../../../scripts/lib/args.sh"
args_pos limit pnum
args_parse "$@"
cd "$here/.."
swift build -c release --product tutorial-tabcheck >/dev/null
bin=.build/release/tutorial-tabcheck
fixes="$(sed -n 's/.*public static let allCases: \[Fixes\] = \[\(.*\)\]/\1/p' Sources/TutorialGrid/Fixes.swift | tr -d ' .' | tr ',' ' ')"
set -- $fixes
echo "| K | fixes applied before | property: rule | shrunk sequence | steps (original → shrunk) | time to find (s) | shrink (s) |"
echo "|---|---|---|---|---|---|---|"
k=0; applied="none"
while :; do
  name=tutorial; [ $k -gt 0 ] && name="tutorial-$k"
  "$bin" --compare "$name,reference" --time-limit "$limit" --no-db --json --quiet > /tmp/findings.json 2> /tmp/findings.err || true
  python3 - "$k" "$applied" <<'PY'
import json, sys, re
k, applied = sys.argv[1], sys.argv[2]
d = json.load(open('/tmp/findings.json'))
f = d.get('failure')
if not f:
    print(f"| {k} | {applied} | — | passes: {d['sequences']} sequences, {d['steps']} steps in {d['elapsed']:.0f} s | | | |")
    sys.exit()
err = open('/tmp/findings.err').read()
steps = re.findall(r'^\s+\d+  (.*?)(?:  ← fails here)?$', err.split('shrunk', 1)[1].split('Broken:')[0], re.M)
seq = '<br>'.join(s.replace('|', '\\|') for s in steps)
print(f"| {k} | {applied} | {f['property']}: {f['rule']} | {seq} | {f['originalSteps']} → {f['shrunkSteps']} | {d['secondsToFailure']:.4f} | {d['shrinkSeconds']:.4f} |")
PY
  [ $k -ge $# ] && break
  k=$((k+1)); eval "fix=\${$k}"; applied="$fix"
done
for seed in 0x7ab6121d 2; do
  "$bin" --compare tutorial-fixed,reference --time-limit 60 --seed "$seed" --no-db --quiet 2>&1 | tail -1 | sed "s/^/tutorial-fixed, seed $seed: /"
done
