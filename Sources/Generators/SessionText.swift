/// Session files for restore (P2, P3): valid ones, and valid ones broken in one way —
/// truncated, wrong version, duplicate id, unknown active tab, wrong types, byte noise.
public enum SessionText {
    public static func valid(ids: [String], titles: [String], active: String?) -> String {
        let tabs = zip(ids, titles).map { "{\"id\":\(json($0)),\"title\":\(json($1))}" }.joined(separator: ",")
        let a = active.map(json) ?? "null"
        return "{\"activeTabID\":\(a),\"tabs\":[\(tabs)],\"version\":1}"
    }

    static func json(_ s: String) -> String {
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return "\"" + s + "\""   // nothing to escape
        }
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if u.value < 0x20 { out += "\\u" + String(repeating: "0", count: 4 - String(u.value, radix: 16).count) + String(u.value, radix: 16) }
                else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }

    public static func generate(_ c: inout Choices, state s: GenerationState) -> String {
        let n = c.int(in: 0...4)
        // Restored ids live in their own namespace ("s…") so later new tabs never collide.
        let ids = (0..<n).map { "s\($0 + 1)" }
        let titles = (0..<n).map { _ in Values.title.run(&c) }
        let active = n > 0 && c.bool(0.7) ? ids[c.int(in: 0...(n - 1))] : nil
        let good = valid(ids: ids, titles: titles, active: active)
        switch c.int(in: 0...9) {
        case 0, 1: return good
        case 2: return String(good.prefix(c.int(in: 0...max(0, good.count - 1))))          // truncated
        case 3: return good.replacing("\"version\":1", with: "\"version\":\(c.element(of: [0, 2, 99, -1]))")
        case 4: return n > 0 ? valid(ids: ids + [ids[0]], titles: titles + ["dup"], active: active) : "{}"
        case 5: return valid(ids: ids, titles: titles, active: "ghost")
        case 6: return good.replacing("\"version\":1", with: "\"version\":\"1\"")
        case 7: return c.element(of: ["", "null", "[]", "{", "{\"version\":1}", "{\"version\":1,\"tabs\":{}}",
                                      "{\"version\":1,\"tabs\":[{\"id\":1,\"title\":\"x\"}]}",
                                      "{\"version\":1,\"tabs\":[{\"id\":\"\",\"title\":\"x\"}]}", "\u{FEFF}{}"])
        default:   // byte noise: replace one character
            var chars = Array(good)
            if !chars.isEmpty {
                chars[c.int(in: 0...(chars.count - 1))] = c.element(of: ["\"", "{", "]", ",", "x", "\u{0}", "9"])
            }
            return String(chars)
        }
    }
}
