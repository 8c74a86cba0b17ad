"""One argument reader for the Python scripts in scripts/ (the bash ones read theirs with
lib/args.sh): --help prints the script's own doc and exits 0; a wrong count or an unknown flag
is one line on stderr and exit 2, before any work (#54: a traceback and exit 1, the status a
script uses for "the check found something"; spec-rules.py rewrote its file on --help)."""
import os, sys


def _fail(message):
    print(f"{os.path.splitext(os.path.basename(sys.argv[0]))[0]}: {message} (see --help)", file=sys.stderr)
    sys.exit(2)


def positional(doc, count, more=False, flags_allowed=False):
    """The script's arguments: exactly `count` of them (at least, with `more`)."""
    args = sys.argv[1:]
    if args[:1] in (["-h"], ["--help"]) or (not more and "--help" in args):
        print(doc.strip())
        sys.exit(0)
    if not flags_allowed:
        for a in args[:count]:
            if a.startswith("--"):
                _fail(f"unknown flag {a!r}")
    if len(args) < count or (not more and len(args) > count):
        _fail(f"takes {count}{' or more' if more else ''} argument{'s' if count != 1 else ''}, got {len(args)}")
    return args


def require(ok, message):
    """A value the script cannot use: one line and exit 2 (not a traceback, not a verdict)."""
    if not ok:
        _fail(message)
