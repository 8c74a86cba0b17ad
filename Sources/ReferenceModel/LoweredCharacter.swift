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
