#!/usr/bin/env python3
"""Regenerates the mutant patches in scripts/mutants/ from the table below.

Each mutant is one small, realistic edit of Sources/TabModel: (name, rule, description,
file, exact old text, new text). Run from the repository root on a clean tree:
    python3 scripts/mutants/make-mutants.py
It writes NN-name.patch (a header of '# ' lines, then a unified diff) and leaves the
tree as it was. A mutant whose old text is not found is an error: update the table.
"""
import os, subprocess, sys

T = "Sources/TabModel/TabGrid.swift"
S = "Sources/TabModel/TabGrid+Swipe.swift"
P = "Sources/TabModel/TabGrid+Session.swift"
L = "Sources/TabModel/TabList.swift"
G = "Sources/TabModel/GridLayout.swift"
W = "Sources/TabModel/Swipe.swift"
R = "Sources/TabModel/RecentlyClosed.swift"
ST = "Sources/TabModel/SessionStore.swift"
SS = "Sources/TabModel/Session.swift"
CR = "Sources/TabModel/CanonicalReader.swift"
QM = "Sources/TabModel/QueryMatch.swift"

MUTANTS = [
  ("f2-insert-full-count", "F2", "tutorial bug 1: a new tab's insert index is tabs.count - 1 even under a filter",
   T, "shown ? .insert(list.matchedCount - 1)", "shown ? .insert(list.count - 1)"),
  ("f3-closes-tabs-index", "F3", "tutorial bug 2: closing displayed item i closes tabs[i]",
   T, '        close(try displayedEntry(index, event: "closeDisplayed(at:)").tab.id)',
   '        _ = try displayedEntry(index, event: "closeDisplayed(at:)")\n        return close(list.entry(at: index)!.tab.id)'),
  ("b2-no-state-on-appear", "B2", "tutorial bug 3: will-appear does not send the Close All state",
   T, "GridUpdate(.none, closeAllEnabled: isCloseAllEnabled)\n    }\n\n    /// F2/A2", "GridUpdate.none\n    }\n\n    /// F2/A2"),
  ("g6-completion-closes-by-index", "G6", "tutorial bug 4: a finished fly-away closes the tab now displayed at the pending slot's index",
   S, "pendingFlyAways.remove(at: i)\n        return close(id)", "pendingFlyAways.remove(at: i)\n        return close(list.displayed(at: i)?.entry.tab.id ?? id)"),
  ("g6-negative-duration", "G6", "tutorial bug 5: the fly-left duration divides by the negative speed -5000",
   S, "let duration = max(0, distance) / SwipeConstants.flyLeftSpeed", "let duration = distance / -SwipeConstants.flyLeftSpeed"),
  ("g4-rightward-deletes", "G4", "tutorial bug 6a: a net rightward drag with a fast leftward release deletes",
   W, "tx <= 0 && (-tx >= SwipeConstants", "(-tx >= SwipeConstants"),
  ("g4-cancelled-deletes", "G4", "tutorial bug 6b: a cancelled gesture is judged like an ended one and can delete",
   S, "    public mutating func swipeCancelled() -> GridUpdate {\n        swipe.release()\n        return .none",
   "    public mutating func swipeCancelled() -> GridUpdate {\n        guard let id = swipe.holder else { return .none }\n        let offset = swipe.offset\n        swipe.release()\n        return SwipeState.deletes(translation: offset, velocity: 0) ? startFlyAway(id, offset: offset) : .none"),
  ("g5-lock-kept-on-close", "G5", "tutorial bug 7: the swipe lock stays set when the swiping cell's tab is closed",
   T, "        if swipe.holder == id { swipe.release() }\n", ""),
  ("l7-layout-full-count", "L7", "tutorial bug 8: the layout uses the full tab count instead of the displayed count",
   T, "GridLayout(viewport: viewport, displayedCount: list.matchedCount)", "GridLayout(viewport: viewport, displayedCount: list.count)"),
  ("l5-no-minimum-width", "L5", "tutorial bug 9: no 44 pt floor: items shrink below tappable size at small widths",
   G, "if width >= Self.minimumItemWidth {", "if width > 0 {"),
  ("f9-move-off-by-one", "F9", "off-by-one in move: the tab lands after the tab now displayed at j instead of before it",
   T, "let position = list.displayed(at: to)?.position ??", "let position = list.displayed(at: to).map { $0.position + 1 } ??"),
  ("a3-previous-first", "A3", "wrong successor: closing the active tab activates the previous tab before the next one",
   T, "(list.entry(at: removed.position) ?? list.entry(at: removed.position - 1))", "(list.entry(at: removed.position - 1) ?? list.entry(at: removed.position))"),
  ("f8-stale-filter-cache", "F8", "stale filter cache: a title change keeps the old lowercased title for later queries",
   L, "        storage[slot].entries[i].lowered = lowered\n", ""),
  ("f1-case-sensitive", "F1", "case-sensitive match: the query is not lowercased",
   T, "loweredQuery = newQuery.lowercased()", "loweredQuery = newQuery"),
  ("f5-query-cache-after-close-all", "F5", "query cache not refreshed after Close All: the filter is dropped while the query text stays",
   T, "        list.removeAll()\n        activeTabID = nil", "        list.removeAll()\n        loweredQuery = \"\"\n        activeTabID = nil"),
  ("g5-lock-kept-on-cancelled", "G5", "the swipe lock is kept when the system cancels the gesture",
   S, "    public mutating func swipeCancelled() -> GridUpdate {\n        swipe.release()\n", "    public mutating func swipeCancelled() -> GridUpdate {\n"),
  ("p3-partial-restore", "P3", "partial restore on bad data: the query is cleared before the data is validated",
   P, "        let snapshot: SessionSnapshot\n        do { snapshot = try SessionSnapshot.decode(data) }",
   "        let snapshot: SessionSnapshot\n        query = \"\"; loweredQuery = \"\"; _ = list.refilter { _ in true }\n        do { snapshot = try SessionSnapshot.decode(data) }"),
  ("p4-save-not-atomic", "P4", "save is not atomic: the session file is written in place",
   ST, "            try fs.write(snapshot.encoded(), to: temporaryPath)\n            try fs.sync(temporaryPath)                          // the bytes are on disk before any name points at them",
   "            try fs.write(snapshot.encoded(), to: path)\n            return"),
  ("b2-not-resent-after-restore", "B2", "the Close All state is not re-sent after a restore",
   P, "return GridUpdate(.reload, closeAllEnabled: isCloseAllEnabled, reconfigure: reconfigure)", "return GridUpdate(.reload, reconfigure: reconfigure)"),
  ("f10-index-after-delete", "F10", "update indices computed after instead of before a delete",
   T, "return GridUpdate(removed.displayedIndex.map(CollectionUpdate.delete) ?? .none,", "return GridUpdate(list.location(of: id)?.displayedIndex.map(CollectionUpdate.delete) ?? .none,"),
  ("f6-prefix-is-no-change", "F6", "a new displayed list that is a prefix of the old one is taken for no change (the zip bug)",
   T, "if diff.deletes.isEmpty && diff.inserts.isEmpty { return .none }", "if diff.inserts.isEmpty { return .none }"),
  ("u1-close-all-not-recorded", "U1", "Close All is not recorded for reopen",
   T, "        closed.record(ClosedEntry(items: all.enumerated()", "        _ = (ClosedEntry(items: all.enumerated()"),
  ("u2-reopen-at-end", "U2", "reopen appends the tabs at the end instead of their old positions",
   P, "list.insert(item.tab, at: min(item.position, list.count)", "list.insert(item.tab, at: list.count"),
  ("a2-new-tab-not-active", "A2", "a new tab does not become active",
   T, "        activeTabID = tab.id\n        return GridUpdate(shown", "        return GridUpdate(shown"),
  ("g1-vertical-begins", "G1", "a more vertical than horizontal pan begins a swipe",
   W, "guard holder == nil, !(abs(vy) > abs(vx)) else", "guard holder == nil else"),
  ("g1-second-swipe-steals", "G1", "a second gesture takes the swipe from the cell that holds it",
   W, "guard holder == nil, !(abs(vy) > abs(vx)) else", "guard !(abs(vy) > abs(vx)) else"),
  ("g3-no-dampening", "G3", "rightward motion is not dampened",
   W, "offset = tx < 0 ? tx : tx / SwipeConstants.rightwardDampening", "offset = tx"),
  ("u1-twenty-one-entries", "U1", "the reopen history keeps 21 entries",
   R, "if entries.count > Self.limit {", "if entries.count > Self.limit + 1 {"),
  ("f7-cancel-keeps-query", "F7", "Cancel hides the button but keeps the query",
   T, "let update = query.isEmpty ? GridUpdate.none : setQuery(\"\")", "let update = GridUpdate.none"),
  ("a3-close-all-keeps-active", "A3", "Close All leaves the active tab set",
   T, "        list.removeAll()\n        activeTabID = nil", "        list.removeAll()"),
  ("p4-no-file-sync", "P4", "save renames the temporary file without syncing it: a power loss can leave an empty session",
   ST, "            try fs.sync(temporaryPath)                          // the bytes are on disk before any name points at them",
   "            // (no fsync of the temporary file)"),
  ("p4-no-folder-sync", "P4", "save does not sync the folder: a completed save can be lost to a power loss",
   ST, "        try fs.syncDirectory(of: path)                         // the renames survive a power loss", "        // (no fsync of the folder)"),
  ("p5-corrupt-copy-overwritten", "P5", "a second corrupt session overwrites the first .corrupt copy",
   ST, "                try fs.rename(path, to: freeCorruptPath())       // never lose (or overwrite) a corrupt file",
   "                try fs.rename(path, to: corruptPath)"),
  ("p2-new-id-collides-with-restored", "P2", "a new tab after a restore can take a restored tab's id: the id counter is not moved past restored ids",
   T, "            if !list.contains(id) { return id }", "            return id"),
  ("l1-orientation-from-safe-height", "L1", "the orientation is read from the safe-area height instead of the bounds",
   G, "let landscape = v.width > v.height                                   // L1",
   "let landscape = v.width > v.height - v.safeTop - v.safeBottom             // L1"),
  ("f1-byte-search-splits-crlf", "F1", "the byte fast path of the filter takes CR for a whole character, so \"\\r\" matches inside the one character \"\\r\\n\"",
   # (#57: the byte paths moved to QueryMatch; the mutant still spares the other path's CR check, as it did.)
   QM, "            for b in t where b >= 0x80 || b == 0x0D { return nil }", "            for b in t where b >= 0x80 || (b == 0x0D && asciiQuery == nil) { return nil }"),
  ("f10-chunk-split-counts-hidden", "F10", "splitting a chunk of over 128 tabs counts the moved tabs hidden by the filter as displayed",
   L, "let movedMatched = moved.reduce(0) { $0 + ($1.matches ? 1 : 0) }", "let movedMatched = moved.count"),
  ("p5-corrupt-main-skips-backup", "P5", "a corrupt session file makes load give up and start empty instead of reading the backup",
   ST, "                problems.append(\"\\(file.split(separator: \"/\").last.map(String.init) ?? file): \\(error)\")\n",
   "                problems.append(\"\\(file.split(separator: \"/\").last.map(String.init) ?? file): \\(error)\")\n                break\n"),
  # #35: bugs that only values the generators did not draw before show (docs/mutation-score.md).
  ("f6-narrows-on-typed-scalar", "F6", "incremental filter: a query whose UTF-8 extends the last one only narrows the tabs shown, though a typed combining mark or LF changes the last character",
   T, "        query = newQuery\n        loweredQuery = newQuery.lowercased()\n        let q = loweredQuery\n        let match = QueryMatch(q)   // prepared once for every title\n        let diff = list.refilter { match.matches($0) }",
   "        // Typing on: the new query extends the old one, so only tabs shown now can match.\n        let before = loweredQuery\n        let narrowing = !before.isEmpty && newQuery.lowercased().utf8.starts(with: before.utf8)\n        query = newQuery\n        loweredQuery = newQuery.lowercased()\n        let q = loweredQuery\n        let match = QueryMatch(q)   // prepared once for every title\n        let diff = list.refilter { narrowing && !Self.matches($0, before) ? false : match.matches($0) }"),
  ("f1-byte-fold-punctuation", "F1", "the byte fast path of the filter folds case by setting bit 0x20, which also takes [ for {, @ for ` and NUL for a space",
   # (#57: the ASCII query's byte search moved to QueryMatch; the mutant folds that search only, as it did.)
   QM, "            if let q = asciiQuery { return Self.contains(t, q) }",
   "            if let q = asciiQuery {\n                guard q.count <= t.count else { return false }\n                return (0...(t.count - q.count)).contains { i in (0..<q.count).allSatisfy { t[i + $0] | 0x20 == q[$0] | 0x20 } }\n            }"),
  ("p3-uppercase-hex-escape", "P3", "the session fast path reads upper-case hex in \\u escapes without adding 10: \\u001F is read as U+0015",
   CR, "        case UInt8(ascii: \"a\")...UInt8(ascii: \"f\"): return b - UInt8(ascii: \"a\") + 10\n",
   "        case UInt8(ascii: \"a\")...UInt8(ascii: \"f\"): return b - UInt8(ascii: \"a\") + 10\n        case UInt8(ascii: \"A\")...UInt8(ascii: \"F\"): return b - UInt8(ascii: \"A\")\n"),
  ("p3-version-wraps", "P3", "the session fast path reads a version of up to 20 digits with wrapping arithmetic: 18446744073709551617 wraps to 1 and is accepted",
   CR, "        while at < bytes.count, at - start < 10, (UInt8(ascii: \"0\")...UInt8(ascii: \"9\")).contains(bytes[at]) { at += 1 }\n        let digits = bytes[start..<at]\n        guard !digits.isEmpty, digits.count <= 9, digits.count == 1 || digits.first != UInt8(ascii: \"0\") else { return nil }\n        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: \"0\")) }",
   "        while at < bytes.count, at - start < 21, (UInt8(ascii: \"0\")...UInt8(ascii: \"9\")).contains(bytes[at]) { at += 1 }\n        let digits = bytes[start..<at]\n        guard !digits.isEmpty, digits.count <= 20, digits.count == 1 || digits.first != UInt8(ascii: \"0\") else { return nil }\n        return digits.reduce(0) { $0 &* 10 &+ Int($1 - UInt8(ascii: \"0\")) }"),
  ("a3-position-within-chunk", "A3", "removing a tab reports its index within its chunk as its place in tabs: past 128 tabs the next active tab and the reopen position are wrong",
   L, "        return (entry, loc.position, loc.displayedIndex)", "        return (entry, i, loc.displayedIndex)"),
  ("p3-u00-escape-as-byte", "P3", "the session fast path reads any \\u00XX escape as one byte, so \\u00c3\\u00a9 (\"Ã©\" to JSON) is read as the UTF-8 of \"é\" (a fresh-eyes audit's bug)",
   CR, "                          let hi = Self.hex(bytes[at + 2]), let lo = Self.hex(bytes[at + 3]), hi < 2 else { return nil }",
   "                          let hi = Self.hex(bytes[at + 2]), let lo = Self.hex(bytes[at + 3]) else { return nil }"),
  ("g4-fling-over-limit-flies-back", "G4", "a release faster than 8,000 pt/s is taken for a sensor glitch and flies back: a bound no generator drew beyond before #55 (velocities stopped at ±5,000)",
   W, "|| -vx >= SwipeConstants.minimumLeftSpeed)", "|| (-vx >= SwipeConstants.minimumLeftSpeed && -vx <= 8000))"),
]

