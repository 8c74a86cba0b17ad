import Foundation
import Generators
import ReferenceModel

/// One frame of a storyboard: the screen an observation describes, drawn as SVG — the
/// viewport with its safe-area insets, the search bar (query, Cancel), every displayed
/// cell with its title (active tab marked, the swiping cell at its offset, pending
/// fly-aways faded), and the toolbar's Close All button. Every label is SVG text, so the
/// page is searchable and readable by a screen reader; each cell is a `<g class="cell"
/// data-tab="ID">`, in displayed order, so a test can read back what a frame shows.
package struct StoryboardFrame {
    package let observation: Observation
    package let viewport: ViewportSpec
    /// Tab ids to outline in red (the cells where two drivers disagree).
    package var highlight: Set<String> = []
    /// A heading drawn above the screen (e.g. "implementation: production").
    package var heading: String?
    /// The tab the step moves (F9), outlined in green in the frames before and after it.
    package var moved: String?
    /// The tab the next step acts on, and the step in words ("✕ closeDisplayed(0)"): the
    /// action drawn on the frame before it (decisions.md, Reports).
    package var acted: (id: String, label: String)?
    /// Tabs the step removed (ghosts under the grid: "closed by this step: t2 “a”").
    package var removed: [(id: String, title: String)] = []
    /// What the drivers declare (decisions.md, Reports): without `.layout` the grid is a plain one the
    /// reference lays out for the viewport (the driver has none to draw), without
    /// `.searchBar` no Cancel button, without `.filter` no search field at all.
    package var capabilities = Capability.all
    /// The largest width and height the screen is drawn at, in pixels.
    package var size = (width: 220.0, height: 340.0)
    /// The failure card's size: a phone is drawn about 203 × 440 px.
    package static let large = (width: 300.0, height: 440.0)

    package init(observation: Observation, viewport: ViewportSpec, highlight: Set<String> = [], heading: String? = nil) {
        self.observation = observation; self.viewport = viewport; self.highlight = highlight; self.heading = heading
    }

    static let searchBar = 44.0, toolbar = 44.0, spacing = 10.0

    var drawable: Bool {
        viewport.width.isFinite && viewport.height.isFinite && viewport.width >= 1 && viewport.height >= 1
            && viewport.width <= 10_000 && viewport.height <= 10_000
    }

    /// A standalone SVG (for `--frames DIR`, or inline in XHTML).
    package func svg() -> String {
        let top = heading == nil ? 0.0 : 32.0
        guard drawable else { return described(top: top) }
        let scale = min(size.width / viewport.width, size.height / viewport.height)
        let w = viewport.width * scale, h = viewport.height * scale
        var s = open(width: w + 4, height: h + top + 4)
        if let heading { s += headingText(heading) }
        s += "<g transform=\"translate(2 \(f(top + 2)))\">"
        s += "<rect width=\"\(f(w))\" height=\"\(f(h))\" class=\"screen\"/>"
        // Safe-area insets (L3): shaded bands.
        for (x, y, bw, bh) in [(0, 0, viewport.width, viewport.safeTop), (0, viewport.height - viewport.safeBottom, viewport.width, viewport.safeBottom),
                               (0, 0, viewport.safeLeft, viewport.height), (viewport.width - viewport.safeRight, 0, viewport.safeRight, viewport.height)]
            where bw > 0 && bh > 0 && bw.isFinite && bh.isFinite {
            s += "<rect x=\"\(f(x * scale))\" y=\"\(f(y * scale))\" width=\"\(f(bw * scale))\" height=\"\(f(bh * scale))\" class=\"inset\"/>"
        }
        let left = max(0, viewport.safeLeft) * scale + 4, right = w - max(0, viewport.safeRight) * scale - 4
        s += searchBarSVG(scale: scale, left: left, right: right)
        let gridTop = (max(0, viewport.safeTop) + Self.searchBar) * scale
        let gridBottom = h - (max(0, viewport.safeBottom) + Self.toolbar) * scale
        s += gridSVG(scale: scale, width: w, left: left, gridTop: gridTop, gridBottom: gridBottom)
        // The toolbar: new tab and Close All (B1).
        let toolbar = Self.toolbar * scale
        s += "<rect x=\"0\" y=\"\(f(gridBottom))\" width=\"\(f(w))\" height=\"\(f(toolbar))\" class=\"toolbar\"/>"
        s += text(left + 4, gridBottom + toolbar / 2 + 4, "+ New Tab", "button")
        s += "<text x=\"\(f(right - 2))\" y=\"\(f(gridBottom + toolbar / 2 + 4))\" text-anchor=\"end\" class=\"\(observation.closeAllEnabled ? "button" : "disabled")\">"
            + "Close All" + "</text>"
        return s + "</g></svg>"
    }

    /// An absurd viewport, described rather than drawn to scale.
    func described(top: Double) -> String {
        let o = observation
        var s = open(width: 260, height: 70 + top + 16 * Double(o.displayed.count))
        if let heading { s += headingText(heading) }
        s += "<rect x=\"2\" y=\"\(f(top + 2))\" width=\"256\" height=\"\(f(62 + 16 * Double(o.displayed.count)))\" class=\"screen\"/>"
        s += text(10, top + 22, "viewport \(num(viewport.width)) × \(num(viewport.height)) pt: not drawable to scale", "note")
        s += text(10, top + 40, "layout: \(o.layout.tooSmall ? "tooSmall (L5), no items shown" : o.layout.description)", "note")
        s += text(10, top + 58, "query \(quoted(o.query))\(o.cancelVisible ? " · Cancel" : "") · Close All \(o.closeAllEnabled ? "enabled" : "disabled")", "note")
        for (i, id) in o.displayed.enumerated() {
            s += "<g class=\"cell\" data-tab=\"\(xml(id))\" data-index=\"\(i)\">" + text(10, top + 74 + 16 * Double(i), "#\(i) \(id) \(quoted(title(of: id)))", "note") + "</g>"
        }
        return s + "</svg>"
    }

    /// The search bar (F6, F7): the field with the query or its placeholder, and Cancel.
    func searchBarSVG(scale: Double, left: Double, right: Double) -> String {
        guard capabilities.contains(.filter) else { return "" }
        var o = observation
        if !capabilities.contains(.searchBar) { o.cancelVisible = false }
        let barY = max(0, viewport.safeTop) * scale + 4, barH = max(12, Self.searchBar * scale - 8)
        let cancelW = o.cancelVisible ? min(52, (right - left) / 3) : 0
        var s = "<rect x=\"\(f(left))\" y=\"\(f(barY))\" width=\"\(f(max(4, right - left - cancelW)))\" height=\"\(f(barH))\" rx=\"6\" class=\"searchfield\"/>"
        s += text(left + 6, barY + barH / 2 + 4, o.query.isEmpty ? "Search Tabs" : quoted(o.query), o.query.isEmpty ? "placeholder" : "query")
        if o.cancelVisible { s += text(right - cancelW + 4, barY + barH / 2 + 4, "Cancel", "button") }
        return s
    }

    /// The grid (L1–L7) and its cells, clipped between the search bar and the toolbar.
    func gridSVG(scale: Double, width w: Double, left: Double, gridTop: Double, gridBottom: Double) -> String {
        let o = observation
        // A driver without a layout of its own is drawn on the reference's plain grid.
        let layout = capabilities.contains(.layout) ? o.layout
            : Observation.Layout(RefLayout.compute(ReferenceDriver.viewport(viewport), displayedCount: o.displayed.count))
        var s = "<svg x=\"0\" y=\"\(f(gridTop))\" width=\"\(f(w))\" height=\"\(f(max(0, gridBottom - gridTop)))\" overflow=\"hidden\">"
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
                if gridTop + y + 10 > gridBottom { hidden += 1 }
                let drawn = cell(id, index, x, y, layout.itemWidth * scale, layout.itemHeight * scale, scale)
                if id == o.swipeHolder { swiping = drawn } else { cells += drawn }
                index += 1
            }
        }
        s += cells + swiping + "</svg>"      // the swiping cell last: above the others (G3)
        if hidden > 0 { s += text(left + 4, gridBottom - 4, "+\(hidden) more below", "note") }
        return s + offGrid(left: left, bottom: gridBottom - (hidden > 0 ? 16 : 4))
    }

    /// What the grid does not show, as lines above the toolbar: the tabs the query hides, and
    /// the tabs this step removed.
    func offGrid(left: Double, bottom: Double) -> String {
        let o = observation
        let shown = Set(o.displayed)
        let hiddenTabs = zip(o.tabIDs, o.titles).filter { !shown.contains($0.0) }
        var lines: [(String, String)] = []
        func list(_ tabs: [(String, String)]) -> String {
            let words = tabs.prefix(3).map { "\($0.0) \(quoted($0.1.count > 10 ? String($0.1.prefix(10)) + "…" : $0.1))" }.joined(separator: ", ")
            return words + (tabs.count > 3 ? ", +\(tabs.count - 3)" : "")
        }
        if !hiddenTabs.isEmpty { lines.append(("hidden by the query: " + list(hiddenTabs), "hidden")) }
        if !removed.isEmpty { lines.append(("✕ closed by this step: " + list(removed.map { ($0.id, $0.title) }), "removed")) }
        var s = ""
        for (i, (line, cls)) in lines.reversed().enumerated() { s += text(left + 2, bottom - 12 * Double(i), line, "note " + cls) }
        return s
    }

    /// Several frames side by side in one SVG (the failing step: implementation and oracle).
    package static func combined(_ frames: [StoryboardFrame]) -> String {
        guard frames.count > 1 else { return frames.first?.svg() ?? "" }
        var x = 0.0, height = 0.0
        var inner = ""
        for frame in frames {
            let svg = frame.svg()
            let (w, h) = (size(svg, "width"), size(svg, "height"))
            inner += "<svg x=\"\(f(x))\" " + svg.dropFirst("<svg xmlns=\"http://www.w3.org/2000/svg\" ".count)
            x += w + 16
            height = max(height, h)
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(x))\" height=\"\(f(height))\" role=\"img\">\(inner)</svg>"
    }

    static func size(_ svg: String, _ name: String) -> Double {
        guard let r = svg.range(of: "\(name)=\"") else { return 0 }
        return Double(svg[r.upperBound...].prefix { $0 != "\"" }) ?? 0
    }

    func cell(_ id: String, _ index: Int, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ scale: Double) -> String {
        let o = observation
        var classes = ["tabcell"]
        var notes: [String] = []
        if id == o.active { classes.append("active"); notes.append("active") }
        if o.pending.contains(id) { classes.append("pending"); notes.append("flying away") }
        if highlight.contains(id) { classes.append("differs"); notes.append("differs") }
        if id == moved { classes.append("moved"); notes.append("moved") }
        if let acted, acted.id == id { classes.append("acted"); notes.append(acted.label) }
        var transform = ""
        if id == o.swipeHolder {
            classes.append("swiping")
            notes.append("swiping \(num(o.swipeOffset)) pt")
            let dx = o.swipeOffset.isFinite ? o.swipeOffset * scale : 0
            let k = o.swipeScale.isFinite ? o.swipeScale : 1
            transform = " transform=\"translate(\(f(x + w / 2 + dx)) \(f(y + h / 2))) scale(\(f(k))) translate(\(f(-x - w / 2)) \(f(-y - h / 2)))\""
        }
        let chars = max(3, Int(w / 6.5))
        let shownTitle = display(title(of: id))
        let line = shownTitle.count > chars ? String(shownTitle.prefix(chars - 1)) + "…" : shownTitle
        var s = "<g class=\"cell\" data-tab=\"\(xml(id))\" data-index=\"\(index)\"\(transform)>"
        s += "<title>\(xml("#\(index) \(id) \(quoted(title(of: id)))\(notes.isEmpty ? "" : " — " + notes.joined(separator: ", "))"))</title>"
        s += "<rect x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(w))\" height=\"\(f(h))\" rx=\"8\" class=\"\(classes.joined(separator: " "))\"/>"
        s += text(x + 5, y + 14, line, "title")
        s += text(x + 5, y + 28, "\(id) · #\(index)", "id")
        if !notes.isEmpty { s += text(x + 5, y + h - 6, notes.joined(separator: ", "), "mark") }
        return s + "</g>"
    }

    /// "implementation: production" on two lines: the role, then the driver's name.
    func headingText(_ heading: String) -> String {
        let parts = heading.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        return text(2, 13, parts[0], "heading") + (parts.count > 1 ? text(2, 27, parts[1], "heading") : "")
    }

    func title(of id: String) -> String {
        guard let i = observation.tabIDs.firstIndex(of: id) else { return "?" }
        return observation.titles[i]
    }

    func open(width: Double, height: Double) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(width)) \(f(height))\" role=\"img\">"
    }

    func text(_ x: Double, _ y: Double, _ s: String, _ cls: String) -> String {
        "<text x=\"\(f(x))\" y=\"\(f(y))\" class=\"\(cls)\">\(xml(s))</text>"
    }
}

