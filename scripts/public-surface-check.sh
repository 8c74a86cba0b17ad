#!/usr/bin/env bash
# The public surface an adopter meets (#38; docs/architecture.md, "What is public, and why"),
# checked without a build: the library products are TabModel, TabGridCore, TabGridTesting and
# TabCheckCLI (the executables are this repository's tools); the modules an adopter links (TabGridCore, TabGridTesting, TabCheckCLI) reach
# neither TabModel nor ProductionDriver; the engine's modules declare nothing `public`, and
# TabCheckCLI only `TabCheck.main`. Exits 1 naming what broke.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/args.sh
args_parse "$@"
swift package describe --type json 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
deps = {t["name"]: t.get("target_dependencies", []) for t in d["targets"]}
def closure(n, seen=None):
    seen = set() if seen is None else seen
    for m in deps.get(n, []):
        if m not in seen:
            seen.add(m); closure(m, seen)
    return seen
bad = []
libraries = sorted(p["name"] for p in d["products"] if "library" in p.get("type", {}))
if libraries != sorted(["TabModel", "TabGridCore", "TabGridTesting", "TabCheckCLI"]):
    bad.append("library products are %s" % libraries)
for adopter in ["TabGridCore", "TabGridTesting", "TabCheckCLI"]:
    reached = closure(adopter) & {"TabModel", "ProductionDriver", "TabGridCommands"}
    if reached: bad.append("%s reaches %s" % (adopter, sorted(reached)))
for b in bad: print("public-surface-check: " + b, file=sys.stderr)
sys.exit(1 if bad else 0)
'
# ChangedMiddle and ASCIIText are public on purpose (their files say why: an @inlinable package
# generic is not specialized across modules); ReferenceModel is no product, so no adopter can import it.
leaks="$(grep -rnE '^\s*(@[a-zA-Z]+ )*(public|open) ' Sources/Checker Sources/Generators Sources/Shrinking Sources/ReferenceModel \
  Sources/ProductionDriver Sources/TabGridCommands --include=*.swift | grep -v '^Sources/ReferenceModel/ChangedMiddle.swift:\|^Sources/ReferenceModel/ASCIIText.swift:' || true)"
cli="$(grep -rnE '^\s*(@[a-zA-Z]+ )*(public|open) ' Sources/TabCheckCLI --include=*.swift | grep -vE 'public (enum TabCheck|static func main\(drivers:)' || true)"
if [ -n "$leaks$cli" ]; then
  echo "public-surface-check: engine declarations that are public (make them package):" >&2
  printf '%s\n%s\n' "$leaks" "$cli" | sed '/^$/d' >&2
  exit 1
fi
echo "public-surface-check: products and public declarations as docs/architecture.md lists them"
