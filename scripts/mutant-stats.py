#!/usr/bin/env python3
"""One mutant's row of docs/mutation-score.md, from its campaigns' JSON summaries.

    mutant-stats.py RUNS SEEDS BIN NAME FINALS ALL_CANDIDATES PROOF

RUNS holds S.json (tabcheck --json) and db-S/ (its failure database) for seeds 1..SEEDS.
Failures are grouped by what broke (property and rule): the shrinker keeps a failure's
rule, so two rules are two failures, each with its own minimum. Per group: the shrunk
length's min/median/max, the distinct shrunk sequences, and (PROOF=1) the proven minimum:
`BIN minimal --from` the group's shortest shrunk failure, over every sequence one step
shorter (at most 5) on the alphabet drawn from it. Appends the distinct sequences to FINALS
and every shrink's candidate count to ALL_CANDIDATES; prints one line of fields separated
by "|": result, time to failure, original steps, shrunk, finals, proven, candidates,
shrink seconds, reported, and two flags (canonical, minimal) for the summary.
"""
import json, os, re, statistics, subprocess, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import pyargs

runs, seeds, binary, name, finals_file, all_file, proof = pyargs.positional(__doc__, 7)
# Each argument checked before any reading (#54: a missing RUNS folder printed "survived").
pyargs.require(os.path.isdir(runs), f"RUNS {runs!r} is not a folder")
pyargs.require(seeds.isdigit() and int(seeds) >= 1, f"SEEDS takes a whole number ≥ 1, got {seeds!r}")
pyargs.require(os.access(binary, os.X_OK), f"BIN {binary!r} is not an executable")
pyargs.require(proof in ("0", "1"), f"PROOF takes 0 or 1, got {proof!r}")
for f in (finals_file, all_file):
    pyargs.require(os.path.isdir(os.path.dirname(os.path.abspath(f))), f"{f!r}: its folder does not exist")
rows = []
for s in range(1, int(seeds) + 1):
    try:
        with open(os.path.join(runs, "%d.json" % s)) as f:
            rows += [json.loads(l) for l in f if l.strip()]
    except (OSError, ValueError):
        pass
fails = [r for r in rows if r.get("result") == "fail"]
if not fails:
    print("survived|||||||||0|0")
    sys.exit()

groups = {}
for r in fails:
    groups.setdefault("%s: %s" % (r["failure"]["property"], r["failure"]["rule"]), []).append(r)
order = sorted(groups, key=lambda g: (-len(groups[g]), g))

def run_minimal(replay, depth, seconds):
    """`BIN minimal --from replay` to `depth`, within `seconds`: the length it found, whether
    it found none, the length it proved before it stopped, and its search time as " (T s)"."""
    out = subprocess.run([binary, "minimal", "--from", replay, "--max-length", str(depth), "--time-limit", str(seconds)],
                         capture_output=True, text=True).stdout
    took = re.search(r", ([0-9.]+) s, [0-9]+ jobs\)", out)
    found = re.search(r"^shortest over the alphabet ([0-9]+):", out, re.M)
    stopped = re.search(r"no failing sequence of length ≤ ([0-9]+) exists", out)
    return {"found": found.group(1) if found else None, "none": bool(re.search(r"^none over the alphabet", out, re.M)),
            "stopped": stopped.group(1) if stopped else None, "took": " (%s s)" % took.group(1) if took else ""}

