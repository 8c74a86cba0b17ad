import Checker
import Foundation
import Generators
import ReferenceModel
import TabModel

/// Draws the grid for a viewport as text (rows of boxes) or SVG, from the production
/// layout placed by the simulated flow layout.
package enum LayoutDrawing {
    package static func layout(_ v: ViewportSpec, tabs n: Int) -> GridLayout {
        GridLayout(viewport: v.production, displayedCount: n)
    }

    static func rows(_ g: GridLayout.Grid, _ v: ViewportSpec, _ n: Int) -> [Int] {
        SimulatedFlowLayout.rows(Observation.Layout(.grid(g)).refLayout, viewportWidth: v.width, count: n) ?? []
    }

    package static func text(_ v: ViewportSpec, tabs n: Int) -> String {
        var out = "viewport \(fmt(v.width))×\(fmt(v.height)) pt, safe area left \(fmt(v.safeLeft)) right \(fmt(v.safeRight)), \(n) tab\(n == 1 ? "" : "s") (\(v.width > v.height ? "landscape" : "portrait"), L1)\n"
        guard case .grid(let g) = layout(v, tabs: n) else {
            return out + "layout: tooSmall — not even one 44 pt column fits, or the viewport is invalid (L5); no items shown\n"
        }
        let r = rows(g, v, n)
        out += "columns \(g.columns) (L2/L5) · item \(fmt(g.itemWidth))×\(fmt(g.itemHeight)) pt (L4) · insets top \(fmt(g.insetTop)) left \(fmt(g.insetLeft)) bottom \(fmt(g.insetBottom)) right \(fmt(g.insetRight)) (L3) · \(g.itemsPerRow) per full row (L6)\n"
        let boxWidth = 12
        let shown = r.prefix(6)
        var index = 0
        for count in shown {
            let top = (0..<count).map { _ in "┌" + String(repeating: "─", count: boxWidth - 2) + "┐" }.joined(separator: " ")
            let mid = (0..<count).map { k in
                let label = " #\(index + k)"
                return "│" + label + String(repeating: " ", count: max(0, boxWidth - 2 - label.count)) + "│"
            }.joined(separator: " ")
            let bottom = (0..<count).map { _ in "└" + String(repeating: "─", count: boxWidth - 2) + "┘" }.joined(separator: " ")
            out += "  " + top + "\n  " + mid + "\n  " + bottom + "\n"
            index += count
        }
        if r.count > shown.count { out += "  … \(r.count - shown.count) more rows\n" }
        out += "rows: \(r.map(String.init).joined(separator: ", "))\n"
        return out
    }

    package static func svg(_ v: ViewportSpec, tabs n: Int) -> String {
        let w = v.width.isFinite && v.width > 0 ? min(v.width, 4000) : 100
        guard case .grid(let g) = layout(v, tabs: n) else {
            return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(fmt(w))\" height=\"60\"><rect width=\"100%\" height=\"100%\" fill=\"#eee\"/><text x=\"10\" y=\"35\" font-family=\"sans-serif\">tooSmall (L5)</text></svg>\n"
        }
        let r = rows(g, v, n)
        let height = g.insetTop + Double(r.count) * (g.itemHeight + 10) + g.insetBottom
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(fmt(w))\" height=\"\(fmt(height))\">\n"
        s += "<rect width=\"100%\" height=\"100%\" fill=\"#e6e6e6\"/>\n"
        var y = g.insetTop, index = 0
        for count in r {
            var x = g.insetLeft
            for _ in 0..<count {
                s += "<rect x=\"\(fmt(x))\" y=\"\(fmt(y))\" width=\"\(fmt(g.itemWidth))\" height=\"\(fmt(g.itemHeight))\" rx=\"16\" fill=\"#fff\" stroke=\"#999\"/>"
                s += "<text x=\"\(fmt(x + 8))\" y=\"\(fmt(y + 20))\" font-family=\"sans-serif\" font-size=\"14\">#\(index)</text>\n"
                x += g.itemWidth + 10
                index += 1
            }
            y += g.itemHeight + 10
        }
        return s + "</svg>\n"
    }

    static func fmt(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e12 ? String(Int(x)) : String(format: "%.2f", x)
    }
}
