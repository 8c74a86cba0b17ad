import Foundation
import Generators

/// The first thing a failing report shows (decisions.md, Reports): the rule broken, in one
/// sentence with what was expected and what the model gave; the rule's text from SPEC.md;
/// the state before the failing step (the step drawn on it) beside the implementation's and
/// the oracle's states after it, and beside them the −/+ table of the fields that differ,
/// each marked on the frames; the hints the console printed; how to reproduce it — the
/// commands, the replay file and the regression test. Then the steps as text, each
/// selecting its frame. The campaign's figures come after all of it, folded.
extension HTMLReport {
    /// The failure in words, for the storyboard's line and tests.
    func sentence(_ v: Violation, step: Int) -> String {
        guard let r = records.last else { return v.message }
        return verdict(r, v).sentence(step: step, of: records.count - 1, action: r.action)
    }

    /// The differing fields of the failing step, − what the model gave, + what was expected:
    /// the violation's own list when it has one, else the two observations compared field by
    /// field — without the layout when a driver declares none, or when the displayed counts
    /// differ (L7: the layout follows the count; it would read like a second bug).
    func differences(_ r: Runner.StepRecord) -> [Difference] {
        guard let v = r.violation, v.property != .crash else { return [] }
        // Only what both drivers declare: a driver without reopen has no recently-closed list to differ in.
        let caps = summary.capabilities
        let all = v.differences.isEmpty ? r.implementation.masked(to: caps).diff(against: r.oracle.masked(to: caps)) : v.differences
        let countsDiffer = r.implementation.displayed.count != r.oracle.displayed.count
        return all.filter { $0.field != "layout" || (summary.capabilities.contains(.layout) && !countsDiffer) }
            .map { Difference(field: $0.field, rule: $0.rule, left: Self.readable($0.left), right: Self.readable($0.right)) }
    }

    func failureCard() -> String {
        guard let last = records.last, let v = last.violation else { return "" }
        let verdict = verdict(last, v)
        var h = "<section id=\"failure\" aria-label=\"the failure\"><h2>What failed</h2>\n"
        h += "<p class=\"broken\" id=\"sentence\">\(xml(roundedNumbers(verdict.sentence(step: last.step, of: records.count - 1, action: last.action))))</p>\n"
        let message = roundedNumbers(v.message)
        let noticed = "Noticed by the property <strong>\(xml(v.property.rawValue))</strong>: "
        if message.count > 200 {
            h += "<details class=\"detail\"><summary>\(noticed)\(xml(String(message.prefix(150))))…</summary>\(xml(message))</details>\n"
        } else {
            h += "<p class=\"detail\">\(noticed)\(xml(message))</p>\n"
        }
        if v.property == .crash {
            h += "<p class=\"detail\">A trap ends the process that runs the step: tabcheck ran it in a child process, which died; no rule of SPEC.md allows it.</p>\n"
        }
        h += "<div class=\"card\"><div class=\"pair\" aria-label=\"before, implementation after, oracle after\">"
        h += cardScreens(last).map { $0.svg() }.joined()
        h += "</div>\n<div class=\"facts\">"
        h += diffTable(last, verdict)
        h += ruleTexts(verdict)
        h += stepList()
        h += viewPanel(last)
        h += diffablePanel(last)
        h += legend()
        h += "</div></div>\n"
        h += hintsBlock()
        h += reproduceBlock()
        return h + "</section>\n"
    }

    /// The storyboard's own frames, larger: the one before the failing step with that step
    /// drawn on it, then the failing step's pair.
    func cardScreens(_ last: Runner.StepRecord) -> [StoryboardFrame] {
        let all = frames
        var screens = all.last ?? []
        if all.count > 1, var b = all[all.count - 2].first {
            let before = records[records.count - 2]
            b.heading = before.step == 0 ? "before: the first step" : "before: after step \(before.step)"
            b.moved = last.action.flatMap { Self.movedTab($0, before: before.implementation) }
            b.removed = []
            screens.insert(b, at: 0)
        }
        for i in screens.indices { screens[i].size = StoryboardFrame.large }
        return screens
    }

