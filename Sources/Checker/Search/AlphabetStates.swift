import Generators

extension ExhaustiveSearch {
    /// The alphabet drawn from `failing` (`alphabet(limit:from:)`) and the restores of every
    /// state it passes through: what `tabcheck minimal --from` searches, and how many of its
    /// actions are those restores.
    package static func alphabet(limit: Int, from failing: [Action], runner: Runner) -> (actions: [Action], restores: Int) {
        alphabet(limit: limit, from: failing, runner: runner, isolated: false)
    }

    /// `isolated`: the failure kills its process (a trap), so the states are collected in a
    /// forked child, which says each one as it passes it; the trapping step has none.
    package static func alphabet(limit: Int, from failing: [Action], runner: Runner, isolated: Bool) -> (actions: [Action], restores: Int) {
        var actions = alphabet(limit: limit, from: failing)
        let sessions = sessions(passingThrough: failing, runner: runner, isolated: isolated)
        let restores = restores(of: sessions).filter { !actions.contains($0) }
        actions += restores
        return (actions, restores.count)
    }

    /// Restores of the states a failing sequence passes through (decisions.md, Shrinking): the oracle's tabs,
    /// titles and active tab after each of its steps, the failing one too, as a session; each of
    /// those with its ids renamed t1…tn; and each with one tab left out. A shrinker that
    /// collapses a prefix into one restore finds such sequences, so an alphabet without them
    /// could call a length "proven" that one restore undercuts. At most `cap`, in order of
    /// the steps, deduplicated.
    package static func restores(passingThrough failing: [Action], runner: Runner, cap: Int = 48) -> [Action] {
        restores(of: sessions(passingThrough: failing, runner: runner), cap: cap)
    }

    /// The oracle's state after each step that leaves tabs, as session text. `isolated`: in
    /// a forked child that says each one as it passes it, so a trap at the failing step (which
    /// has no state) loses none of the others.
    static func sessions(passingThrough failing: [Action], runner: Runner, isolated: Bool = false) -> [String] {
        func walk(_ each: @escaping (String) -> Void) {
            _ = runner.run(.actions(failing), collectCoverage: false, onStep: { step in
                let o = step.oracle
                if !o.tabIDs.isEmpty { each(SessionText.valid(ids: o.tabIDs, titles: o.titles, active: o.active)) }
            })
        }
        guard isolated else {
            var texts: [String] = []
            walk { texts.append($0) }
            return texts
        }
        SupervisedCampaign.warmUp()
        let report = Sandbox.run { channel in
            walk { channel.send("S " + $0) }
            return 0
        }
        return report.messages.filter { $0.hasPrefix("S ") }.map { String($0.dropFirst(2)) }
    }

    static func restores(of sessions: [String], cap: Int = 48) -> [Action] {
        var texts: [String] = []
        func add(_ text: String?) {
            if let text, texts.count < cap, !texts.contains(text) { texts.append(text) }
        }
        for text in sessions {
            add(text)
            add(SessionText.renamingIDs(text)?.text)
        }
        for text in sessions {
            let tabs = SessionText.tabCount(text) ?? 0
            guard tabs > 1 else { continue }
            for i in 0..<tabs { add(SessionText.removing(tabs: i..<(i + 1), from: text)) }
        }
        return texts.map { .restoreData($0) }
    }
}
