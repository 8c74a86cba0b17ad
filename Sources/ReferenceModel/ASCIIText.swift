/// Text that is ASCII without CR, read byte by byte: there every byte is a whole Character
/// (CR LF is the one ASCII cluster of two), so a Character walk — grapheme breaking, and one
/// value made per Character — can be replaced by a table lookup per byte. Long titles are
/// mostly ASCII.
// `public` and `@inlinable` for the reason `ChangedMiddle` gives: a `package` generic is not
// specialized in Checker (2.7 % more instructions per step, decisions.md, Performance).
// ReferenceModel is no product: no adopter can import it.
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
