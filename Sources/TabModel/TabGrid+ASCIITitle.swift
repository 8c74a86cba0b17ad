/// F1 when the title is ASCII without CR and the query is not: the title's Characters are then
/// its bytes (CR LF is the one ASCII cluster of two), so the query can match only where each of
/// its Characters is canonically equivalent to an ASCII one — itself, or a few others: the
/// Kelvin sign is "K", the Greek question mark ";". Each query Character's ASCII equivalent is
/// found by its hash (equal Characters hash equally) and confirmed by `==`; then a byte search.
/// A long ASCII title searched Character by Character for a non-ASCII query cost ~700
/// instructions a Character (#40, benchmarks-analysis.md).
extension TabGrid {
    /// The ASCII bytes `query`'s Characters are canonically equivalent to, for a search of an
    /// ASCII title without CR: `.some(nil)` when one of them has no ASCII equivalent (no such
    /// title holds the query), nil when the table is missing (this path is never taken).
    static func asciiNeedle(of query: String) -> [UInt8]?? {
        guard let asciiByHash else { return nil }
        var needle: [UInt8] = []
        for c in query {
            guard let b = asciiByHash[c.hashValue], Character(Unicode.Scalar(b)) == c else { return .some(nil) }
            needle.append(b)
        }
        return .some(needle)
    }

    /// Each ASCII Character's byte, by the Character's hash (made once per process); nil in the
    /// process where two of them hash alike (then this path is never taken).
    private static let asciiByHash: [Int: UInt8]? = {
        var table: [Int: UInt8] = [:]
        for b in UInt8(0)..<0x80 { table[Character(Unicode.Scalar(b)).hashValue] = b }
        return table.count == 0x80 ? table : nil
    }()
}
