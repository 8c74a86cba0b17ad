import Generators

/// The first thing a failing report shows (decisions.md, Reports): what broke, in one sentence; the state
/// before the failing step beside the implementation's and the oracle's states after it, at
/// a readable size; the −/+ table of the fields that differ; how to reproduce it — the
/// command, the replay file and the regression test. Then the steps as text, each selecting
/// its frame. The campaign's figures come after all of it, folded.
extension HTMLReport {
    /// The failure in words: who broke which rule at which step, and the violation's own
    /// message. A differential failure names the fields that differ rather than a "rule"
    /// that is a field's name.
    func sentence(_ v: Violation, step: Int) -> String {
        let at = step == 0 ? "Before the first step (the states the two drivers start in)" : "At step \(step) of \(records.count - 1)"
        if v.property == .differential, !v.differences.isEmpty {
            let fields = v.differences.map { "\($0.field) (\($0.rule))" }.joined(separator: ", ")
            return "\(at), the implementation and the oracle differ in \(fields): \(v.message)"
        }
        return "\(at), \(v.property.rawValue) found rule \(v.rule) broken: \(v.message)"
    }

    /// The differing fields of the failing step, − implementation, + oracle: the violation's
    /// own list when it has one, else the two observations compared field by field.
    func differences(_ r: Runner.StepRecord) -> [Difference] {
        if let v = r.violation, !v.differences.isEmpty { return v.differences }
        return r.implementation.diff(against: r.oracle)
    }

    func failureCard() -> String {
        guard let last = records.last, let v = last.violation else { return "" }
        var h = "<section id=\"failure\" aria-label=\"the failure\"><h2>What failed</h2>\n"
        h += "<p class=\"broken\">\(xml(sentence(v, step: last.step)))</p>\n"
        // The storyboard's own frames, larger: the one before already carries the failing step
        // (`acted`); it outlines the tab that step moves, not the one its own step moved.
        let all = frames
        var screens = all.last ?? []
        if all.count > 1, var b = all[all.count - 2].first {
            let before = records[records.count - 2]
            b.heading = before.step == 0 ? "before: the first step" : "before: after step \(before.step)"
            b.moved = last.action.flatMap { Self.movedTab($0, before: before.implementation) }
            b.removed = []
            screens.insert(b, at: 0)
        }
        for i in screens.indices { screens[i].size = StoryboardFrame.large }
        h += "<div class=\"pair\" aria-label=\"before, implementation after, oracle after\">"
        h += screens.map { $0.svg() }.joined()
        h += "</div>\n<p class=\"caption\">\(last.step == 0 ? "before the first step" : "step \(last.step): ")<code>\(xml(last.action.map(Self.caption) ?? ""))</code></p>\n"
        h += legend()
        h += viewPanel(last)
        h += diffablePanel(last)
        let diffs = differences(last)
        if !diffs.isEmpty {
            h += "<table class=\"diff\"><caption>Differing fields \(last.step == 0 ? "before the first step" : "after step \(last.step)") (− implementation \(xml(summary.implementation)), + oracle \(xml(summary.oracle)))</caption>"
            h += "<tr><th>field</th><th>rule</th><th>− implementation</th><th>+ oracle</th></tr>"
            for d in diffs { h += "<tr><td>\(xml(d.field))</td><td>\(xml(d.rule))</td><td class=\"minus\">\(xml(d.left))</td><td class=\"plus\">\(xml(d.right))</td></tr>" }
            h += "</table>\n"
        }
        h += reproduceBlock()
        return h + "</section>\n"
    }

    /// F10 speaks of the collection view: what it holds after the update beside what the
    /// implementation displays, when the two differ (or the view rejected the update).
    func viewPanel(_ r: Runner.StepRecord) -> String {
        guard let items = r.viewItems, items != r.implementation.displayed || r.violation?.rule == "F10" else { return "" }
        func list(_ ids: [String]) -> String { ids.isEmpty ? "nothing" : "[" + ids.joined(separator: ", ") + "]" }
        var h = "<table class=\"view\"><caption>The simulated collection view after the update (F10)</caption>"
        h += "<tr><th>collection view shows</th><td>\(xml(list(items)))</td></tr>"
        h += "<tr><th>implementation displays</th><td>\(xml(list(r.implementation.displayed)))</td></tr>"
        if let update = r.outcome?.update { h += "<tr><th>update sent</th><td><code>\(xml("\(update)"))</code></td></tr>" }
        return h + "</table>\n"
    }

    /// For a failure of the diffable data source (D1–D5): the snapshot before and after the
    /// step, and the identifiers reconfigured (decisions.md, Behaviour, D).
    func diffablePanel(_ r: Runner.StepRecord) -> String {
        guard r.violation?.rule.hasPrefix("D") == true else { return "" }
        let after = r.implementation.snapshotIdentifiers
        func list(_ ids: [String]) -> String { ids.isEmpty ? "nothing" : "[" + ids.joined(separator: ", ") + "]" }
        let before = records.count > 1 ? records[records.count - 2].implementation.snapshotIdentifiers : nil
        var h = "<table class=\"view\"><caption>The diffable data source's snapshot (D1–D5)</caption>"
        if let before { h += "<tr><th>snapshot before</th><td>\(xml(list(before)))</td></tr>" }
        h += "<tr><th>snapshot applied</th><td>\(xml(list(after)))</td></tr>"
        h += "<tr><th>displayed tabs</th><td>\(xml(list(r.implementation.displayed)))</td></tr>"
        if let re = r.outcome?.reconfigured { h += "<tr><th>reconfigured</th><td>\(xml(list(re)))</td></tr>" }
        return h + "</table>\n"
    }

