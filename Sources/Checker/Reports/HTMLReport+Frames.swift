import Foundation
import Generators

/// The storyboard's frames from the records: what each frame marks — the tab a step moves,
/// the tabs it removed, the next step drawn on the state it acts on, and on the failing
/// step the differing fields, or the trap in place of a state that does not exist.
extension HTMLReport {
    /// Replays `actions` through `runner`, recording every step for the storyboard. A trap
    /// (`failure`'s rule `trap` or `hang`) is not run again here — it would end this process:
    /// the steps before it are; the trapping step's record holds the state before it as the
    /// implementation's, and the oracle's state after it, replayed alone (when the oracle is
    /// not the driver that trapped).
    package static func records(_ actions: [Action], _ runner: Runner, failure: Runner.Failure? = nil) -> [Runner.StepRecord] {
        var out: [Runner.StepRecord] = []
        guard let f = failure, f.violation.property == .crash, ["trap", "hang"].contains(f.violation.rule), !actions.isEmpty else {
            _ = runner.run(.actions(actions), collectCoverage: false, onStep: { out.append($0) })
            return out
        }
        _ = runner.run(.actions(Array(actions.dropLast())), collectCoverage: false, onStep: { out.append($0) })
        guard let before = out.last else { return out }
        var oracleAfter = before.oracle
        if !f.violation.message.contains("(the oracle)") {
            var alone = runner
            alone.implementation = runner.oracle
            alone.properties = []
            var last: Observation?
            _ = alone.run(.actions(actions), collectCoverage: false, onStep: { last = $0.oracle })
            if let last { oracleAfter = last }
        }
        out.append(Runner.StepRecord(step: actions.count, action: actions.last!, implementation: before.implementation, oracle: oracleAfter,
                                     viewport: before.viewport, outcome: nil, violation: f.violation))
        return out
    }

    /// Which side trapped, when the failing step is a trap: "implementation" or "oracle".
    var trappedSide: String? {
        guard let v = records.last?.violation, v.property == .crash, ["trap", "hang"].contains(v.rule) else { return nil }
        return v.message.contains("(the oracle)") ? "oracle" : "implementation"
    }

    /// The frames of the storyboard, one per record; the failing one holds two.
    package var frames: [[StoryboardFrame]] {
        records.enumerated().map { k, r in
            let moved = k > 0 ? r.action.flatMap { Self.movedTab($0, before: records[k - 1].implementation) } : nil
            guard let v = r.violation else {
                var frame = StoryboardFrame(observation: r.implementation, viewport: r.viewport)
                frame.capabilities = summary.capabilities
                frame.moved = moved
                frame.removed = k > 0 ? Self.removed(from: records[k - 1].implementation, to: r.implementation) : []
                frame.scheduled = r.scheduled
                // The next step drawn on this frame, the state it acts on.
                if k + 1 < records.count, let next = records[k + 1].action {
                    frame.acted = Self.acted(next, on: r.implementation)
                    frame.next = next
                }
                return [frame]
            }
            let a = r.implementation, b = r.oracle
            var differing = Self.differing(a, b)
            if v.property != .differential, let id = r.action.flatMap(Self.target) { differing.insert(id) }
            let fields = differences(r).map(\.field)
            // Before the first step nothing has run: the states the drivers start in.
            let after = r.step == 0 ? "" : " after"
            var pair = [StoryboardFrame(observation: a, viewport: r.viewport, highlight: differing, heading: "implementation\(after): \(summary.implementation)"),
                        StoryboardFrame(observation: b, viewport: r.viewport, highlight: differing, heading: "oracle\(after): \(summary.oracle)")]
            for i in pair.indices {
                pair[i].capabilities = summary.capabilities
                pair[i].moved = moved
                pair[i].differingFields = fields
                pair[i].scheduled = i == 0 ? r.scheduled : []   // the implementation's jobs (the reference has none)
                pair[i].removed = k > 0 ? Self.removed(from: records[k - 1].implementation, to: pair[i].observation) : []
            }
            if let side = trappedSide {
                let i = side == "oracle" ? 1 : 0
                pair[i].trapped = v.message
                pair[i].highlight = []
                pair[1 - i].highlight = []
            }
            return pair
        }
    }

    /// The tab an action names by id, if any (to highlight on a failing step).
    static func target(_ a: Action) -> String? {
        switch a {
        case .closeID(let id), .flyAwayFinished(let id), .setTitle(let id, _): return id
        case .willAppear, .newTab, .closeDisplayed, .closeAll, .setQuery, .beginSearch, .endSearch, .cancelSearch,
             .move, .select, .reopen, .setViewport, .swipeBegan, .swipeChanged, .swipeEnded, .swipeCancelled,
             .tapClose, .save, .restoreSaved, .restoreData, .reorder, .beginMove, .updateMove, .endMove, .cancelMove,
             .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch: return nil
        }
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
             .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch: id = nil
        }
        guard let id else { return nil }
        let label: String
        switch a {
        case .closeDisplayed, .tapClose, .closeID, .flyAwayFinished: label = "✕ " + a.description
        case .move(_, let j): label = "→ #\(j)"
        case .swipeChanged(let tx), .swipeEnded(let tx, _): label = (tx < 0 ? "← " : "→ ") + a.description
        case .willAppear, .newTab, .closeAll, .setQuery, .beginSearch, .endSearch, .cancelSearch, .setTitle, .select,
             .reopen, .setViewport, .swipeBegan, .swipeCancelled, .save, .restoreSaved, .restoreData, .reorder,
             .beginMove, .updateMove, .endMove, .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch: label = "▶ " + a.description
        }
        return (id, label.count > 80 ? String(label.prefix(79)) + "…" : label)
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
