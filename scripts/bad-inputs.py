#!/usr/bin/env python3
"""Runs every bad input in Tests/bad-inputs/table.tsv through a built tabcheck and writes the
table of what happened (input, exit code, message) to docs/bad-inputs.md.

    scripts/bad-inputs.py [--bin DIR] [--out FILE] [--json]

--bin   folder holding the tabcheck executable (default: .build/debug, built first if absent)
--out   where to write the Markdown table (default: docs/bad-inputs.md)
--json  also print one JSON object per input on stdout (CLITests reads these)

Exit 0 when every input got its expected exit code and exactly one line on stderr (none for
--help), 1 otherwise. Each run is killed after 60 s, which counts as a hang.
"""
import json, os, subprocess, sys, tempfile, time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
args = sys.argv[1:]
bin_dir = os.path.join(root, ".build", "debug")
out = os.path.join(root, "docs", "bad-inputs.md")
emit_json = False
while args:
    a = args.pop(0)
    if a == "--bin" and args: bin_dir = args.pop(0)
    elif a == "--out" and args: out = args.pop(0)
    elif a == "--json": emit_json = True
    elif a in ("-h", "--help"): print(__doc__.strip()); sys.exit(0)
    else: print(f"bad-inputs: unknown argument {a!r} (see --help)", file=sys.stderr); sys.exit(2)

tabcheck = os.path.join(bin_dir, "tabcheck")
if not os.path.exists(tabcheck):
    subprocess.run(["swift", "build", "--product", "tabcheck"], cwd=root, check=True)
if not os.path.exists(os.path.join(bin_dir, "tabcheck-bench")):
    subprocess.run(["swift", "build", "--product", "tabcheck-bench"], cwd=root, check=True)

def replay(actions, **fields):
    d = {"format": "tabcheck-replay", "version": 1, "compare": ["production", "reference"], "actions": actions}
    d.update(fields)
    return json.dumps(d)

work = tempfile.mkdtemp(prefix="tabgrid-bad-inputs-")
f = os.path.join(work, "f"); os.mkdir(f)
empty_dir = os.path.join(work, "dir"); os.mkdir(empty_dir)
fifo = os.path.join(work, "fifo"); os.mkfifo(fifo)
fixtures = {
    "a.json": replay([{"newTab": {}}]),
    "b.json": replay([{"newTab": {}}]),
    "not-json.json": "this is not JSON",
    "empty.json": "",
    "big-index.json": replay([{"newTab": {}}]).replace('{"newTab": {}}', '{"closeDisplayed": {"_0": 100000000000000000000000}}'),
    "huge-float.json": replay([{"newTab": {}}]).replace('{"newTab": {}}', '{"swipeChanged": {"tx": 1e400}}'),
    "deep.json": "[" * 100000 + "]" * 100000,
    "wrong-format.json": replay([{"newTab": {}}], format="something-else"),
    "version-2.json": replay([{"newTab": {}}], version=2),
    "no-actions.json": json.dumps({"format": "tabcheck-replay", "version": 1, "compare": ["production", "reference"]}),
    "empty-actions.json": replay([]),
    "unknown-action.json": replay([{"launchRocket": {}}]),
    "unknown-driver.json": replay([{"newTab": {}}], compare=["nope", "reference"]),
    "too-many-actions.json": replay([{"newTab": {}}] * 100001),
    "policy-unknown-knob.json": json.dumps({"reopenLimt": 3}),
    "policy-bad-value.json": json.dumps({"activeAfterClose": "sideways"}),
    "policy-too-many.json": json.dumps({"reopenLimit": 1000000}),
    "policy-array.json": "[]",
    "version-fraction.json": json.dumps({"format": "tabcheck-replay", "version": 1.5, "compare": ["production", "reference"], "actions": [{"newTab": {}}]}),
    "version-bool.json": json.dumps({"format": "tabcheck-replay", "version": True, "compare": ["production", "reference"], "actions": [{"newTab": {}}]}),
    "top-array.json": json.dumps([{"newTab": {}}]),
    "words-log.json": "tabcheck: production vs reference, seed 0x7ab6121d\n",
    "huge-query.json": replay([{"newTab": {}}, {"setTitle": {"id": "t1", "title": "a" * 200000}}, {"setQuery": {"_0": "a" * 100000 + "b"}}]),
    "huge-title.json": replay([{"newTab": {}}, {"setTitle": {"id": "t1", "title": "a" * 5000}}]),
    "session.json": "{}",
    "date-log.json": "2026-11-24 23:40:01 FAIL: mapping broke rule F3\n",
}
for name, text in fixtures.items():
    with open(os.path.join(f, name), "w") as fh: fh.write(text)
