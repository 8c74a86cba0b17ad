/// The order characters simplify in (see `Action.simplerStrings`).
package enum CharacterRank {
    package static let plain: [Unicode.Scalar] = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ".unicodeScalars)
        + (33...126).compactMap { v -> Unicode.Scalar? in
            let u = Unicode.Scalar(UInt8(v))
            return ("a"..."z").contains(u) || ("A"..."Z").contains(u) || ("0"..."9").contains(u) ? nil : u
        }
    package static func rank(_ u: Unicode.Scalar) -> Int? {
        if let i = plain.firstIndex(of: u) { return i }
        return plain.count + Int(u.value)
    }
    /// The letters and digits plainer than `u` (a…z, A…Z, 0…9 up to its rank), plainest first.
    package static func plainerLetters(than u: Unicode.Scalar) -> [Character] {
        guard let r = rank(u) else { return [] }
        return (0..<min(r, 62)).compactMap(character)
    }
    /// The character of a rank; nil for a rank that names no character of its own.
    package static func character(_ rank: Int) -> Character? {
        if rank < plain.count { return Character(plain[rank]) }
        guard let u = Unicode.Scalar(UInt32(rank - plain.count)), !plain.contains(u) else { return nil }
        return Character(u)
    }
}
