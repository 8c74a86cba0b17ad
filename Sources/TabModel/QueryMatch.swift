/// F1 for one query, prepared once and then asked of each title: the query's bytes when it is
/// ASCII without CR, else the ASCII bytes its Characters are equivalent to. `setQuery` asks it
/// of every title; each title used to prepare the query again (#57: the needle's Characters
/// hashed once per title).
///
/// The answers are `TabGrid.matches`'s: on an ASCII title without CR every byte is a whole
/// Character (CR LF is the one ASCII cluster of two), so a byte search of an ASCII query —
/// or of the ASCII equivalent of another (the Kelvin sign is "K", `TabGrid+ASCIITitle.swift`)
/// — is the Character-wise answer; any other title goes Character by Character.
struct QueryMatch {
    let query: String
    /// The query's bytes when it is ASCII without CR.
    private let asciiQuery: [UInt8]?
    /// For any other query: its ASCII equivalent (`TabGrid.asciiNeedle`).
    private let needle: [UInt8]??

    init(_ query: String) {
        self.query = query
        let ascii = query.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
        asciiQuery = ascii ? Array(query.utf8) : nil
        needle = ascii || query.isEmpty ? nil : TabGrid.asciiNeedle(of: query)
    }

    func matches(_ title: String) -> Bool {
        if query.isEmpty { return true }
        var title = title
        let answer: Bool? = title.withUTF8 { t in
            for b in t where b >= 0x80 || b == 0x0D { return nil }   // not an ASCII title without CR
            if let q = asciiQuery { return Self.contains(t, q) }
            guard let needle else { return nil }
            guard let n = needle else { return false }   // a Character with no ASCII equivalent
            return Self.contains(t, n)
        }
        return answer ?? TabGrid.charactersContain(title, query)
    }

    /// Whether `needle` occurs in `hay`, byte by byte (an empty needle does).
    static func contains(_ hay: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        let n = hay.count, m = needle.count
        if m == 0 { return true }
        if m > n { return false }
        return needle.withUnsafeBufferPointer { q in
            var i = 0
            while i <= n - m {
                if hay[i] == q[0] {
                    var j = 1
                    while j < m && hay[i + j] == q[j] { j += 1 }
                    if j == m { return true }
                }
                i += 1
            }
            return false
        }
    }
}