def prove(group):
    """The proven minimum of a group, as the table shows it, and whether it equals every shrunk length."""
    lengths = [r["failure"]["shrunkSteps"] for r in group]
    best = min(group, key=lambda r: (r["failure"]["shrunkSteps"], r["failure"]["shrunk"]))
    shortest, replay = best["failure"]["shrunkSteps"], best["failure"].get("replayFile")
    if shortest <= 1:
        return "1", max(lengths) == 1
    if proof != "1" or not replay or not os.path.isfile(replay):
        return "", False
    depth = min(shortest - 1, 5)
    # A budget: a long failure's depth-5 search over its alphabet (with the restores of every
    # state it passes through) can run for many minutes and prove nothing (">5").
    m = run_minimal(replay, depth, 300)
    if m["found"]:
        return "%s (shrinker missed it)%s" % (m["found"], m["took"]), False
    if m["none"]:
        if shortest <= 6:
            return "%d%s" % (shortest, m["took"]), min(lengths) == max(lengths) == shortest
        return ">5%s" % m["took"], False
    if m["stopped"]:
        return ">%s (stopped at 300 s)" % m["stopped"], False
    return "search failed", False

def own_alphabet(group):
    """For each shrunk length above the group's shortest (up to 6): whether a final of that
    length is the shortest over the alphabet drawn from it (a local minimum of another
    basin) — what the search establishes within 120 s, as a line for FINALS."""
    lengths = sorted({r["failure"]["shrunkSteps"] for r in group})
    lines = []
    for length in lengths[1:]:
        if length > 6 or proof != "1":
            continue
        r = min((r for r in group if r["failure"]["shrunkSteps"] == length), key=lambda r: r["failure"]["shrunk"])
        replay = r["failure"].get("replayFile")
        if not replay or not os.path.isfile(replay):
            continue
        m = run_minimal(replay, length - 1, 120)
        if m["none"]:
            verdict = "the shortest over the alphabet drawn from it%s" % m["took"]
        elif m["found"]:
            verdict = "not the shortest over its own alphabet: %s%s" % (m["found"], m["took"])
        elif m["stopped"]:
            verdict = "no shorter one of length ≤ %s over its own alphabet (stopped at 120 s)" % m["stopped"]
        else:
            verdict = "search failed"
        lines.append("- the %d-step final of seed %d is %s\n" % (length, int(r["seed"], 16), verdict))
    return lines

with open(finals_file, "a") as out:
    out.write("\n## %s\n" % name)
    for g in order:
        finals = {}
        for r in groups[g]:
            finals.setdefault(tuple(r["failure"]["shrunk"]), []).append(int(r["seed"], 16))
        out.write("\n%s%s\n\n" % (g, "" if len(order) == 1 else " (%d seeds)" % len(groups[g])))
        for seq, ss in sorted(finals.items(), key=lambda kv: (-len(kv[1]), len(kv[0]), kv[0])):
            out.write("- %d seed%s (%s): `%s`\n" % (len(ss), "" if len(ss) == 1 else "s", ", ".join(map(str, sorted(ss))), " ⏵ ".join(seq)))
        own = own_alphabet(groups[g])
        if own:
            out.write("\nLonger finals, searched over their own alphabets:\n\n" + "".join(own))

cands = [r["failure"]["shrinkCandidates"] for r in fails]
with open(all_file, "a") as out:
    out.write("".join("%d\n" % c for c in cands))

shrunk, distinct, proven, reported = [], [], [], []
canonical = minimal = True
for g in order:
    lengths = [r["failure"]["shrunkSteps"] for r in groups[g]]
    shrunk.append("%d/%g/%d" % (min(lengths), statistics.median(lengths), max(lengths)))
    n = len({tuple(r["failure"]["shrunk"]) for r in groups[g]})
    distinct.append(str(n))
    canonical = canonical and n == 1
    p, ok = prove(groups[g])
    proven.append(p)
    minimal = minimal and ok
    reported.append(g if len(order) == 1 else "%s (%d)" % (g, len(groups[g])))

def median(key):
    return statistics.median([r.get(key) or 0 for r in fails])

print("killed %d/%d|%.3f|%g|%s|%s|%s|%g|%.3f|%s|%d|%d" % (
    len(fails), len(rows), median("secondsToFailure"), statistics.median([r["failure"]["originalSteps"] for r in fails]),
    "; ".join(shrunk), "; ".join(distinct), "; ".join(proven), statistics.median(cands), median("shrinkSeconds"),
    "; ".join(reported), canonical, minimal))
