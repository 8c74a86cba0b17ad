/// A lowercased character with its hash, and its byte when it is one ASCII byte (−1
/// otherwise). Equal characters have equal hashes, so `==` compares the hashes first; two
/// ASCII characters are then equal when their bytes are, any other pair by `Character ==`
/// (Unicode canonical equivalence, the slow part: "K" equals the Kelvin sign). ASCII hashes
/// come from a table of `Character.hashValue` made once.
package struct LoweredCharacter: Equatable, Sendable {
    package let character: Character
    let hash: Int, byte: Int
    init(_ c: Character) {
        character = c
        if c.utf8.count == 1, let b = c.utf8.first, b < 128 { byte = Int(b); hash = Self.asciiHashes[Int(b)] } else { byte = -1; hash = c.hashValue }
    }
    package static func == (a: Self, b: Self) -> Bool {
        a.hash == b.hash && (a.byte >= 0 && b.byte >= 0 ? a.byte == b.byte : a.character == b.character)
    }
    private static let asciiHashes: [Int] = (0..<128).map { Character(Unicode.Scalar(UInt8($0))).hashValue }
    /// `text.lowercased()`, character by character; every new tab's title (A2) once per
    /// process, for a text `==` to it (no other string is: checked in QuickPathTests, decisions.md, Performance).
    static func lowered(_ text: String) -> [LoweredCharacter] {
        text == newTab.title ? newTab.lowered : computeLowered(text)
    }
    static func computeLowered(_ text: String) -> [LoweredCharacter] {
        let lowered = text.lowercased()
        return ASCIIText.characters(of: lowered, from: asciiCharacters) ?? lowered.map(LoweredCharacter.init)
    }
    private static let asciiCharacters = ASCIIText.table { LoweredCharacter($0) }
    private static let newTab = (title: "New Tab", lowered: computeLowered("New Tab"))
}

/// Text that is ASCII without CR, read byte by byte: there every byte is a whole Character
/// (CR LF is the one ASCII cluster of two), so a Character walk — grapheme breaking, and one
/// value made per Character — can be replaced by a table lookup per byte. Long titles are
/// mostly ASCII.
// `public` and `@inlinable` for the reason `ChangedMiddle` gives: specialized in Checker too.
public enum ASCIIText {
    /// Each byte's entry of `table` (one per ASCII byte), or nil when `text` is not ASCII without CR.
    @inlinable public static func characters<T>(of text: String, from table: [T]) -> [T]? {
        var text = text
        return text.withUTF8 { bytes -> [T]? in
            for b in bytes where b >= 0x80 || b == 0x0D { return nil }
            return bytes.map { table[Int($0)] }
        }
    }
    /// The table for `characters(of:from:)`: `make` of each ASCII Character, made once.
    public static func table<T>(_ make: (Character) -> T) -> [T] { (0..<128).map { make(Character(Unicode.Scalar(UInt8($0)))) } }
}
