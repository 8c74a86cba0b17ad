#!/usr/bin/env python3
"""Judges one failure kind's report for scripts/report-check.sh, from what
scripts/report-audit.js measured in Chromium at 1280×800 (WIDE) and 390×844 (PHONE):

    report-audit.py KIND WIDE_DOM PHONE_DOM TEST_OUT [TEXT...]

Prints one line per problem (none: the report passes) and writes the page's regression test
to TEST_OUT, for the caller to compile. A problem is: a failure sentence without an expected
and a got value; a field of the −/+ table with no mark in the frames; the table or the
failing frames below the first 800 px at 1280×800; anything outside the page or overlapping
another thing, at either width; text under 9 px at 390 px; a TEXT missing from the page.
"""
import html, json, os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import pyargs
from html.parser import HTMLParser

args = pyargs.positional(__doc__, 4, more=True, flags_allowed=True)
kind, wide, phone, test_out, texts = args[0], args[1], args[2], args[3], args[4:]
for f in (wide, phone):
    pyargs.require(os.path.isfile(f), f"{f!r} is not a file (the DOM measurements report-audit.js writes)")
pyargs.require(os.path.isdir(os.path.dirname(os.path.abspath(test_out))), f"TEST_OUT {test_out!r}: its folder does not exist")

class Text(HTMLParser):
    """The text of the page and of the element with a given id."""
    def __init__(self, wanted):
        super().__init__(convert_charrefs=True)
        self.wanted, self.depth, self.inside, self.found, self.all = wanted, 0, 0, [], []
    def handle_starttag(self, tag, attrs):
        if self.inside: self.inside += 1
        elif dict(attrs).get("id") == self.wanted: self.inside = 1
    def handle_endtag(self, tag):
        if self.inside: self.inside -= 1
    def handle_data(self, data):
        self.all.append(data)
        if self.inside: self.found.append(data)

def audit(path):
    dom = open(path, encoding="utf-8").read()
    found = re.findall(r'<pre id="report-audit">(\{.*?)</pre>', dom, re.S)
    if not found: return None, dom
    return json.loads(html.unescape(found[-1])), dom

problems = []
a, dom = audit(wide)
b, _ = audit(phone)
if a is None or b is None:
    print("the audit script did not run (no #report-audit in the page)"); sys.exit(0)
s = a["sentence"]
m = re.search(r"expected (.+?); got (.+)", s)
if not m or len(m.group(1).strip()) < 3 or len(m.group(2).strip(" .")) < 3:
    problems.append("the failure sentence holds no expected and got values: %r" % s[:200])
for f in a["fields"]:
    if f["marks"] == 0: problems.append("the −/+ table's field %r has no mark in the frames" % f["field"])
if a["tableTop"] is not None and (a["tableRowBottom"] or 10**6) > 800:
    problems.append("the −/+ table's first row ends at %s px, below the first screen (800 px at 1280×800)" % a["tableRowBottom"])
if a["failureBottom"] is None or a["failureBottom"] > 800:
    problems.append("the failing frames end at %s px, below the first screen (800 px at 1280×800)" % a["failureBottom"])
if b["width"] != 390: problems.append("the phone check ran %s px wide, not 390" % b["width"])
for width, found in (("1280 px", a), ("390 px", b)):
    for p in found["problems"][:4]: problems.append("at %s: %s" % (width, p))
    if len(found["problems"]) > 4: problems.append("at %s: … and %d more" % (width, len(found["problems"]) - 4))
if b["smallest"] and b["smallest"]["size"] < 9:
    problems.append("text of %s px at 390 px wide: %s" % (b["smallest"]["size"], b["smallest"]["what"]))
page = Text("regression-test"); page.feed(dom)
text = "".join(page.all)
for t in texts:
    if t not in text: problems.append("text missing from the page: %r" % t)
test = "".join(page.found)
if not test.strip(): problems.append("the page holds no regression test")
open(test_out, "w", encoding="utf-8").write(test)
for p in problems: print("%s: %s" % (kind, p))
