import Foundation
import Generators
import ReferenceModel

/// The grid of a storyboard frame and its cells: marks are rings drawn over the cell, so
/// they add up — active (blue), the tab the step moves (green, inside), differs (red dashed,
/// outside) — the swiping cell is yellow, a fly-away faded, the tab the next step acts on
/// has a light blue band (decisions.md, Reports).
extension StoryboardFrame {
    /// The differing fields a cell stands for: the ids that differ, the active tab, a
    /// fly-away, the swiping cell, the moving tab.
    func fields(of id: String) -> [String] {
        let o = observation
        return differingFields.filter { field in
            switch field {
            case "tabs", "displayed": return highlight.contains(id)
            case "active": return o.active == id
            case "pendingFlyAways": return o.pending.contains(id)
            case "swipe.holder", "swipe.offset", "swipe.scale", "swipe.above": return o.swipeHolder == id
            case "moving": return o.moving?.tab == id
            default: return false
            }
        }
    }

    /// The grid (L1–L7) and its cells, clipped between the search bar and the toolbar.
    func gridSVG(width w: Double, left: Double, gridTop: Double, gridBottom: Double, marked: inout Set<String>, below: inout Int) -> String {
        let o = observation
        // A driver without a layout of its own is drawn on the reference's plain grid.
        let layout = capabilities.contains(.layout) ? o.layout
            : Observation.Layout(RefLayout.compute(ReferenceDriver.viewport(viewport), displayedCount: o.displayed.count))
        var s = ""
        let gridFields = differingFields.filter { ["layout", "scrollEnabled"].contains($0) }
        if !gridFields.isEmpty {
            s += "<rect x=\"1\" y=\"\(f(gridTop + 1))\" width=\"\(f(w - 2))\" height=\"\(f(gridBottom - gridTop - 2))\" class=\"ring differs\" data-mark=\"\(gridFields.joined(separator: " "))\"/>"
            marked.formUnion(gridFields)
        }
        s += "<svg x=\"0\" y=\"\(f(gridTop))\" width=\"\(f(w))\" height=\"\(f(max(0, gridBottom - gridTop)))\" overflow=\"hidden\">"
        if layout.tooSmall {
            // L5: the layout places nothing; the displayed tabs are still listed, as text.
            s += text(left + 4, 14, "tooSmall (L5): no items shown", "note")
            for (i, id) in o.displayed.enumerated() {
                s += "<g class=\"cell\" data-tab=\"\(xml(id))\" data-index=\"\(i)\">" + text(left + 4, 28 + 12 * Double(i), "#\(i) \(id) \(quoted(title(of: id)))", "id") + "</g>"
            }
            return s + "</svg>"
        }
        // Every displayed cell is drawn (a test reads them back), inside a nested <svg>
        // that clips the ones below the toolbar; "+N more below" says how many.
        let rows = SimulatedFlowLayout.rows(layout.refLayout, viewportWidth: viewport.width, count: o.displayed.count) ?? []
        var index = 0, hidden = 0
        var cells = "", swiping = ""
        for (r, count) in rows.enumerated() {
            for c in 0..<count {
                let x = (layout.insetLeft + Double(c) * (layout.itemWidth + Self.spacing)) * scale
                let y = (layout.insetTop + Double(r) * (layout.itemHeight + Self.spacing)) * scale
                let id = o.displayed[index]
                if gridTop + y + 10 > gridBottom { hidden += 1 } else { marked.formUnion(fields(of: id)) }
                let drawn = cell(id, index, x, y, layout.itemWidth * scale, layout.itemHeight * scale)
                if id == o.swipeHolder { swiping = drawn } else { cells += drawn }
                index += 1
            }
        }
        s += cells + swiping + "</svg>"      // the swiping cell last: above the others (G3)
        below = hidden      // said under the screen, not drawn over the cells
        return s
    }

