import Generators

extension Coverage {
    /// The value classes (decisions.md, Generation and values), counted on accepted steps: how a query was edited, which
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
        case .willAppear, .newTab, .closeDisplayed, .closeID, .closeAll, .beginSearch, .endSearch, .cancelSearch,
             .setTitle, .move, .select, .reopen, .setViewport, .swipeBegan, .swipeChanged, .swipeEnded,
             .swipeCancelled, .tapClose, .flyAwayFinished, .save, .restoreSaved, .reorder, .beginMove, .updateMove,
             .endMove, .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch: break
        }
        // Looked for from the end, where the active tab most often is (a new tab is active).
        if pre.tabIDs.count >= 128, let a = pre.active, post.tabIDs.lastIndex(of: a) == nil { count(.closeActiveOnLargeGrid) }
        observeReach(action, pre: pre, post: post)
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

    /// The character classes a title or query holds (each class counted once per string), read
    /// off its first 256 scalars: a longer title is of one script repeated (`Values.longTitle`),
    /// and this runs on every title step.
    mutating func countClasses(of text: String) {
        var seen = 0
        for u in text.unicodeScalars.prefix(256) {
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
    /// On bytes, without Foundation: it runs on every restore of a campaign.
    mutating func countSpelling(_ text: String) {
        let b = Array(text.utf8)
        func occurrences(_ needle: String, in range: Range<Int>) -> [Int] {
            let n = Array(needle.utf8)
            guard range.count >= n.count else { return [] }
            return (range.lowerBound...(range.upperBound - n.count)).filter { i in b[i] == n[0] && b[i..<(i + n.count)].elementsEqual(n) }
        }
        let all = 0..<b.count
        if let v = occurrences("\"version\":", in: all).first {
            let rest = b[(v + 10)...]
            let spelt1 = rest.starts(with: Array("1}".utf8)) || rest.starts(with: Array("1,".utf8))
            if !spelt1, let first = rest.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) || first == UInt8(ascii: "-") {
                count(.sessionOddNumber)
            }
        }
        if !occurrences("\\u", in: all).isEmpty { count(.sessionEscapes) }
        // A top-level key twice, or a key twice inside one tab's object.
        var twice = ["\"version\"", "\"tabs\"", "\"activeTabID\""].contains { occurrences($0, in: all).count > 1 }
        if !twice {
            let braces = all.filter { b[$0] == UInt8(ascii: "{") } + [b.count]
            twice = zip(braces, braces.dropFirst()).contains { start, end in
                occurrences("\"id\"", in: start..<end).count > 1 || occurrences("\"title\"", in: start..<end).count > 1
            }
        }
        if twice { count(.sessionDuplicateKey) }
    }
}