// MARK: Text for XML

/// Text safe in XML 1.0: markup characters escaped, control characters (which XML cannot
/// hold at all) shown as `\u{…}`.
package func xml(_ s: String) -> String {
    var out = ""
    for u in display(s).unicodeScalars {
        switch u {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&apos;"
        default: out.unicodeScalars.append(u)
        }
    }
    return out
}

/// Text of several lines for a `<pre>` (the regression test, to paste): as `xml`, its line
/// breaks and tabs kept as they are (decisions.md, Reports: they printed as `\u{a}`).
package func xmlLines(_ s: String) -> String {
    s.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        line.split(separator: "\t", omittingEmptySubsequences: false).map { xml(String($0)) }.joined(separator: "\t")
    }.joined(separator: "\n")
}

/// A title or query as shown on screen: control characters (and the two noncharacters XML
/// cannot hold either) visible as `\u{…}`.
func display(_ s: String) -> String {
    String(String.UnicodeScalarView(s.unicodeScalars.flatMap { u -> [Unicode.Scalar] in
        u.value < 0x20 || (0x7F...0x9F).contains(u.value) || u.value == 0xFFFE || u.value == 0xFFFF
            ? Array("\\u{\(String(u.value, radix: 16))}".unicodeScalars) : [u]
    }))
}

func quoted(_ s: String) -> String { "“" + display(s) + "”" }

func f(_ x: Double) -> String {
    guard x.isFinite else { return "0" }
    return x == x.rounded() && abs(x) < 1e9 ? String(Int(x)) : String(format: "%.1f", x)
}

func num(_ x: Double) -> String {
    x.isNaN ? "NaN" : x.isInfinite ? (x < 0 ? "−∞" : "∞") : (x == x.rounded() && abs(x) < 1e12 ? String(Int(x)) : String(format: "%.2f", x))
}
