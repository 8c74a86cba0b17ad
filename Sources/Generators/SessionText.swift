import Foundation

/// Session files for restore (P2, P3): valid ones, and valid ones broken in one way —
/// truncated, wrong version, duplicate id, unknown active tab, wrong types, byte noise — or spelt
/// as the canonical writer never spells them (`SessionSpellings.swift`).
package enum SessionText {
    package static func valid(ids: [String], titles: [String], active: String?) -> String {
        file(active: active, tabs: zip(ids, titles).map(tab))
    }

    /// One tab's text, and a whole file from such texts: what `valid` writes, in parts (the
    /// shrinker joins a long session's variants from its tabs' texts).
    static func tab(_ id: String, _ title: String) -> String { "{\"id\":\(json(id)),\"title\":\(json(title))}" }
    static func file(active: String?, tabs: [String]) -> String {
        "{\"activeTabID\":\(active.map(json) ?? "null"),\"tabs\":[\(tabs.joined(separator: ","))],\"version\":1}"
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

    package static func generate(_ c: inout Choices, state s: GenerationState) -> String {
        let n = c.int(in: 0...4)
        let ids = Self.ids(&c, state: s, count: n)
        let titles = (0..<n).map { _ in Values.title.run(&c) }
        let active = n > 0 && c.bool(0.7) ? ids[c.int(in: 0...(n - 1))] : nil
        let good = valid(ids: ids, titles: titles, active: active)
        switch c.int(in: 0...11) {
        case 0, 1: return good
        case 9, 10, 11: return oddlySpelt(&c, ids: ids, titles: titles, active: active)
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

extension SessionText {
    /// Where a generated session's ids come from. Their own namespace (`s1…`) never meets a
    /// new tab's id; `t1…` is yesterday's session restored by an app whose id counter starts
    /// afresh (decisions.md, Shrinking: every later new tab's id may already be taken); ids from the next one the
    /// model would make on meet the counter head-on. And ids no model of ours would make, as a
    /// session written by another version, a migration or a sync holds (#55): any text of the
    /// classes, with a quote, a backslash or a control character the file must escape, or long.
    static func ids(_ c: inout Choices, state s: GenerationState, count n: Int) -> [String] {
        func numbered(_ prefix: String, _ first: Int) -> [String] { (0..<n).map { "\(prefix)\(first + $0)" } }
        switch c.int(in: 0...4) {
        case 0, 1: return numbered("s", 1)
        case 2: return numbered("t", 1)
        case 3: return numbered("t", s.knownIDs.count + c.int(in: 0...2))
        default:
            var out: [String] = []
            for k in 0..<n {
                var id = Values.foreignID.run(&c)
                if id.isEmpty || out.contains(id) { id += String(k + 1) }   // distinct and not empty: a valid session
                out.append(id)
            }
            return out
        }
    }

    /// The parts of a well-formed session text (`{"activeTabID":…,"tabs":[{"id":…,"title":…}],
    /// "version":1}` in any key order or spacing), or nil for anything else.
    package static func parse(_ text: String) -> (ids: [String], titles: [String], active: String?)? {
        guard text.utf8.count <= 1 << 16, nesting(text) <= 3,
              let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              Set(object.keys).isSubset(of: ["version", "tabs", "activeTabID"]),
              let version = object["version"] as? Int, version == 1,
              let tabs = object["tabs"] as? [[String: Any]] else { return nil }
        var ids: [String] = [], titles: [String] = []
        for tab in tabs {
            guard tab.count == 2, let id = tab["id"] as? String, let title = tab["title"] as? String else { return nil }
            ids.append(id); titles.append(title)
        }
        let active: String?
        switch object["activeTabID"] {
        case nil, is NSNull: active = nil
        case let a as String: active = a
        default: return nil
        }
        return (ids, titles, active)
    }

    /// Whether `a` is plainer than `b`: shorter, or as long and first to differ in a plainer
    /// character (the shrinker's character order).
    static func plainer(_ a: String, than b: String) -> Bool {
        if a.count != b.count { return a.count < b.count }
        for (x, y) in zip(a.unicodeScalars, b.unicodeScalars) where x != y {
            return (CharacterRank.rank(x) ?? .max) < (CharacterRank.rank(y) ?? .max)
        }
        return false
    }

    /// The session `text` with the tabs at `removed` gone, or with its ids renamed t1…tn: the pieces
    /// the shrinker's session pass puts together with matching changes to later steps.
    package static func removing(tabs removed: Range<Int>, from text: String) -> String? {
        parse(text).flatMap { removing(tabs: removed, from: $0) }
    }

    /// The same for a session already parsed: many removals from one text parse it once.
    package static func removing(tabs removed: Range<Int>, from s: (ids: [String], titles: [String], active: String?)) -> String? {
        guard removed.lowerBound >= 0, removed.upperBound <= s.ids.count, !removed.isEmpty else { return nil }
        let keep = s.ids.indices.filter { !removed.contains($0) }
        let ids = keep.map { s.ids[$0] }
        return valid(ids: ids, titles: keep.map { s.titles[$0] }, active: s.active.flatMap { ids.contains($0) ? $0 : nil })
    }

    /// The session's ids and the renamed session (t1…tn), or nil if they are t1…tn already.
    package static func renamingIDs(_ text: String) -> (old: [String], text: String)? {
        guard let s = parse(text), Set(s.ids).count == s.ids.count else { return nil }
        let renamed = s.ids.indices.map { "t\($0 + 1)" }
        guard renamed != s.ids else { return nil }
        let active = s.active.flatMap { a in s.ids.firstIndex(of: a).map { renamed[$0] } }
        return (s.ids, valid(ids: renamed, titles: s.titles, active: active))
    }

    /// The session with every title equal to `old` replaced by `new` (nil: not a session).
    package static func replacingTitle(_ old: String, with new: String, in text: String) -> String? {
        guard let s = parse(text) else { return nil }
        return valid(ids: s.ids, titles: s.titles.map { $0 == old ? new : $0 }, active: s.active)
    }

    /// The titles of a well-formed session (empty for anything else).
    package static func titles(_ text: String) -> [String] { parse(text)?.titles ?? [] }

    /// The deepest nesting of arrays and objects in `text` (outside strings), read without
    /// a parser: a session is 3 deep, and a restore's text (from a replay file, say) may be
    /// anything, so nothing deeper is handed to one.
    static func nesting(_ text: String) -> Int {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for byte in text.utf8 {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1; deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// A session in words, for captions: `a session of 2 tabs: t1 “”, t2 “a”; active t2`
    /// (the first four tabs, titles cut at 12 characters); nil when `text` is not one.
    package static func summary(_ text: String) -> String? {
        guard let s = parse(text) else { return nil }
        func cut(_ t: String) -> String { t.count > 12 ? String(t.prefix(12)) + "…" : t }
        let shown = zip(s.ids, s.titles).prefix(4).map { "\($0) “\(cut($1))”" }.joined(separator: ", ")
        let more = s.ids.count > 4 ? ", … (\(s.ids.count - 4) more)" : ""
        return "a session of \(s.ids.count) tab\(s.ids.count == 1 ? "" : "s")\(s.ids.isEmpty ? "" : ": ")\(shown)\(more); active \(s.active ?? "none")"
    }

    /// How many tabs a well-formed session text holds (nil: it is not one).
    package static func tabCount(_ text: String) -> Int? { parse(text)?.ids.count }

    /// Strictly simpler well-formed sessions than `text`, for the shrinker, simplest first:
    /// the canonical spelling of the same session (if `text` is spelt otherwise), then no
    /// active tab or the first, ids renamed t1…tn (what new tabs are called), a long session
    /// in title order, two tabs in title order, blocks of a long session's titles blanked, one title simplified. (Fewer tabs is the shrinker's pass 3d, which
    /// shifts later indices with them.) Empty when `text` is not a well-formed session
    /// (the shrinker then simplifies it as a plain string).
    package static func simpler(_ text: String, titles simplerTitle: (String) -> [String]) -> [String]? {
        guard let s = parse(text) else { return nil }
        let canonical = valid(ids: s.ids, titles: s.titles, active: s.active)
        if canonical != text { return [canonical] }
        var out: [String] = []
        let n = s.ids.count
        // Each tab's text once, so a variant of a long session is a join, not n escapes
        // (the variants of a 248-tab session were a sixth of a shrink's time; mutant 37).
        let tabs = s.ids.indices.map { tab(s.ids[$0], s.titles[$0]) }
        let blank = s.ids.indices.map { tab(s.ids[$0], "") }
        func assembled(_ parts: [String]) -> String { file(active: s.active, tabs: parts) }
        func reordered(_ order: [Int]) -> String { assembled(order.map { tabs[$0] }) }
        if s.active != nil { out.append(valid(ids: s.ids, titles: s.titles, active: nil)) }
        if let a = s.active, let first = s.ids.first, a != first { out.append(valid(ids: s.ids, titles: s.titles, active: first)) }
        if let renamed = renamingIDs(text) { out.append(renamed.text) }
        // Tabs in order of their titles' plainness (shorter first, then by character rank),
        // so sessions that differ only in order end as one. A long session is offered its
        // whole sorted order first: the swaps alone would take up to n²/4 accepted
        // candidates (a 129-tab session took 300+, most of a 5-s budget; mutant 37).
        if n > 4 {
            let sorted = s.titles.indices.sorted { a, b in plainer(s.titles[a], than: s.titles[b]) || (!plainer(s.titles[b], than: s.titles[a]) && a < b) }
            if sorted != Array(s.titles.indices) {
                out.append(reordered(sorted))
            }
        }
        // A tab of a long session that is plainer than the run of tabs before it moves left over
        // that run, then over half of it, a quarter … (a move of a step across several others,
        // decisions.md, Shrinking): by neighbour swaps alone a tab crossed a run one accepted candidate at a time,
        // each costing a new variant list (mutant 37, seed 4: 125 of them, most of a 5-s budget).
        if n > 4 {
            for k in s.titles.indices.dropFirst() where plainer(s.titles[k], than: s.titles[k - 1]) {
                var start = k - 1
                while start > 0 && plainer(s.titles[k], than: s.titles[start - 1]) { start -= 1 }
                var distance = k - start
                while distance >= 2 {
                    var order = Array(s.ids.indices)
                    order.insert(order.remove(at: k), at: k - distance)
                    out.append(reordered(order))
                    distance /= 2
                }
            }
        }
        for k in s.titles.indices.dropLast() where plainer(s.titles[k + 1], than: s.titles[k]) {
            var order = Array(s.ids.indices)
            order.swapAt(k, k + 1)
            out.append(reordered(order))
        }
        // Titles of a long session blanked in blocks first — all, halves, quarters … pairs — so a
        // failure that needs none or few of 128 titles does not try them one by one (decisions.md, Shrinking).
        var size = n > 4 ? n : 0
        while size >= 2 {
            for start in stride(from: 0, to: n, by: size) {
                let block = start..<min(n, start + size)
                guard block.contains(where: { !s.titles[$0].isEmpty }) else { continue }
                var parts = tabs
                for k in block { parts[k] = blank[k] }
                out.append(assembled(parts))
            }
            size /= 2
        }
        // Titles: each to "" (of a long session), or simplified like any string (of up to four tabs).
        for k in s.titles.indices {
            for t in n <= 4 ? simplerTitle(s.titles[k]) : (s.titles[k].isEmpty ? [] : [""]) {
                var parts = tabs
                parts[k] = t.isEmpty ? blank[k] : tab(s.ids[k], t)
                out.append(assembled(parts))
            }
        }
        return out
    }
}
