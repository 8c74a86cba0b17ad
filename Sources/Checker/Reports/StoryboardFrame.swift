import Foundation
import Generators
import ReferenceModel

/// One frame of a storyboard: the screen an observation describes, drawn as SVG — the
/// viewport with its safe-area insets, the search bar (query, Cancel), every displayed
/// cell with its title (active tab marked, the swiping cell at its offset, pending
/// fly-aways faded), and the toolbar's Close All button — then, under the screen, the lines
/// the screen cannot show (hidden and closed tabs, the next step's swipe or input, fields
/// that differ). Every label is SVG text, wrapped and never clipped, so the page is
/// searchable and readable by a screen reader; each cell is a `<g class="cell"
/// data-tab="ID">`, in displayed order, so a test can read back what a frame shows; every
/// mark of a differing field carries `data-mark="FIELD"` (scripts/report-check.sh).
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
    /// The next step itself, drawn on this frame: a swipe's vector, Close All pressed, what a
    /// reopen takes back, whether a restore's input is valid.
    package var next: Action?
    /// Tabs the step removed (listed under the screen: "closed by this step: t2 “a”").
    package var removed: [(id: String, title: String)] = []
    /// The model's held jobs the step ran, the clock's moves, a kill's dropped jobs (S): the
    /// schedule between the frame before and this one.
    package var scheduled: [String] = []
    /// The −/+ table's fields: each is marked on this frame (a ring, or a "≠" line).
    package var differingFields: [String] = []
    /// Set when this driver trapped at the step: no state after it, the trap drawn instead.
    package var trapped: String?
    /// What the drivers declare (decisions.md, Reports): without `.layout` the grid is a plain one the
    /// reference lays out for the viewport (the driver has none to draw), without
    /// `.searchBar` no Cancel button, without `.filter` no search field at all.
    package var capabilities = Capability.all
    /// The largest width and height the screen is drawn at, in pixels.
    package var size = (width: 220.0, height: 340.0)
    /// The failure card's size: a phone is drawn about 203 × 440 px.
    package static let large = (width: 300.0, height: 440.0)
    /// Below this many pixels a side, a screen is described in words instead (a 31 × 1 pt
    /// viewport would draw a toolbar over the heading).
    static let smallestDrawn = (width: 120.0, height: 180.0)

    package init(observation: Observation, viewport: ViewportSpec, highlight: Set<String> = [], heading: String? = nil) {
        self.observation = observation; self.viewport = viewport; self.highlight = highlight; self.heading = heading
    }

    static let searchBar = 44.0, toolbar = 44.0, spacing = 10.0, line = 13.0

    var scale: Double { min(size.width / viewport.width, size.height / viewport.height) }

    var drawable: Bool {
        viewport.width.isFinite && viewport.height.isFinite && viewport.width >= 1 && viewport.height >= 1
            && viewport.width <= 10_000 && viewport.height <= 10_000
            && viewport.width * scale >= Self.smallestDrawn.width && viewport.height * scale >= Self.smallestDrawn.height
    }

    /// A standalone SVG (for `--frames DIR` through `combined`, or inline in XHTML).
    package func svg() -> String {
        let width = max(drawable ? viewport.width * scale + 4 : 264, 120)
        let head = headingLines(width: width)
        let top = head.isEmpty ? 0 : Double(head.count) * 14 + 4
        var body: String, bodyHeight: Double
        var marked = Set<String>(), below = 0
        if let trapped { (body, bodyHeight) = trapBox(trapped, top: top, width: width); marked.insert("crash") }
        else if drawable { (body, bodyHeight) = screen(top: top, marked: &marked, below: &below) }
        else { (body, bodyHeight) = described(top: top, width: width, marked: &marked) }
        var lines = notes(width: width, marked: marked)
        if below > 0 { lines.insert(Note(text: "+\(below) more cells below the toolbar", cls: "", mark: nil), at: 0) }
        let height = top + bodyHeight + 4 + Double(lines.count) * Self.line + (lines.isEmpty ? 0 : 4)
        var s = open(width: width, height: height)
        for (i, l) in head.enumerated() { s += "<text x=\"2\" y=\"\(f(13 + 14 * Double(i)))\" class=\"heading\">\(xml(l))</text>" }
        if let heading { s += "<title>\(xml(heading))</title>" }
        s += body
        var y = top + bodyHeight + 4 + 10
        for n in lines {
            s += "<text x=\"2\" y=\"\(f(y))\" class=\"note \(n.cls)\"\(n.mark.map { " data-mark=\"\(xml($0))\"" } ?? "")>\(xml(n.text))</text>"
            y += Self.line
        }
        return s + "</svg>"
    }

    /// The heading, role and driver on lines of their own, each cut to the frame's width.
    func headingLines(width: Double) -> [String] {
        guard let heading else { return [] }
        let chars = Int(width / 7)
        return heading.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            .flatMap { wrapped($0, width: chars).prefix(2) }
    }

    /// The screen to scale: insets, search bar, grid, toolbar.
    func screen(top: Double, marked: inout Set<String>, below: inout Int) -> (String, Double) {
        let w = viewport.width * scale, h = viewport.height * scale
        var s = "<g transform=\"translate(2 \(f(top + 2)))\">"
        s += "<rect width=\"\(f(w))\" height=\"\(f(h))\" class=\"screen\"/>"
        // Safe-area insets (L3): shaded bands.
        for (x, y, bw, bh) in [(0, 0, viewport.width, viewport.safeTop), (0, viewport.height - viewport.safeBottom, viewport.width, viewport.safeBottom),
                               (0, 0, viewport.safeLeft, viewport.height), (viewport.width - viewport.safeRight, 0, viewport.safeRight, viewport.height)]
            where bw > 0 && bh > 0 && bw.isFinite && bh.isFinite {
            s += "<rect x=\"\(f(x * scale))\" y=\"\(f(y * scale))\" width=\"\(f(min(bw, viewport.width) * scale))\" height=\"\(f(min(bh, viewport.height) * scale))\" class=\"inset\"/>"
        }
        let left = min(max(0, viewport.safeLeft) * scale, w / 3) + 4, right = max(w - max(0, viewport.safeRight) * scale - 4, left + w / 3)
        let barTop = min(max(0, viewport.safeTop) * scale, h / 4)
        s += searchBarSVG(top: barTop, left: left, right: right, marked: &marked)
        let toolbar = min(Self.toolbar * scale, h / 8)
        let gridTop = barTop + min(Self.searchBar * scale, h / 8)
        let gridBottom = max(gridTop + 20, h - min(max(0, viewport.safeBottom) * scale, h / 4) - toolbar)
        s += gridSVG(width: w, left: left, gridTop: gridTop, gridBottom: gridBottom, marked: &marked, below: &below)
        s += toolbarSVG(y: gridBottom, height: toolbar, width: w, left: left, right: right, marked: &marked)
        return (s + "</g>", h + 4)
    }

    /// The toolbar: new tab and Close All (B1); Close All ringed when its state differs, or
    /// when it is the next step.
    func toolbarSVG(y: Double, height: Double, width w: Double, left: Double, right: Double, marked: inout Set<String>) -> String {
        let baseline = y + height / 2 + 4
        var s = "<rect x=\"0\" y=\"\(f(y))\" width=\"\(f(w))\" height=\"\(f(height))\" class=\"toolbar\"/>"
        s += text(left + 4, baseline, "+ New Tab", "button")
        let ringX = max(left, right - 62)
        let ring = "<rect x=\"\(f(ringX))\" y=\"\(f(baseline - 12))\" width=\"\(f(min(62, right - ringX)))\" height=\"16\" rx=\"3\""
        if differingFields.contains("closeAllEnabled") { s += ring + " class=\"ring differs\" data-mark=\"closeAllEnabled\"/>"; marked.insert("closeAllEnabled") }
        if case .closeAll? = next { s += ring + " class=\"ring acted\"/>" }
        s += "<text x=\"\(f(right - 2))\" y=\"\(f(baseline))\" text-anchor=\"end\" class=\"\(observation.closeAllEnabled ? "button" : "disabled")\">Close All</text>"
        return s
    }

    /// The search bar (F6, F7): the field with the query or its placeholder, and Cancel.
    func searchBarSVG(top: Double, left: Double, right: Double, marked: inout Set<String>) -> String {
        guard capabilities.contains(.filter) else { return "" }
        var o = observation
        if !capabilities.contains(.searchBar) { o.cancelVisible = false }
        let barY = top + 4, barH = max(12, min(Self.searchBar * scale - 8, 28))
        let cancelW = o.cancelVisible ? min(52, (right - left) / 3) : 0
        let fields = differingFields.filter { ["query", "cancelVisible"].contains($0) }
        marked.formUnion(fields)
        let mark = fields.isEmpty ? "" : " data-mark=\"\(fields.joined(separator: " "))\""
        var s = "<rect x=\"\(f(left))\" y=\"\(f(barY))\" width=\"\(f(max(4, right - left - cancelW)))\" height=\"\(f(barH))\" rx=\"6\" class=\"searchfield\(fields.isEmpty ? "" : " differs")\"\(mark)/>"
        let chars = Int((right - left - cancelW - 8) / 6.5)
        let q = o.query.isEmpty ? "Search Tabs" : quoted(o.query)
        s += text(left + 6, barY + barH / 2 + 4, q.count > chars ? String(q.prefix(max(1, chars - 1))) + "…" : q, o.query.isEmpty ? "placeholder" : "query")
        if o.cancelVisible { s += text(right - cancelW + 4, barY + barH / 2 + 4, "Cancel", "button") }
        return s
    }

    func open(width: Double, height: Double) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(width)) \(f(height))\" role=\"img\">"
    }

    func text(_ x: Double, _ y: Double, _ s: String, _ cls: String) -> String {
        "<text x=\"\(f(x))\" y=\"\(f(y))\" class=\"\(cls)\">\(xml(s))</text>"
    }

    func title(of id: String) -> String {
        guard let i = observation.tabIDs.firstIndex(of: id) else { return "?" }
        return observation.titles[i]
    }

    /// Several frames side by side in one SVG (the failing step: implementation and oracle),
    /// with the page's styles inside, so the file reads the same opened alone (`--frames`).
    package static func combined(_ frames: [StoryboardFrame], caption: String? = nil) -> String {
        let top = caption == nil ? 0.0 : 22
        var x = 0.0, height = top
        var inner = ""
        for frame in frames {
            let svg = frame.svg()
            let (w, h) = (size(svg, "width"), size(svg, "height"))
            inner += "<svg x=\"\(f(x))\" y=\"\(f(top))\" " + svg.dropFirst("<svg xmlns=\"http://www.w3.org/2000/svg\" ".count)
            x += w + 16
            height = max(height, h + top)
        }
        let width = max(1, x - 16, caption.map { Double($0.count) * 7 + 8 } ?? 0)
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" role=\"img\">"
            + "<style>\(svgStyle)</style>" + (caption.map { "<text x=\"2\" y=\"15\" class=\"heading\">\(xml($0))</text>" } ?? "") + "\(inner)</svg>"
    }

    /// The frames' styles: in the page's `<style>`, and inside every exported SVG.
    package static let svgStyle = """
    .screen{fill:#f7f7f7;stroke:#555}.inset{fill:#e1bee7;opacity:.5}.searchfield{fill:#e0e0e0}.searchfield.differs{stroke:#c62828;stroke-width:2.5;stroke-dasharray:5 3}
    .toolbar{fill:#eceff1}.tabcell{fill:#fff;stroke:#999}.tabcell.pending{opacity:.35;stroke-dasharray:4 3}g.cell.pending text{opacity:.5}.tabcell.swiping{fill:#fffde7}.actedband{fill:#bbdefb}
    .ring{fill:none}.ring.active{stroke:#1565c0;stroke-width:3}.ring.moved{stroke:#2e7d32;stroke-width:2.5}.ring.differs{stroke:#c62828;stroke-width:2.5;stroke-dasharray:5 3}
    .ring.acted{stroke:#1565c0;stroke-width:2}.trap{fill:#fdecea;stroke:#c62828;stroke-width:2}.vector{stroke:#0d47a1;stroke-width:2;fill:#0d47a1}
    text{font-family:system-ui,sans-serif;font-size:11px;fill:#222}text.id,text.placeholder{fill:#666}text.mark{fill:#0d47a1;font-size:9px}
    text.button{fill:#1565c0}text.disabled{fill:#757575}text.heading{font-weight:600}text.note{fill:#333}text.differs{fill:#c62828;font-weight:600}
    text.removed{fill:#c62828}text.hidden{fill:#6a1b9a}text.acted{fill:#0d47a1}text.schedule{fill:#2e7d32}
    """

    static func size(_ svg: String, _ name: String) -> Double {
        guard let r = svg.range(of: "\(name)=\"") else { return 0 }
        return Double(svg[r.upperBound...].prefix { $0 != "\"" }) ?? 0
    }
}