    /// The −/+ table: a row per differing field, each named by `data-field` (its mark on the
    /// frames has the same `data-mark`).
    func diffTable(_ r: Runner.StepRecord, _ verdict: FailureVerdict) -> String {
        let diffs = differences(r)
        guard !diffs.isEmpty else { return "" }
        let when = r.step == 0 ? "before the first step" : "after step \(r.step)"
        var h = "<table class=\"diff\"><caption>Differing fields \(when): − \(xml(verdict.gotSide)), + \(xml(verdict.expectedSide))</caption>"
        h += "<tr><th>field</th><th>rule</th><th>− \(xml(verdict.gotSide))</th><th>+ \(xml(verdict.expectedSide))</th></tr>"
        for d in diffs {
            h += "<tr data-field=\"\(xml(d.field))\"><td>\(xml(d.field))</td><td>\(xml(d.rule))</td><td class=\"minus\">\(xml(d.left))</td><td class=\"plus\">\(xml(d.right))</td></tr>"
        }
        return h + "</table>\n"
    }

    /// The rules broken, in SPEC.md's words: open for one or two, folded for a range.
    func ruleTexts(_ verdict: FailureVerdict) -> String {
        guard !verdict.rules.isEmpty else { return "" }
        let list = "<dl class=\"rules\">" + verdict.rules.map { "<dt>\(xml($0.id))</dt><dd>\(xml($0.text))</dd>" }.joined() + "</dl>"
        let ids = verdict.rules.map(\.id).joined(separator: ", ")
        return "<details class=\"rules\"\(verdict.rules.count <= 2 ? " open=\"open\"" : "")><summary>SPEC.md: \(xml(ids))</summary>\(list)</details>\n"
    }

    /// F10 speaks of the collection view: what it holds after the update beside what the
    /// implementation displays, when the two differ (or the view rejected the update).
    func viewPanel(_ r: Runner.StepRecord) -> String {
        guard let items = r.viewItems, items != r.implementation.displayed || r.violation?.rule == "F10" else { return "" }
        func list(_ ids: [String]) -> String { ids.isEmpty ? "nothing" : "[" + ids.joined(separator: ", ") + "]" }
        var h = "<table class=\"view\"><caption>The simulated collection view after the update (F10)</caption>"
        h += "<tr><th>collection view shows</th><td>\(xml(list(items)))</td></tr>"
        h += "<tr><th>implementation displays</th><td>\(xml(list(r.implementation.displayed)))</td></tr>"
        if let update = r.outcome?.update { h += "<tr><th>update sent</th><td><code>\(xml("\(update)"))</code></td></tr>" }
        // The view refusing the update is the failure itself, even when it ends showing the right items.
        if let v = r.violation, v.rule == "F10", let why = v.message.range(of: "the collection view rejected the update") {
            h += "<tr><th>the view rejected it</th><td>\(xml(String(v.message[why.lowerBound...]).prefix(400) + ""))</td></tr>"
        }
        return h + "</table>\n"
    }

    /// For a failure of the diffable data source (D1–D5): the snapshot before and after the
    /// step, and the identifiers reconfigured (decisions.md, Behaviour, D).
    func diffablePanel(_ r: Runner.StepRecord) -> String {
        guard r.violation?.rule.hasPrefix("D") == true else { return "" }
        let after = r.implementation.snapshotIdentifiers
        func list(_ ids: [String]) -> String { ids.isEmpty ? "nothing" : "[" + ids.joined(separator: ", ") + "]" }
        let before = records.count > 1 ? records[records.count - 2].implementation.snapshotIdentifiers : nil
        var h = "<table class=\"view\"><caption>The diffable data source's snapshot (D1–D5)</caption>"
        if let before { h += "<tr><th>snapshot before</th><td>\(xml(list(before)))</td></tr>" }
        h += "<tr><th>snapshot applied</th><td>\(xml(list(after)))</td></tr>"
        h += "<tr><th>displayed tabs</th><td>\(xml(list(r.implementation.displayed)))</td></tr>"
        if let re = r.outcome?.reconfigured { h += "<tr><th>reconfigured</th><td>\(xml(list(re)))</td></tr>" }
        return h + "</table>\n"
    }

    /// The marks of the frames, in words: each one the frames can draw.
    func legend() -> String {
        let keys: [(String, String)] = [
            ("differs", "red dashed: differs between the two sides (a cell, the search field, Close All, the grid, or a ≠ line)"),
            ("active", "blue ring: the active tab"), ("moved", "green inner ring: the tab the step moves"),
            ("acted", "light blue band: the tab the next step acts on (its action written in the cell)"),
            ("swiping", "yellow: the cell being swiped, at its offset"), ("pending", "faded: flying away"),
            ("inset", "pink band: safe-area inset"), ("position", "#k: the tab's displayed position, the index an action names"),
        ]
        return "<ul class=\"legend\">" + keys.map { "<li><span class=\"key \($0.0)\">\($0.0 == "position" ? "#0" : "&#160;")</span> \(xml($0.1))</li>" }.joined() + "</ul>\n"
    }

    /// What the console said besides the failure: the policy a shrunk sequence passes under.
    func hintsBlock() -> String {
        guard !summary.hints.isEmpty else { return "" }
        return "<div id=\"hints\"><h3>Hints</h3><ul>" + summary.hints.map { "<li><code>\(xml($0))</code></li>" }.joined() + "</ul></div>\n"
    }

    /// The reproduce commands, the replay file and the regression test.
    func reproduceBlock() -> String {
        var h = "<div id=\"reproduce\"><h3>Reproduce</h3><ul>"
        for line in summary.reproduce { h += "<li><code>\(xml(line))</code></li>" }
        if let file = summary.replayFile { h += "<li>replay file: <code>\(xml(file))</code></li>" }
        h += "</ul>"
        if let test = summary.regressionTest {
            h += "<details open=\"open\"><summary>Regression test (paste into one of your test files)</summary><pre id=\"regression-test\">\(xmlLines(test))</pre></details>"
        }
        return h + "</div>\n"
    }

    /// The steps as the console prints them, each a link that selects its frame.
    func stepList() -> String {
        guard records.count > 1 else { return "" }
        var h = "<section id=\"steps\"><h3>Steps</h3><ol class=\"steps\">"
        for r in records.dropFirst() {
            let failing = r.violation != nil
            h += "<li\(failing ? " class=\"failing\"" : "")><a href=\"#frame-\(r.step)\" data-frame=\"\(r.step)\">\(xml(r.action.map(Self.caption) ?? ""))</a>\(failing ? " — fails here" : "")</li>"
        }
        return h + "</ol></section>\n"
    }
}

