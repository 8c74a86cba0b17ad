#!/usr/bin/env python3
"""A tab grid model in Python, checked by tabcheck through the wire protocol.

It implements SPEC.md's core (F2 new tab, F3 close a displayed item) and the capabilities
closeAll (F5, B1, B2), closeByID (F4), titles (F8), move (F9), activeTab (A1-A4) and
reopen (U1-U3); no filter, so every tab is displayed. It speaks docs/wire-protocol.md on
standard input and output: one JSON request per line, one JSON reply per line.

    tabcheck --wire "python3 Examples/PythonTabs/tabs.py"

`--bug` plants a bug (closing the active tab activates the previous tab first, against A3),
which the same command must find. `--no-run` answers the optional `run` op with an error, as a
program that implements only the required ops does (the checker then goes step by step).
"""
import json
import sys

PROTOCOL = 1
CAPABILITIES = ["activeTab", "closeAll", "closeByID", "move", "reopen", "titles"]
REOPEN_LIMIT = 10   # a choice SPEC leaves to the model (U1 says 20): policy.json says so


class Model:
    def __init__(self, bug):
        self.bug = bug
        self.tabs = []          # [id, title] pairs, in order
        self.active = None
        self.closed = []        # entries, oldest first; an entry is [(position, id, title, was_active)]
        self.next_id = 1

    # -- what the checker observes -----------------------------------------------------

    def observation(self):
        ids = [t[0] for t in self.tabs]
        newest = self.closed[-1] if self.closed else []
        return {
            "tabIDs": ids,
            "titles": [t[1] for t in self.tabs],
            "displayed": ids,
            "active": self.active,
            "closeAllEnabled": bool(self.tabs),
            "closedCount": len(self.closed),
            "newestClosed": [e[1] for e in newest],
        }

    def position(self, tab_id):
        for i, t in enumerate(self.tabs):
            if t[0] == tab_id:
                return i
        return None

    # -- events ------------------------------------------------------------------------

    def apply(self, action):
        (kind, args), = action.items() if isinstance(action, dict) else ((action, {}),)
        handler = getattr(self, "on_" + kind, None)
        if handler is None:
            return {"crashed": "tabs.py does not know the action " + kind}
        return handler(args or {})

    def on_willAppear(self, _):
        return {"closeAllSent": bool(self.tabs)}

    def on_newTab(self, _):
        taken = {t[0] for t in self.tabs}
        tab_id = "t%d" % self.next_id
        self.next_id += 1
        while tab_id in taken:
            tab_id = "t%d" % self.next_id
            self.next_id += 1
        self.tabs.append([tab_id, "New Tab"])
        self.active = tab_id
        return {"update": {"batch": {"inserts": [len(self.tabs) - 1]}}, "closeAllSent": True}

    def on_closeDisplayed(self, args):
        i = args["_0"]
        if not 0 <= i < len(self.tabs):
            return {"rejected": "indexOutOfRange"}
        return self.close(self.tabs[i][0])

    def on_closeID(self, args):
        return self.close(args["_0"])

    def close(self, tab_id):
        pos = self.position(tab_id)
        if pos is None:
            return {}
        was_active = self.active == tab_id
        _, title = self.tabs.pop(pos)
        self.remember([(pos, tab_id, title, was_active)])
        if was_active:
            after = self.tabs[pos][0] if pos < len(self.tabs) else None
            before = self.tabs[pos - 1][0] if pos > 0 else None
            self.active = (before or after) if self.bug else (after or before)
        return {"update": {"batch": {"deletes": [pos]}}, "closeAllSent": bool(self.tabs)}

    def on_closeAll(self, _):
        if not self.tabs:
            return {}
        self.remember([(p, t[0], t[1], t[0] == self.active) for p, t in enumerate(self.tabs)])
        self.tabs = []
        self.active = None
        return {"update": "reload", "closeAllSent": False}

    def remember(self, entry):
        self.closed.append(entry)
        del self.closed[:-REOPEN_LIMIT]

    def on_setTitle(self, args):
        pos = self.position(args["id"])
        if pos is None:
            return {}
        self.tabs[pos][1] = args["title"]
        return {"update": {"reloadItems": [pos]}}

    def on_move(self, args):
        i, j = args["from"], args["to"]
        n = len(self.tabs)
        if not (0 <= i < n and 0 <= j < n):
            return {"rejected": "indexOutOfRange"}
        if i == j:
            return {}
        self.tabs.insert(j, self.tabs.pop(i))
        return {"update": {"batch": {"moves": [[i, j]]}}}

    def on_select(self, args):
        i = args["_0"]
        if not 0 <= i < len(self.tabs):
            return {"rejected": "indexOutOfRange"}
        self.active = self.tabs[i][0]
        return {}

    def on_reopen(self, _):
        if not self.closed:
            return {}
        back = []
        for pos, tab_id, title, was_active in sorted(self.closed.pop()):
            if self.position(tab_id) is not None:
                continue
            self.tabs.insert(min(pos, len(self.tabs)), [tab_id, title])
            if was_active:
                self.active = tab_id
            back.append(tab_id)
        inserts = [i for i, t in enumerate(self.tabs) if t[0] in back]
        return {"update": {"batch": {"inserts": inserts}} if inserts else "none", "closeAllSent": bool(self.tabs)}


def main():
    bug = "--bug" in sys.argv[1:]
    runs = "--no-run" not in sys.argv[1:]
    model = None
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        op = request.get("op")
        if op == "hello":
            reply = {"protocol": PROTOCOL, "name": "python-tabs", "capabilities": CAPABILITIES}
        elif op == "start":
            model = Model(bug)
            reply = {"observation": model.observation()}
        elif op == "apply":
            outcome = model.apply(request["action"])
            reply = {"outcome": outcome, "observation": model.observation()}
        elif op == "roundTrip":
            reply = {}
        elif op == "run" and runs:
            model = Model(bug)
            reply = {"steps": [{"outcome": model.apply(a), "observation": model.observation()} for a in request["actions"]]}
        else:
            reply = {"error": "tabs.py does not know the op %r" % op}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