    func cell(_ id: String, _ index: Int, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> String {
        let o = observation
        var fill = ["tabcell"], notes: [String] = [], rings = ""
        func ring(_ cls: String, _ d: Double, mark: [String] = []) {
            rings += "<rect x=\"\(f(x - d))\" y=\"\(f(y - d))\" width=\"\(f(max(1, w + 2 * d)))\" height=\"\(f(max(1, h + 2 * d)))\" rx=\"8\" class=\"ring \(cls)\""
                + (mark.isEmpty ? "" : " data-mark=\"\(mark.joined(separator: " "))\"") + "/>"
        }
        if id == o.active && capabilities.contains(.activeTab) { ring("active", 0); notes.append("active") }
        if o.pending.contains(id) { fill.append("pending"); notes.append("flying away") }
        if id == moved { ring("moved", -3); notes.append("moved") }
        let differs = fields(of: id)
        if highlight.contains(id) || !differs.isEmpty { ring("differs", 3, mark: differs); notes.append("differs") }
        var transform = ""
        if id == o.swipeHolder {
            fill.append("swiping")
            notes.append("swiping \(num(o.swipeOffset)) pt")
            let dx = o.swipeOffset.isFinite ? o.swipeOffset * scale : 0
            let k = o.swipeScale.isFinite ? o.swipeScale : 1
            transform = " transform=\"translate(\(f(x + w / 2 + dx)) \(f(y + h / 2))) scale(\(f(k))) translate(\(f(-x - w / 2)) \(f(-y - h / 2)))\""
        }
        var s = "<g class=\"cell\(o.pending.contains(id) ? " pending" : "")\" data-tab=\"\(xml(id))\" data-index=\"\(index)\"\(transform)>"
        s += "<title>\(xml("#\(index) \(id) \(quoted(title(of: id)))\(notes.isEmpty ? "" : " — " + notes.joined(separator: ", "))\(acted?.id == id ? " — next: " + acted!.label : "")"))</title>"
        s += "<rect x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(w))\" height=\"\(f(h))\" rx=\"8\" class=\"\(fill.joined(separator: " "))\"/>"
        if let acted, acted.id == id { s += "<rect x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(w))\" height=\"\(f(min(h, 16)))\" rx=\"8\" class=\"actedband\"/>" }
        s += rings + swipeVector(id, x, y, w, h)
        // The lines that fit, top down: title, id and position, the step acting on it, marks.
        var lines: [(String, String, Double)] = [(display(title(of: id)), "title", 6.5), ("\(id) · #\(index)", "id", 6.5)]
        if let acted, acted.id == id { lines += wrapped(acted.label, width: Int((w - 8) / 5.6)).map { ($0, "mark", 5.6) } }
        if !notes.isEmpty { lines += wrapped(notes.joined(separator: ", "), width: Int((w - 8) / 5.6)).map { ($0, "mark", 5.6) } }
        var baseline = y + 13
        for (line, cls, charWidth) in lines where baseline <= y + h - 4 {
            let chars = max(2, Int((w - 8) / charWidth))
            s += text(x + 5, baseline, line.count > chars ? String(line.prefix(chars - 1)) + "…" : line, cls)
            baseline += cls == "mark" ? 11 : 13
        }
        return s + "</g>"
    }

    /// The next step's swipe on the cell it moves: an arrow from the cell's centre, as long
    /// as the drag (at least 14 px, so a 1 pt drag shows its direction).
    func swipeVector(_ id: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> String {
        guard acted?.id == id, let next else { return "" }
        let tx: Double
        switch next {
        case .swipeChanged(let t), .swipeEnded(let t, _): tx = t
        case .willAppear, .newTab, .closeDisplayed, .closeID, .closeAll, .setQuery, .beginSearch, .endSearch, .cancelSearch, .setTitle,
             .move, .select, .reopen, .setViewport, .swipeBegan, .swipeCancelled, .flyAwayFinished, .tapClose, .save, .restoreSaved,
             .restoreData, .reorder, .beginMove, .updateMove, .endMove, .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch: return ""
        }
        guard tx.isFinite else { return "" }
        let cx = x + w / 2, cy = y + h / 2, sign = tx < 0 ? -1.0 : 1.0
        let end = cx + sign * min(max(14, abs(tx) * scale), w / 2 + 10)
        return "<line x1=\"\(f(cx))\" y1=\"\(f(cy))\" x2=\"\(f(end))\" y2=\"\(f(cy))\" class=\"vector\"/>"
            + "<path d=\"M\(f(end + sign * 6)) \(f(cy)) L\(f(end)) \(f(cy - 5)) L\(f(end)) \(f(cy + 5)) Z\" class=\"vector\"/>"
    }

    /// A viewport too small or absurd to draw to scale, described in words.
    func described(top: Double, width: Double, marked: inout Set<String>) -> (String, Double) {
        let o = observation
        let chars = Int((width - 16) / 6.5)
        var lines: [(String, String, [String])] = []
        func add(_ t: String, _ cls: String, _ fields: [String]) {
            for l in wrapped(t, width: chars) { lines.append((l, cls, fields)) }
        }
        add("viewport \(num(viewport.width)) × \(num(viewport.height)) pt: too small to draw to scale", "note", [])
        add("layout: \(o.layout.tooSmall ? "tooSmall (L5), no items shown" : Self.layoutWords(o.layout))", "note",
            differingFields.filter { ["layout", "scrollEnabled"].contains($0) })
        add("query \(quoted(o.query))\(o.cancelVisible ? " · Cancel" : "")", "note", differingFields.filter { ["query", "cancelVisible"].contains($0) })
        add("Close All \(o.closeAllEnabled ? "enabled" : "disabled")", "note", differingFields.filter { $0 == "closeAllEnabled" })
        var s = ""
        var y = top + 18
        for (l, cls, fields) in lines {
            marked.formUnion(fields)
            s += "<text x=\"10\" y=\"\(f(y))\" class=\"\(cls)\(fields.isEmpty ? "" : " differs")\"\(fields.isEmpty ? "" : " data-mark=\"\(fields.joined(separator: " "))\"")>\(xml(l))</text>"
            y += Self.line
        }
        for (i, id) in o.displayed.enumerated() {
            let fields = fields(of: id)
            marked.formUnion(fields)
            let mark = highlight.contains(id) || !fields.isEmpty
            s += "<g class=\"cell\" data-tab=\"\(xml(id))\" data-index=\"\(i)\"\(fields.isEmpty ? "" : " data-mark=\"\(fields.joined(separator: " "))\"")>"
            s += text(10, y, String("#\(i) \(id) \(quoted(title(of: id)))\(id == o.active ? " · active" : "")\(mark ? " · differs" : "")".prefix(chars)), mark ? "note differs" : "note") + "</g>"
            y += Self.line
        }
        let height = y - top - 6
        return ("<rect x=\"2\" y=\"\(f(top + 2))\" width=\"\(f(width - 4))\" height=\"\(f(height))\" class=\"screen\"/>" + s, height + 4)
    }

