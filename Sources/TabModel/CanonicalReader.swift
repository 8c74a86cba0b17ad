import Foundation

/// The fast path of `SessionSnapshot.decode`: reads exactly the canonical form `encoded()`
/// writes (sorted keys, no whitespace, only the escapes `encoded()` uses, a version without
/// sign or leading zero) and returns nil for anything else, which then goes through
/// `JSONDecoder` — so what is accepted, and every error, is what `JSONDecoder` says.
/// Canonical text is a small subset of JSON on which `JSONDecoder` has no latitude; the
/// checker compares both paths against the reference (which always uses `JSONDecoder`).
/// With validation, about 4× faster than `JSONDecoder` alone (`tabcheck-bench session`). O(n).
struct CanonicalReader {
    /// The data's bytes, read in place (no copy, no bounds check per byte in a release build:
    /// every index is checked against `count` first).
    private let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0

    static func read(_ data: Data) -> SessionSnapshot? {
        data.withUnsafeBytes { raw in
            var reader = CanonicalReader(bytes: raw.assumingMemoryBound(to: UInt8.self))
            return reader.snapshot()
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private mutating func snapshot() -> SessionSnapshot? {
        guard take("{") else { return nil }
        var active: TabID?
        if take(#""activeTabID":"#) {
            if !take("null") {
                guard let id = string() else { return nil }
                active = TabID(id)
            }
            guard take(",") else { return nil }
        }
        guard take(#""tabs":["#) else { return nil }
        var tabs: [SessionSnapshot.SavedTab] = []
        if !take("]") {
            repeat {
                guard take(#"{"id":"#), let id = string(), take(#","title":"#), let title = string(), take("}") else { return nil }
                tabs.append(SessionSnapshot.SavedTab(id: TabID(id), title: title))
            } while take(",")
            guard take("]") else { return nil }
        }
        guard take(#","version":"#), let version = integer(), take("}"), at == bytes.count else { return nil }
        return SessionSnapshot(version: version, tabs: tabs, activeTabID: active)
    }

    /// Consumes `literal` if the text continues with it.
    private mutating func take(_ literal: StaticString) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard bytes.count - at >= n else { return false }
        let matches = literal.withUTF8Buffer { lit in
            for k in 0..<n where bytes[at + k] != lit[k] { return false }
            return true
        }
        if matches { at += n }
        return matches
    }

    /// A string with only the escapes `encoded()` writes; nil for anything else
    /// (other escapes, raw control characters, invalid UTF-8).
    private mutating func string() -> String? {
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { return nil }
        at += 1
        // Most strings have nothing escaped: take them in one piece.
        var end = at
        while end < bytes.count, bytes[end] >= 0x20, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            defer { at = end + 1 }
            return Self.validUTF8(bytes, at..<end)
        }
        var out: [UInt8] = []
        while at < bytes.count {
            let b = bytes[at]
            at += 1
            switch b {
            case UInt8(ascii: "\""): return String(validating: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard at < bytes.count else { return nil }
                let e = bytes[at]
                at += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(e)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):   // only \u00XX below 0x20, as encoded() writes them
                    guard bytes.count - at >= 4, bytes[at] == UInt8(ascii: "0"), bytes[at + 1] == UInt8(ascii: "0"),
                          let hi = Self.hex(bytes[at + 2]), let lo = Self.hex(bytes[at + 3]), hi < 2 else { return nil }
                    out.append(hi << 4 | lo)
                    at += 4
                default: return nil
                }
            case 0..<0x20: return nil
            default: out.append(b)
            }
        }
        return nil
    }

    /// The bytes as a String when they are valid UTF-8, else nil: decoded in one pass (which
    /// would replace an invalid sequence by U+FFFD) and kept only if it gave back the same
    /// bytes — a third of `String(validating:)`'s cost on a slice, same verdict
    /// (`SessionCodecTests`).
    static func validUTF8(_ bytes: [UInt8], _ range: Range<Int>) -> String? {
        bytes.withUnsafeBufferPointer { validUTF8($0, range) }
    }

    /// `validUTF8` on bytes read in place. ASCII bytes are valid UTF-8 as they are: only other
    /// text is decoded and compared.
    static func validUTF8(_ all: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        let raw = UnsafeBufferPointer(rebasing: all[range])
        var s = String(decoding: raw, as: UTF8.self)
        if !raw.contains(where: { $0 >= 0x80 }) { return s }
        let same = s.withUTF8 { $0.count == raw.count && (raw.isEmpty || memcmp($0.baseAddress!, raw.baseAddress!, raw.count) == 0) }
        return same ? s : nil
    }

    /// Lowercase hex digits only, as `encoded()` writes them.
    private static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        default: return nil
        }
    }

    /// A non-negative integer without leading zeros, at most 9 digits.
    private mutating func integer() -> Int? {
        let start = at
        while at < bytes.count, at - start < 10, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) { at += 1 }
        let digits = bytes[start..<at]
        guard !digits.isEmpty, digits.count <= 9, digits.count == 1 || digits.first != UInt8(ascii: "0") else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}
