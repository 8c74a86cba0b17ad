import Foundation

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

/// `text` in lines of at most `width` characters, broken at spaces where it can be (a word
/// longer than a line is cut): a label is wrapped, never clipped (decisions.md, Reports).
func wrapped(_ text: String, width: Int) -> [String] {
    let width = max(4, width)
    var lines: [String] = [], line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
        var w = word
        while w.count > width {
            if !line.isEmpty { lines.append(line); line = "" }
            lines.append(String(w.prefix(width))); w = String(w.dropFirst(width))
        }
        if line.isEmpty { line = w } else if line.count + 1 + w.count <= width { line += " " + w } else { lines.append(line); line = w }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
}