with open(os.path.join(f, "bytes.bin"), "wb") as fh: fh.write(bytes(range(64)))
with open(os.path.join(f, "too-big.json"), "wb") as fh: fh.truncate(17 << 20)   # sparse, 17 MB

rows, ok = [], True
with open(os.path.join(root, "Tests", "bad-inputs", "table.tsv")) as table:
    for line in table:
        line = line.rstrip("\n")
        if not line or line.startswith("#"): continue
        argv, expected_status, expected_text = line.split("\t")
        argv = [a.replace("{f}", f).replace("{fifo}", fifo).replace("{dir}", empty_dir).replace("{empty}", "") for a in argv.split(" ")]
        # A row may name another executable of the package first (tabcheck-bench).
        program = "tabcheck"
        if argv[0].startswith("tabcheck-"): program = argv.pop(0)
        t0 = time.monotonic()
        try:
            p = subprocess.run([os.path.join(bin_dir, program)] + argv, cwd=work, capture_output=True, timeout=60, stdin=subprocess.DEVNULL)
            status, stderr, stdout = p.returncode, p.stderr.decode("utf-8", "replace"), p.stdout.decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            status, stderr, stdout = "hang", "", ""
        seconds = time.monotonic() - t0
        lines = [l for l in stderr.split("\n") if l]
        shown = " ".join(argv).replace(work + "/f/", "FIXTURE/").replace(work + "/", "")
        good = (str(status) == expected_status and expected_text in (lines[0] if lines else "")
                and (len(lines) == 1 if expected_status == "2" else not lines and stdout.strip()))
        ok = ok and good
        rows.append({"program": program, "args": shown, "status": status, "expected": int(expected_status), "stderr": lines,
                     "expectedText": expected_text, "seconds": round(seconds, 3), "ok": bool(good)})
        if emit_json: print(json.dumps(rows[-1], ensure_ascii=False))

with open(out, "w") as md:
    md.write("# Bad inputs and what tabcheck says\n\n")
    md.write("Generated by `scripts/bad-inputs.py` from `Tests/bad-inputs/table.tsv` — do not edit by hand.\n")
    md.write(f"{len(rows)} inputs, {sum(r['ok'] for r in rows)} handled as expected: exit 2 and one line on stderr "
             "(or, for `--help`, exit 0 and the help on stdout). No input trapped or hung (each run is killed after 60 s).\n")
    md.write("FIXTURE/ files are made by the script: `big-index.json` holds an index of 10²³, `huge-float.json` 1e400, `deep.json` "
             "100,000 nested arrays, `too-big.json` 17 MB, `too-many-actions.json` 100,001 actions; `fifo` is a named pipe, `dir` an empty folder.\n\n")
    md.write("| input | exit | message |\n|---|---|---|\n")
    for r in rows:
        msg = (r["stderr"][0] if r["stderr"] else "(help on stdout)").replace(work + "/f/", "FIXTURE/").replace(work + "/", "").replace("|", "\\|")
        md.write(f"| `{r['program']} {r['args']}` | {r['status']}{'' if r['ok'] else ' ✘'} | {msg} |\n")

subprocess.run(["rm", "-rf", work])
print(f"{sum(r['ok'] for r in rows)}/{len(rows)} bad inputs handled; table written to {out}", file=sys.stderr)
sys.exit(0 if ok else 1)