# Bugs only raw bytes reach (the campaign's restore text is a Swift String, always valid UTF-8):
# written to scripts/mutants/fuzz-only/, outside the campaign's catalogue, for
# scripts/fuzz-vs-campaign.sh (docs/fuzz-vs-campaign.md).
FUZZ_ONLY = [
  ("p3-fast-path-repairs-utf8", "P3", "the session fast path repairs invalid UTF-8 in a string (U+FFFD) instead of leaving the text to JSONDecoder, which rejects it",
   CR, "        return same ? s : nil", "        return s"),
]

# The diffable view's mutants (#37, docs/diffable.md): written to scripts/mutants/diffable/, each
# with the drivers its campaigns compare; `scripts/mutation-score.sh --catalogue scripts/mutants/diffable`.
D = "Sources/TabModel/TabGrid+Diffable.swift"
M = "Sources/TabModel/TabGrid+Movement.swift"
DIFFABLE_ARGS = "--compare production,reference"   # production feeds both views, with the interactive movement
DIFFABLE = [
  ("d3-reconfigure-unchanged-title", "D3", "a title set to what it was reconfigures the cell anyway",
   T, "GridUpdate(.reloadItems([old]), reconfigure: changed ? [id] : [])", "GridUpdate(.reloadItems([old]), reconfigure: [id])"),
  ("d3-no-reconfigure", "D3", "a displayed tab's new title is never reconfigured: the cell shows the old one",
   T, "GridUpdate(.reloadItems([old]), reconfigure: changed ? [id] : [])", "GridUpdate(.reloadItems([old]))"),
  ("d1-hidden-tab-reconfigured", "D1", "a title change that hides a tab still reconfigures it: UIKit raises, it is not in the snapshot",
   T, "            releaseSwipeIfHidden()\n            return GridUpdate(.delete(old))", "            releaseSwipeIfHidden()\n            return GridUpdate(.delete(old), reconfigure: [id])"),
  ("d3-restore-no-reconfigure", "D3", "a restore that keeps a displayed tab's id under another title does not reconfigure it",
   P, "        return GridUpdate(.reload, closeAllEnabled: isCloseAllEnabled, reconfigure: reconfigure)", "        return GridUpdate(.reload, closeAllEnabled: isCloseAllEnabled)"),
  ("d5-move-read-off-snapshots", "D5", "the move is read off the two snapshots, not the dragged tab: a swap of neighbours goes to the wrong place among hidden tabs",
   D, "        guard let from = initial.firstIndex(of: dragged), let to = final.firstIndex(of: dragged) else { return nil }",
   "        guard let from = initial.indices.first(where: { initial[$0] != final[$0] }), let to = initial.indices.last(where: { initial[$0] != final[$0] }) else { return nil }"),
  ("d5-animates-the-users-move", "D5", "after the user's drag the model sends the move as an update: the view, which already moved the cell, moves it again",
   D, "        _ = try move(from: from, to: to)\n        return .none", "        return try move(from: from, to: to)"),
  ("d4-cancel-drops", "D4", "a cancelled movement is dropped at its target: the tab moves though the user cancelled",
   M, "    public mutating func cancelInteractiveMovement() -> GridUpdate {\n        movement = nil\n        return .none",
   "    public mutating func cancelInteractiveMovement() -> GridUpdate {\n        return endInteractiveMovement()"),
  ("d4-movement-outlives-hidden-tab", "D4", "a movement whose tab the query or its title hides goes on",
   T, "        if let m = movement, list.location(of: m.tab)?.displayedIndex == nil { movement = nil }\n", ""),
  ("d4-target-not-refused", "D4", "a drag over a place outside the displayed items becomes the target",
   M, "        guard movement != nil, index >= 0, index < displayedCount else { return .none }", "        guard movement != nil else { return .none }"),
]