    /// A driver that trapped at the step has no state after it: the trap, in its words.
    func trapBox(_ message: String, top: Double, width: Double) -> (String, Double) {
        let head = wrapped("trapped at this step: no state after it", width: Int((width - 16) / 7.5))
        let body = wrapped(message, width: Int((width - 16) / 6.5))
        // Never cut silently: the table and the console hold the whole message.
        let lines = head + (body.count > 14 ? Array(body.prefix(13)) + ["… (\(body.count - 13) more lines: see the sentence above)"] : body)
        var s = "<rect x=\"2\" y=\"\(f(top + 2))\" width=\"\(f(width - 4))\" height=\"\(f(Double(lines.count) * Self.line + 12))\" class=\"trap\" data-mark=\"crash\"/>"
        for (i, l) in lines.enumerated() { s += text(10, top + 18 + Self.line * Double(i), l, i < head.count ? "heading removed" : "note") }
        return (s, Double(lines.count) * Self.line + 16)
    }

    /// A layout in words, sizes to a tenth of a point (not 265.4887218045113).
    static func layoutWords(_ l: Observation.Layout) -> String {
        if l.tooSmall { return "tooSmall" }
        return "\(num(l.columns)) column\(l.columns == 1 ? "" : "s") of \(num(l.itemWidth)) × \(num(l.itemHeight)) pt"
    }
}
