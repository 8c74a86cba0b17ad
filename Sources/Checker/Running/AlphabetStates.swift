import Generators

extension ExhaustiveSearch {
    /// The alphabet drawn from `failing` (`alphabet(limit:from:)`) and the restores of every
    /// state it passes through: what `tabcheck minimal --from` searches, and how many of its
    /// actions are those restores.
    public static func alphabet(limit: Int, from failing: [Action], runner: Runner) -> (actions: [Action], restores: Int) {
        var actions = alphabet(limit: limit, from: failing)
        let restores = restores(passingThrough: failing, runner: runner).filter { !actions.contains($0) }
        actions += restores
        return (actions, restores.count)
    }

    /// Restores of the states a failing sequence passes through (#24.4): the oracle's tabs,
    /// titles and active tab after each of its steps, the failing one too, as a session; each of
    /// those with its ids renamed t1…tn; and each with one tab left out. A shrinker that
    /// collapses a prefix into one restore finds such sequences, so an alphabet without them
    /// could call a length "proven" that one restore undercuts. At most `cap`, in order of
    /// the steps, deduplicated.
    public static func restores(passingThrough failing: [Action], runner: Runner, cap: Int = 48) -> [Action] {
        var states: [Observation] = []
        _ = runner.run(.actions(failing), collectCoverage: false, onStep: { states.append($0.oracle) })
        var texts: [String] = []
        func add(_ text: String?) {
            if let text, texts.count < cap, !texts.contains(text) { texts.append(text) }
        }
        let wholes = states.filter { !$0.tabIDs.isEmpty }.map { (tabs: $0.tabIDs.count, text: SessionText.valid(ids: $0.tabIDs, titles: $0.titles, active: $0.active)) }
        for w in wholes {
            add(w.text)
            add(SessionText.renamingIDs(w.text)?.text)
        }
        for w in wholes where w.tabs > 1 {
            for i in 0..<w.tabs { add(SessionText.removing(tabs: i..<(i + 1), from: w.text)) }
        }
        return texts.map { .restoreData($0) }
    }
}