    /// The colours and marks of the frames, in words.
    func legend() -> String {
        "<p class=\"legend\"><span class=\"key differs\">red dashed</span> differs between implementation and oracle · "
            + "<span class=\"key active\">blue</span> active tab · <span class=\"key pending\">faded</span> flying away · "
            + "<span class=\"key swiping\">yellow</span> swiping · <span class=\"key inset\">pink band</span> safe-area inset · "
            + "<span class=\"key moved\">green</span> the tab the step moves · <span class=\"key acted\">light blue</span> the tab the next step acts on</p>\n"
    }

    /// The reproduce command, the replay file and the regression test.
    func reproduceBlock() -> String {
        var h = "<div id=\"reproduce\"><h3>Reproduce</h3><ul>"
        for line in summary.reproduce { h += "<li><code>\(xml(line))</code></li>" }
        if let file = summary.replayFile { h += "<li>replay file: <code>\(xml(file))</code></li>" }
        h += "</ul>"
        if let test = summary.regressionTest {
            h += "<details open=\"open\"><summary>Regression test (paste into one of your test files)</summary><pre>\(xmlLines(test))</pre></details>"
        }
        return h + "</div>\n"
    }

    /// The steps as the console prints them, each a link that selects its frame.
    func stepList() -> String {
        guard records.count > 1 else { return "" }
        var h = "<section id=\"steps\"><h2>Steps</h2><ol class=\"steps\">"
        for r in records.dropFirst() {
            let failing = r.violation != nil
            h += "<li\(failing ? " class=\"failing\"" : "")><a href=\"#frame-\(r.step)\" data-frame=\"\(r.step)\">\(xml(r.action.map(Self.caption) ?? ""))</a>\(failing ? " — fails here" : "")</li>"
        }
        return h + "</ol></section>\n"
    }

    /// The tab a step acts on in the state before it, and the step in words — drawn on that
    /// frame. Steps that name no tab (a query, a new tab) are the frame's caption alone.
    static func acted(_ a: Action, on before: Observation) -> (id: String, label: String)? {
        func at(_ i: Int) -> String? { before.displayed.indices.contains(i) ? before.displayed[i] : nil }
        let id: String?
        switch a {
        case .closeDisplayed(let i), .tapClose(let i): id = at(i)
        case .select(let i), .swipeBegan(let i, _, _): id = at(i)
        case .move(let i, _): id = at(i)
        case .closeID(let t), .flyAwayFinished(let t), .setTitle(let t, _): id = before.tabIDs.contains(t) ? t : nil
        case .swipeChanged, .swipeEnded, .swipeCancelled: id = before.swipeHolder
        case .willAppear, .newTab, .closeAll, .setQuery, .beginSearch, .endSearch, .cancelSearch, .reopen,
             .setViewport, .save, .restoreSaved, .restoreData, .reorder, .beginMove, .updateMove, .endMove,
             .cancelMove, .newBackgroundTab: id = nil
        }
        guard let id else { return nil }
        let label: String
        switch a {
        case .closeDisplayed, .tapClose, .closeID, .flyAwayFinished: label = "✕ " + a.description
        case .move(_, let j): label = "→ #\(j)"
        case .swipeChanged(let tx), .swipeEnded(let tx, _): label = (tx < 0 ? "← " : "→ ") + a.description
        case .willAppear, .newTab, .closeAll, .setQuery, .beginSearch, .endSearch, .cancelSearch, .setTitle, .select,
             .reopen, .setViewport, .swipeBegan, .swipeCancelled, .save, .restoreSaved, .restoreData, .reorder,
             .beginMove, .updateMove, .endMove, .cancelMove, .newBackgroundTab: label = "▶ " + a.description
        }
        return (id, label.count > 40 ? String(label.prefix(39)) + "…" : label)
    }

    /// The tabs in `before` that are gone in `after`, with their titles.
    static func removed(from before: Observation, to after: Observation) -> [(id: String, title: String)] {
        let kept = Set(after.tabIDs)
        return zip(before.tabIDs, before.titles).filter { !kept.contains($0.0) }.map { (id: $0.0, title: $0.1) }
    }

    /// The tab a move takes from its place, named in the state before it.
    static func movedTab(_ a: Action, before: Observation) -> String? {
        guard case .move(let from, _) = a, before.displayed.indices.contains(from) else { return nil }
        return before.displayed[from]
    }

    /// The tabs whose displayed *position* differs between two observations (absent counts as
    /// a position), or whose title does: a reorder shows, not only a different set.
    static func differing(_ a: Observation, _ b: Observation) -> Set<String> {
        var out = Set<String>()
        for (i, id) in a.displayed.enumerated() where b.displayed.indices.contains(i) ? b.displayed[i] != id : true { out.insert(id) }
        for (i, id) in b.displayed.enumerated() where a.displayed.indices.contains(i) ? a.displayed[i] != id : true { out.insert(id) }
        for (id, title) in zip(a.tabIDs, a.titles) where b.tabIDs.firstIndex(of: id).map({ b.titles[$0] != title }) == true { out.insert(id) }
        return out
    }
}
