#!/usr/bin/env bash
# The Python model checked through the wire protocol, as .ci/run does: it passes under its
# policy (policy.json), and its planted bug (--bug) is found. Says SKIPPED and exits 0 when
# python3 is not installed. Usage: Examples/PythonTabs/check.sh [--sequences N] [--help]
set -euo pipefail
cd "$(dirname "$0")/../.."
sequences=500
while [ $# -gt 0 ]; do
  case "$1" in
    --sequences) [ -z "${given:-}" ] || { echo "check.sh: --sequences given twice; give it once" >&2; exit 2; }; given=1
      [ $# -ge 2 ] && [[ "$2" =~ ^[1-9][0-9]{0,6}$ ]] || { echo "check.sh: --sequences takes a whole number 1…9999999" >&2; exit 2; }; sequences=$2; shift 2 ;;
    -h|--help) sed -n '2,4p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "check.sh: unknown argument \"$1\" (check.sh --help)" >&2; exit 2 ;;
  esac
done
command -v python3 >/dev/null || { echo "Examples/PythonTabs: SKIPPED (no python3 on PATH)"; exit 0; }
tool=.build/release/tabcheck
[ -x "$tool" ] || { swift build -c release --product tabcheck >/dev/null; }
model="python3 Examples/PythonTabs/tabs.py"
log="${TMPDIR:-/tmp}/tabgrid-python-example.log"
"$tool" --wire "$model" --policy Examples/PythonTabs/policy.json --sequences "$sequences" --seed 1 --no-db --quiet > "$log" 2>&1 \
  || { cat "$log"; echo "Examples/PythonTabs: the model failed under its policy" >&2; exit 1; }
tail -1 "$log"
set +e
"$tool" --wire "$model --bug" --policy Examples/PythonTabs/policy.json --sequences "$sequences" --seed 1 --no-db --quiet > "$log" 2>&1
status=$?
set -e
if [ "$status" -ne 1 ] || ! grep -q "activeTab broke rule A3" "$log"; then
  cat "$log"; echo "Examples/PythonTabs: the planted bug (--bug, A3) was not found (exit $status)" >&2; exit 1
fi
grep -m1 "^shrunk" "$log"
echo "Examples/PythonTabs: passes under policy.json; its planted A3 bug found and shrunk"