def write(out, n, name, rule, desc, path, old, new, args=None):
    text = open(path).read()
    if text.count(old) != 1:
        sys.exit(f"make-mutants: {name}: the old text occurs {text.count(old)} times in {path}")
    open(path, "w").write(text.replace(old, new))
    diff = subprocess.run(["git", "diff", "--", path], capture_output=True, text=True).stdout
    subprocess.run(["git", "checkout", "--", path], check=True)
    with open(os.path.join(out, f"{n:02d}-{name}.patch"), "w") as f:
        f.write(f"# rule: {rule}\n# description: {desc}\n" + (f"# tabcheck-args: {args}\n" if args else "") + diff)

def main():
    root = os.getcwd()
    if subprocess.run(["git", "diff", "--quiet", "--", "Sources/TabModel"], cwd=root).returncode != 0:
        sys.exit("make-mutants: Sources/TabModel has uncommitted changes; commit or stash them first")
    out = os.path.join(root, "scripts", "mutants")
    for f in os.listdir(out):
        if f.endswith(".patch"): os.remove(os.path.join(out, f))
    for n, m in enumerate(MUTANTS, 1):
        write(out, n, *m)
    fuzz = os.path.join(out, "fuzz-only")
    os.makedirs(fuzz, exist_ok=True)
    for f in os.listdir(fuzz):
        if f.endswith(".patch"): os.remove(os.path.join(fuzz, f))
    for n, m in enumerate(FUZZ_ONLY, len(MUTANTS) + 1):
        write(fuzz, n, *m)
    diffable = os.path.join(out, "diffable")
    os.makedirs(diffable, exist_ok=True)
    for f in os.listdir(diffable):
        if f.endswith(".patch"): os.remove(os.path.join(diffable, f))
    for n, m in enumerate(DIFFABLE, 1):
        write(diffable, n, *m, args=DIFFABLE_ARGS)
    print(f"wrote {len(MUTANTS)} mutants to scripts/mutants/, {len(FUZZ_ONLY)} to scripts/mutants/fuzz-only/ and {len(DIFFABLE)} to scripts/mutants/diffable/")

main()