extension HTMLReport {
    /// A value for the table: numbers to a tenth, printable characters as themselves (a title
    /// in Arabic is not `\u{645}\u{631}…`; controls and format characters stay escaped), and
    /// at most 600 characters (a 160-tab list pushed the table off every screen).
    static func readable(_ s: String) -> String {
        let text = unescapedPrintables(roundedNumbers(s))
        return text.count > 600 ? String(text.prefix(599)) + "… (\(text.count - 599) more characters: the replay file holds it whole)" : text
    }

    /// `\u{…}` escapes of letters, marks, numbers, punctuation and symbols back to characters.
    static func unescapedPrintables(_ s: String) -> String {
        guard s.contains("\\u{") else { return s }
        var out = "", rest = Substring(s)
        while let r = rest.range(of: "\\u{") {
            out += rest[..<r.lowerBound]
            let after = rest[r.upperBound...]
            guard let close = after.firstIndex(of: "}"), let value = UInt32(after[..<close], radix: 16), let scalar = Unicode.Scalar(value),
                  Self.printable(scalar) else {
                out += rest[r]; rest = after; continue
            }
            out.unicodeScalars.append(scalar)
            rest = after[after.index(after: close)...]
        }
        return out + rest
    }

    static func printable(_ u: Unicode.Scalar) -> Bool {
        switch u.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: return false
        case .spaceSeparator: return u == " "
        default: return true
        }
    }
}

/// Numbers with more than two decimals to one ("265.4887218045113" → "265.5"): the table
/// and the sentence are read, not parsed (the replay file holds every digit).
func roundedNumbers(_ s: String) -> String {
    var out = "", number = ""
    func flush() {
        if let dot = number.firstIndex(of: "."), number.distance(from: dot, to: number.endIndex) > 3, let x = Double(number) {
            out += String(format: "%.1f", x)
        } else { out += number }
        number = ""
    }
    for c in s {
        if c.isASCII && (c.isNumber || (c == "." && !number.isEmpty && !number.contains("."))) { number.append(c) } else { flush(); out.append(c) }
    }
    flush()
    return out
}
