import TabCheckCLI

let corpusUsage = """
usage: tabcheck corpus DIR N

Writes N generated runs (1…1,000,000) into DIR as libFuzzer seed inputs: each file holds the
bytes that decode, through the choice stream, to one generated sequence of up to 60 steps.
DIR is created if needed. scripts/fuzz.sh uses it.

example: tabcheck corpus fuzz/corpus-sequence 200
"""

