import TabCheckCLI

let corpusUsage = """
usage: tabcheck corpus DIR N [--session]

Writes N generated runs (1…1,000,000) into DIR as libFuzzer seed inputs: each file holds the
bytes that decode, through the choice stream, to one generated sequence of up to 60 steps.
With --session, N session files for the session target instead: the texts generated runs
restore (well-formed, misspelt and corrupt). DIR is created if needed. scripts/fuzz.sh and
.clusterfuzzlite/build.sh use it.

example: tabcheck corpus fuzz/corpus-sequence 200
"""

