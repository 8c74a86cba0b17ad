import Foundation
import Generators

extension Coverage {
    /// The value classes of #35, counted on accepted steps: how a query was edited, which
    /// character classes (`TextClass`) titles and queries held, how restore texts were spelt,
    /// and what large grids met. Only the steps that carry such a value are scanned.
    mutating func observeValues(_ action: Action, pre: Observation, post: Observation) {
        switch action {
        case .setQuery(let q):
            countEdit(from: pre.query, to: q)
            countClasses(of: q)
            if post.tabIDs.count >= 128 && !post.displayed.isEmpty && post.displayed.count < post.tabIDs.count {
                count(.largeGridQueryHidesSome)
            }
        case .restoreData(let text): countSpelling(text)
        default: break
        }
        if pre.tabIDs.count >= 128, let a = pre.active, !post.tabIDs.contains(a) { count(.closeActiveOnLargeGrid) }
    }

    /// One keystroke on the query: a character or scalar typed on (joining the last character
    /// or not), or one taken off.
    mutating func countEdit(from old: String, to new: String) {
        guard !old.isEmpty, old != new else { return }
        let o = old.unicodeScalars, n = new.unicodeScalars
        if n.count > o.count && n.starts(with: o) {
            count(.queryTypedOn)
            if new.count == old.count { count(.queryJoinsLastCharacter) }
        } else if n.count < o.count && o.starts(with: n) {
            count(.queryBackspaced)
        }
    }

    /// The character classes a title or query holds (each class counted once per string).
    mutating func countClasses(of text: String) {
        var seen = 0
        for u in text.unicodeScalars {
            guard let k = TextClass.of(u), seen & (1 << k.rawValue) == 0 else { continue }
            seen |= 1 << k.rawValue
            switch k {
            case .letterNeighbour: count(.textLetterNeighbours)
            case .punctuation: count(.textOtherPunctuation)
            case .control where u != "\t" && u != "\n" && u != "\r": count(.textControl)
            case .hardCase: count(.textHardCase)
            case .clusterPiece: count(.textClusterPiece)
            case .widthForm: count(.textWidthForm)
            case .bmpBlock: count(.textOtherScript)
            case .astral: count(.textAstral)
            default: seen &= ~(1 << k.rawValue)   // plain, digits, tab/LF/CR: not a class of its own here
            }
        }
    }

    /// How a restore text was spelt: a version other than `1`, `\u` escapes, a key twice.
    mutating func countSpelling(_ text: String) {
        if let r = text.range(of: "\"version\":"), !text[r.upperBound...].hasPrefix("1}"), !text[r.upperBound...].hasPrefix("1,"),
           let first = text[r.upperBound...].first, first.isNumber || first == "-" {
            count(.sessionOddNumber)
        }
        if text.contains("\\u") { count(.sessionEscapes) }
        // A top-level key twice, or a key twice inside one tab's object.
        func twice(_ key: String, in part: Substring) -> Bool { part.components(separatedBy: key).count > 2 }
        if ["\"version\"", "\"tabs\"", "\"activeTabID\""].contains(where: { twice($0, in: text[...]) })
            || text.split(separator: "{").contains(where: { twice("\"id\"", in: $0) || twice("\"title\"", in: $0) }) {
            count(.sessionDuplicateKey)
        }
    }
}
