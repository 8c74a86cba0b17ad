/// A string edited as a user edits it, one keystroke at a time (decisions.md, Generation and values): the next query is the
/// current one with a character typed on or taken off, not a fresh draw. Incremental filtering
/// (narrowing the last result when the query grows) goes wrong exactly on such edits — above all
/// where the keystroke does not add a character but changes the last one: a combining accent
/// after "e", an emoji joined by ZWJ, "\n" after "\r".
package enum Typing {
    /// Scalars that join the character before them instead of starting one of their own.
    static let joiners: [String] = [
        "\u{301}", "\u{308}", "\u{327}", "\u{200D}\u{1F467}", "\u{FE0F}", "\u{1F3FD}", "\u{1F1EA}", "\n", "\u{1161}", "\u{94D}",
        "\u{20E3}",
    ]

    /// One edit of `current`: a character typed at the end (from any class, or the next one of a
    /// title that holds what was typed so far), a joining scalar typed, the last character or
    /// scalar deleted, the first character deleted, the last character's case flipped.
    package static func edit(_ current: String, titles: [String]) -> Gen<String> {
        Gen { c in
            let empty = current.isEmpty
            switch c.weighted([4, titles.isEmpty ? 0 : 4, empty ? 0 : 3, empty ? 0 : 3, empty ? 0 : 1, empty ? 0 : 1, empty ? 0 : 1]) {
            case 0: return current + Values.classChar.run(&c)
            case 1: return current + nextCharacter(toward: c.element(of: titles), after: current)
            case 2: return current + joiner(after: current.unicodeScalars.last!, &c)
            case 3: return String(current.dropLast())
            case 4: var s = current.unicodeScalars; s.removeLast(); return String(s)
            case 5: return String(current.dropFirst())
            default:
                let last = String(current.last!)
                let flipped = last == last.lowercased() ? last.uppercased() : last.lowercased()
                return String(current.dropLast()) + flipped
            }
        }
    }

    /// A scalar that joins `last` into one character with it, as the keyboard types one: a
    /// combining mark after a letter, ZWJ and a person, a skin tone or VS16 after an emoji, a
    /// second regional indicator, a vowel after a Hangul initial, "\n" after "\r"; any
    /// joiner after anything else.
    static func joiner(after last: Unicode.Scalar, _ c: inout Choices) -> String {
        let v = last.value
        if last == "\r" { return "\n" }
        if (0x1F1E6...0x1F1FF).contains(v) { return String(Unicode.Scalar(0x1F1E6 + UInt32(c.int(in: 0...25)))!) }
        if (0x1100...0x1112).contains(v) { return String(Unicode.Scalar(0x1161 + UInt32(c.int(in: 0...20)))!) }
        if v > 0x2000 && last.properties.isEmoji { return c.element(of: ["\u{200D}\u{1F467}", "\u{FE0F}", "\u{1F3FD}", "\u{200D}\u{2764}\u{FE0F}"]) }
        if last.properties.isAlphabetic { return c.element(of: ["\u{301}", "\u{308}", "\u{327}", "\u{30A}", "\u{303}"]) }
        return c.element(of: joiners)
    }

    /// What a user typing toward `title` types next: the character after the first place
    /// `typed` occurs in it (case-insensitively), else its first character.
    static func nextCharacter(toward title: String, after typed: String) -> String {
        let t = Array(title), q = typed.lowercased().map(String.init)
        guard !t.isEmpty else { return "a" }
        guard !q.isEmpty, q.count < t.count else { return String(t[0]) }
        let lowered = t.map { $0.lowercased() }
        for start in 0...(t.count - q.count) where lowered[start] == q[0] {
            if Array(lowered[start..<(start + q.count)]) == q, start + q.count < t.count { return String(t[start + q.count]) }
        }
        return String(t[0])
    }
}
