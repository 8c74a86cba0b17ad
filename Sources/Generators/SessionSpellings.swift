/// Session texts spelt as JSON allows but the canonical writer never writes (decisions.md, Generation and values): whitespace
/// between tokens, keys in any order, characters escaped as `\uXXXX` in either case (astral ones
/// as surrogate pairs), `\/`, numbers of every shape where the version goes (19–20 digits, values
/// beside `Int.max`, exponents, `-0`, fractions that round to 1), duplicated keys, lone
/// surrogates. A decoder with a fast path for the canonical form must send each of these to the
/// general one, or read it exactly as that would.
extension SessionText {
    /// Numbers as the version: each one a shape a hand-written reader may misread.
    static let oddNumbers = [
        "1.0", "1e0", "1E0", "10e-1", "0.1e1", "-0", "1.0000000000000000001", "0.99999999999999999999", "9223372036854775807",
        "9223372036854775808", "-9223372036854775808", "18446744073709551617", "99999999999999999999", "10000000000000000001",
        "1e400", "01", "1.5", "4294967297", "2147483649", "1" + String(repeating: "0", count: 30),
    ]

    /// One of the odd spellings of a session of these tabs.
    static func oddlySpelt(_ c: inout Choices, ids: [String], titles: [String], active: String?) -> String {
        switch c.weighted([2, 1, 1]) {
        case 0: return respelled(&c, ids: ids, titles: titles, active: active)
        case 1:
            // The canonical text with the version spelt otherwise (no whitespace, so a canonical
            // fast path reads up to the number).
            let good = valid(ids: ids, titles: titles, active: active)
            return good.replacing("\"version\":1}", with: "\"version\":\(c.element(of: oddNumbers))}")
        default: return duplicatingKey(&c, ids: ids, titles: titles, active: active)
        }
    }

    /// The same session with escapes, and now and then whitespace and keys in another order —
    /// each aspect on its own, so a text with escapes alone keeps the canonical key order and
    /// reaches a reader that handles just that form.
    static func respelled(_ c: inout Choices, ids: [String], titles: [String], active: String?) -> String {
        let spaced = c.bool(0.3), shuffled = c.bool(0.2)
        // Half the texts escape only what JSON must (controls, quote, backslash) — the form a
        // canonical fast path reads itself — and half of those gain a control character in a title.
        let optional = c.bool(0.5) ? 0.3 : 0
        // A quarter of the texts escape every non-ASCII scalar byte by byte, as a writer that
        // escapes UTF-8 bytes instead of scalars does: `\u00c3\u00a9` is "Ã©" to JSON, not "é"
        // (a reader that takes `\u00XX` for a byte misreads it; found by a fresh-eyes audit).
        let bytewise = c.bool(0.25)
        var titles = titles
        if !titles.isEmpty, c.bool(0.5) {
            let k = c.int(in: 0...(titles.count - 1))
            let control = String(TextClass.control.scalar(&c))
            titles[k].insert(contentsOf: control, at: titles[k].index(titles[k].startIndex, offsetBy: c.int(in: 0...titles[k].count)))
        }
        func ws() -> String { spaced && c.bool(0.5) ? c.element(of: [" ", "\n", "\t", "\r\n", "  "]) : "" }
        func str(_ s: String) -> String { escapedString(&c, s, optional: optional, bytewise: bytewise) }
        func object(_ members: [(String, String)]) -> String {
            var m = members
            if shuffled, m.count > 1 { m.swapAt(0, c.int(in: 1...(m.count - 1))) }
            return "{" + ws() + m.map { "\"\($0.0)\"" + ws() + ":" + ws() + $0.1 }.joined(separator: ws() + "," + ws()) + ws() + "}"
        }
        let tabs = zip(ids, titles).map { object([("id", str($0)), ("title", str($1))]) }
        var members: [(String, String)] = []
        if let active { members.append(("activeTabID", str(active))) } else if c.bool(0.5) { members.append(("activeTabID", "null")) }
        members += [("tabs", "[" + ws() + tabs.joined(separator: ws() + "," + ws()) + ws() + "]"), ("version", "1")]
        return ws() + object(members) + ws()
    }

    /// A JSON string literal of `s` with some scalars escaped: `\uXXXX` in lower or upper case
    /// hex (astral scalars as a surrogate pair), `\/`, the short escapes; now and then a lone
    /// surrogate, which JSON's grammar allows and a decoder must refuse or replace.
    static func escapedString(_ c: inout Choices, _ s: String, optional: Double = 0.3, bytewise: Bool = false) -> String {
        let upper = c.bool(0.5)
        func hex(_ v: UInt32) -> String {
            let h = String(v, radix: 16, uppercase: upper)
            return "\\u" + String(repeating: "0", count: max(0, 4 - h.count)) + h
        }
        var out = "\""
        for u in s.unicodeScalars {
            if bytewise && u.value >= 0x80 {
                for b in String(u).utf8 { out += hex(UInt32(b)) }
                continue
            }
            let must = u.value < 0x20 || u == "\"" || u == "\\"
            if !must && (optional == 0 || !c.bool(optional)) { out.unicodeScalars.append(u); continue }
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "/": out += "\\/"
            case "\u{8}": out += c.bool(0.5) ? "\\b" : hex(8)
            case "\u{C}": out += c.bool(0.5) ? "\\f" : hex(0xC)
            case "\n": out += c.bool(0.5) ? "\\n" : hex(0xA)
            default:
                if u.value > 0xFFFF {
                    let v = u.value - 0x10000
                    out += hex(0xD800 + (v >> 10)) + hex(0xDC00 + (v & 0x3FF))
                } else {
                    out += hex(u.value)
                }
            }
        }
        if c.bool(0.05) { out += hex(c.bool(0.5) ? 0xD800 : 0xDFFF) }   // a lone surrogate
        return out + "\""
    }

    /// A session with one key twice: the version, the tabs, the active tab, or a tab's id or title.
    static func duplicatingKey(_ c: inout Choices, ids: [String], titles: [String], active: String?) -> String {
        let good = valid(ids: ids, titles: titles, active: active)
        switch c.int(in: 0...3) {
        case 0: return good.replacing("\"version\":1}", with: "\"version\":\(c.element(of: ["1", "2", "0"])),\"version\":1}")
        case 1: return good.replacing("{\"activeTabID\"", with: "{\"activeTabID\":\(c.bool(0.5) ? "null" : json(ids.first ?? "s1")),\"activeTabID\"")
        case 2: return good.replacing(",\"version\":1}", with: ",\"tabs\":[],\"version\":1}")
        default:
            guard let id = ids.first else { return good.replacing("\"tabs\":[]", with: "\"tabs\":[],\"tabs\":[]") }
            let twice = c.bool(0.5) ? "{\"id\":\(json(id)),\"id\":\(json(id + "x"))," : "{\"id\":\(json(id)),\"title\":\"\",\"title\":"
            return good.replacing("{\"id\":\(json(id)),\"title\":", with: twice)
        }
    }
}
