import Generators

extension Coverage {
    /// The situations of text drawn from whole classes at every length (#55), on accepted steps:
    /// a session whose ids the file had to escape, a long title in another script, a query that
    /// matches a long title only after starting to match earlier in it.
    mutating func observeReach(_ action: Action, pre: Observation, post: Observation) {
        switch action {
        case .restoreData:
            if post.tabIDs.contains(where: { $0.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") } }) {
                count(.restoredForeignIDs)
            }
        case .setTitle(_, let title):
            if title.utf8.count >= 64 && title.unicodeScalars.count >= 64 && !title.utf8.contains(where: Self.isASCIILetter) {
                count(.longTitleInScript)
            }
        case .setQuery(let q) where q.unicodeScalars.count >= 2:
            // Only long titles, and at most eight of them: this runs on every query step.
            var looked = 0
            for t in post.titles where t.utf8.count >= 64 {
                if Self.matchesAfterPartial(q, in: t) { count(.queryMatchesAfterPartial); break }
                looked += 1
                if looked == 8 { break }
            }
        default: break
        }
    }

    static func isASCIILetter(_ b: UInt8) -> Bool { (65...90).contains(b) || (97...122).contains(b) }

    /// Whether `title` holds `query` (scalar by scalar) and, before its first full match, a
    /// place where the query's first scalar matched and the rest did not.
    static func matchesAfterPartial(_ query: String, in title: String) -> Bool {
        let q = Array(query.unicodeScalars), t = Array(title.unicodeScalars)
        guard q.count >= 2, t.count >= q.count else { return false }
        var partial = false
        for i in 0...(t.count - q.count) {
            var k = 0
            while k < q.count && t[i + k] == q[k] { k += 1 }
            if k == q.count { return partial }
            if k >= 1 { partial = true }
        }
        return false
    }
}
