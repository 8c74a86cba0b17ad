import Foundation
import Generators

/// The lines under a frame's screen: what the screen cannot show. The tabs the query hides
/// and the tabs the step closed, the next step drawn in words where a picture is not enough
/// (a swipe's vector, a reopen's source, a restore's input), and a "≠" line for every
/// differing field no ring on the screen marks — so each field of the −/+ table has a mark
/// on the frame (decisions.md, Reports).
extension StoryboardFrame {
    struct Note { var text: String; var cls: String; var mark: String? }

    func notes(width: Double, marked: Set<String>) -> [Note] {
        let o = observation
        let chars = Int((width - 4) / 6.5)
        var out: [Note] = []
        func add(_ text: String, _ cls: String, mark: [String] = []) {
            for l in wrapped(text, width: chars) { out.append(Note(text: l, cls: cls + (mark.isEmpty ? "" : " differs"), mark: mark.isEmpty ? nil : mark.joined(separator: " "))) }
        }
        func list(_ tabs: [(String, String)]) -> String {
            let words = tabs.prefix(3).map { "\($0.0) \(quoted($0.1.count > 12 ? String($0.1.prefix(12)) + "…" : $0.1))" }.joined(separator: ", ")
            return words + (tabs.count > 3 ? ", +\(tabs.count - 3) more" : "")
        }
        let shown = Set(o.displayed)
        let hiddenTabs = zip(o.tabIDs, o.titles).filter { !shown.contains($0.0) }
        let tabFields = differingFields.filter { ["tabs", "displayed"].contains($0) && !marked.contains($0) }
        if trapped == nil {
            if !hiddenTabs.isEmpty { add("hidden by the query: " + list(hiddenTabs), "hidden") }
            if !removed.isEmpty { add("✕ closed by this step: " + list(removed.map { ($0.id, $0.title) }), "removed") }
        }
        if !scheduled.isEmpty { add("⏱ ran in this step: " + scheduled.joined(separator: ", "), "schedule") }
        if let next { nextStep(next).map { add($0, "acted") } }
        let closed = differingFields.filter { $0.hasPrefix("recentlyClosed") }
        if closed.count > 0 || { if case .reopen? = next { return true }; return false }() {
            add("recently closed: \(o.closedCount) entr\(o.closedCount == 1 ? "y" : "ies")\(o.newestClosed.isEmpty ? "" : ", newest [\(o.newestClosed.joined(separator: ", "))]")",
                "note", mark: closed)
        }
        // Every differing field not ringed on the screen, in words.
        for field in differingFields where !marked.contains(field) && !closed.contains(field) && !tabFields.contains(field) && field != "crash" {
            add("≠ \(field): \(value(field))", "note", mark: [field])
        }
        if !tabFields.isEmpty { add("≠ \(tabFields.joined(separator: ", ")): \(o.tabIDs.isEmpty ? "no tab open" : "tabs [\(o.tabIDs.joined(separator: ", "))]")", "note", mark: tabFields) }
        return out
    }

    /// A field's value on this frame, for a "≠" line.
    func value(_ field: String) -> String {
        let o = observation
        switch field {
        case "active": return o.active.map { o.displayed.contains($0) ? $0 : "\($0) (not displayed)" } ?? "none"
        case "pendingFlyAways": return o.pending.isEmpty ? "none" : o.pending.joined(separator: ", ")
        case "swipe.holder": return o.swipeHolder ?? "none"
        case "swipe.offset": return "\(num(o.swipeOffset)) pt"
        case "swipe.scale": return num(o.swipeScale)
        case "swipe.above": return "\(o.swipeAbove)"
        case "scrollEnabled": return "\(o.scrollEnabled)"
        case "layout": return Self.layoutWords(o.layout)
        case "moving": return o.moving.map { "\($0.tab) → #\($0.target)" } ?? "none"
        case "query": return quoted(o.query)
        case "cancelVisible": return o.cancelVisible ? "Cancel shown" : "Cancel hidden"
        case "closeAllEnabled": return o.closeAllEnabled ? "enabled" : "disabled"
        default: return "see the table"
        }
    }

    /// The next step in words, where the screen alone does not say it.
    func nextStep(_ a: Action) -> String? {
        switch a {
        case .swipeBegan(let i, let vx, let vy): return "▶ a swipe begins on #\(i) (velocity \(num(vx)), \(num(vy)) pt/s)"
        case .swipeChanged(let tx): return "▶ the finger is now \(num(abs(tx))) pt \(tx < 0 ? "left ←" : "right →") of where it began"
        case .swipeEnded(let tx, let vx):
            return "▶ released \(num(abs(tx))) pt \(tx < 0 ? "left ←" : "right →") at \(num(abs(vx))) pt/s \(vx < 0 ? "leftward ←" : "rightward →")"
        case .swipeCancelled: return "▶ the swipe is cancelled"
        case .closeAll: return "▶ Close All is pressed"
        case .reopen: return "▶ reopen the newest recently closed entry"
        case .restoreData(let text): return "▶ restore from input: " + Self.restoreInput(text)
        case .restoreSaved: return "▶ restore the saved session"
        case .setViewport(let v):
            return "▶ the viewport becomes \(num(v.width)) × \(num(v.height)) pt (safe left \(num(v.safeLeft)), right \(num(v.safeRight)), top \(num(v.safeTop)), bottom \(num(v.safeBottom)))"
        case .setQuery(let q): return "▶ the query becomes \(quoted(q))"
        case .willAppear, .newTab, .closeDisplayed, .closeID, .beginSearch, .endSearch, .cancelSearch, .setTitle, .move, .select,
             .flyAwayFinished, .tapClose, .save, .reorder, .beginMove, .updateMove, .endMove, .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch:
            return acted == nil ? "▶ " + HTMLReport.caption(a) : nil
        }
    }

    /// Whether a restore's input is a session (the reference's verdict, which does not depend
    /// on the state it is restored over), and what it holds.
    static func restoreInput(_ text: String) -> String {
        var reference = ReferenceDriver(viewport: ViewportSpec(width: 393, height: 852))
        if let why = reference.apply(.restoreData(text)).rejected { return "invalid — \(why)" }
        return "valid — " + (SessionText.summary(text) ?? "a session")
    }
}
