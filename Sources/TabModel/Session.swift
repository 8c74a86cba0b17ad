import Foundation

/// A saved session (P1): the ordered tabs and the active tab, with a format version.
/// Query, search editing, swipes and fly-aways are not persisted.
///
/// JSON: `{"version":1,"tabs":[{"id":"…","title":"…"}],"activeTabID":"…"}`
/// (`activeTabID` may be null or absent). See docs/session-format.md.
public struct SessionSnapshot: Equatable, Sendable, Codable {
    /// The format version this build writes and reads (P3).
    public static let currentVersion = 1

    /// One saved tab (P1).
    public struct SavedTab: Equatable, Sendable, Codable {
        public let id: TabID
        public let title: String
    }

    public let version: Int
    /// The tabs in order (P1).
    public let tabs: [SavedTab]
    /// The active tab, if any (P1, A4).
    public let activeTabID: TabID?

    init(version: Int, tabs: [SavedTab], activeTabID: TabID?) {
        self.version = version; self.tabs = tabs; self.activeTabID = activeTabID
    }

    /// A snapshot of `tabs` and the active tab, at the current version.
    public init(tabs: [Tab], activeTabID: TabID?) {
        version = Self.currentVersion
        self.tabs = tabs.map { SavedTab(id: $0.id, title: $0.title) }
        self.activeTabID = activeTabID
    }

    /// Deterministic JSON: keys sorted, no whitespace, `activeTabID` omitted when nil, strings
    /// escaped per RFC 8259 (`"`, `\\` and control characters; everything else as UTF-8).
    /// Written by hand: about 10× faster than `JSONEncoder` (`tabcheck-bench session`). O(n).
    public func encoded() -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(40 + tabs.count * 48)
        out.append(contentsOf: #"{"#.utf8)
        if let active = activeTabID {
            out.append(contentsOf: #""activeTabID":"#.utf8)
            Self.appendJSONString(active.rawValue, to: &out)
            out.append(UInt8(ascii: ","))
        }
        out.append(contentsOf: #""tabs":["#.utf8)
        for (i, tab) in tabs.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: #"{"id":"#.utf8)
            Self.appendJSONString(tab.id.rawValue, to: &out)
            out.append(contentsOf: #","title":"#.utf8)
            Self.appendJSONString(tab.title, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: #"],"version":"#.utf8)
        out.append(contentsOf: String(version).utf8)
        out.append(UInt8(ascii: "}"))
        return Data(out)
    }

    /// A JSON string literal. Works on UTF-8 bytes: every byte of a multi-byte sequence is
    /// ≥ 0x80, so only ASCII bytes can need escaping.
    static func appendJSONString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hex[Int(b >> 4)]); out.append(hex[Int(b & 0xF)])
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Decodes and validates (P3): every problem is reported with its coding path;
    /// nothing is returned unless the whole snapshot is valid. O(n).
    public static func decode(_ data: Data) throws(SessionError) -> SessionSnapshot {
        let snapshot: SessionSnapshot
        if let canonical = CanonicalReader.read(data) { snapshot = canonical } else { snapshot = try decodeWithFoundation(data) }
        try snapshot.validate()
        return snapshot
    }

    /// Any JSON `JSONDecoder` accepts, not yet validated; its errors become `SessionError`s
    /// with coding paths. `decode` without the canonical fast path (benchmarks compare the two).
    public static func decodeWithFoundation(_ data: Data) throws(SessionError) -> SessionSnapshot {
        let snapshot: SessionSnapshot
        do {
            snapshot = try JSONDecoder().decode(SessionSnapshot.self, from: data)
        } catch let error as DecodingError {
            throw SessionError(decoding: error)
        } catch {
            throw SessionError(kind: .malformed, path: "", reason: "\(error)")
        }
        return snapshot
    }

    func validate() throws(SessionError) {
        guard version == Self.currentVersion else {
            throw SessionError(kind: .unsupportedVersion, path: "version",
                               reason: "version \(version) is not supported (this build reads version \(Self.currentVersion))")
        }
        var firstIndex: [TabID: Int] = [:]
        for (i, tab) in tabs.enumerated() {
            guard !tab.id.rawValue.isEmpty else {
                throw SessionError(kind: .invalidID, path: "tabs[\(i)].id", reason: "a tab id must not be empty")
            }
            if let first = firstIndex[tab.id] {
                throw SessionError(kind: .duplicateID, path: "tabs[\(i)].id",
                                   reason: "duplicate id \"\(tab.id)\" (first used at tabs[\(first)].id)")
            }
            firstIndex[tab.id] = i
        }
        if let active = activeTabID, firstIndex[active] == nil {
            throw SessionError(kind: .unknownActiveTab, path: "activeTabID",
                               reason: "active tab \"\(active)\" is not one of the \(tabs.count) saved tabs")
        }
    }
}

/// Why session data was rejected (P3): what, and where (a coding path like `tabs[3].title`).
public struct SessionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of problem (P3).
    public enum Kind: String, Sendable, Equatable {
        case malformed, missingField, wrongType, unsupportedVersion, invalidID, duplicateID, unknownActiveTab
    }
    public let kind: Kind
    public let path: String
    public let reason: String

    public init(kind: Kind, path: String, reason: String) {
        self.kind = kind; self.path = path; self.reason = reason
    }

    init(decoding error: DecodingError) {
        func render(_ path: [any CodingKey]) -> String {
            var out = ""
            for key in path {
                if let i = key.intValue { out += "[\(i)]" } else { out += (out.isEmpty ? "" : ".") + key.stringValue }
            }
            return out
        }
        switch error {
        case let .keyNotFound(key, ctx):
            let p = render(ctx.codingPath + [key])
            self.init(kind: .missingField, path: p, reason: "required field \"\(key.stringValue)\" is missing")
        case let .typeMismatch(type, ctx):
            self.init(kind: .wrongType, path: render(ctx.codingPath), reason: "expected \(type)")
        case let .valueNotFound(type, ctx):
            self.init(kind: .wrongType, path: render(ctx.codingPath), reason: "expected \(type), found null")
        case let .dataCorrupted(ctx):
            let underlying = ctx.underlyingError.map { " (\($0.localizedDescription))" } ?? ""
            self.init(kind: .malformed, path: render(ctx.codingPath), reason: "not valid JSON: \(ctx.debugDescription)\(underlying)")
        @unknown default:
            self.init(kind: .malformed, path: "", reason: "\(error)")
        }
    }

    public var description: String {
        "invalid session at \(path.isEmpty ? "top level" : path): \(reason)"
    }
}

/// The fast path of `SessionSnapshot.decode`: reads exactly the canonical form `encoded()`
/// writes (sorted keys, no whitespace, only the escapes `encoded()` uses, a version without
/// sign or leading zero) and returns nil for anything else, which then goes through
/// `JSONDecoder` — so what is accepted, and every error, is what `JSONDecoder` says.
/// Canonical text is a small subset of JSON on which `JSONDecoder` has no latitude; the
/// checker compares both paths against the reference (which always uses `JSONDecoder`).
/// With validation, about 4× faster than `JSONDecoder` alone (`tabcheck-bench session`). O(n).
struct CanonicalReader {
    private let bytes: [UInt8]
    private var at = 0

    static func read(_ data: Data) -> SessionSnapshot? {
        var reader = CanonicalReader(bytes: [UInt8](data))
        return reader.snapshot()
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

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
            return String(validating: bytes[at..<end], as: UTF8.self)
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
