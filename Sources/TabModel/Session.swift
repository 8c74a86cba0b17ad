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
            out.append(contentsOf: Self.idKey)
            Self.appendJSONString(tab.id.rawValue, to: &out)
            out.append(contentsOf: Self.titleKey)
            Self.appendJSONString(tab.title, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: #"],"version":"#.utf8)
        out.append(contentsOf: String(version).utf8)
        out.append(UInt8(ascii: "}"))
        return Data(out)
    }

    /// Each tab's keys, as bytes once (appended from a string's UTF-8 view, byte by byte, they
    /// were half the cost of writing a tab).
    private static let idKey = Array(#"{"id":"#.utf8), titleKey = Array(#","title":"#.utf8)

    /// A JSON string literal. Works on UTF-8 bytes, read in place: every byte of a multi-byte
    /// sequence is ≥ 0x80, so only ASCII bytes can need escaping.
    static func appendJSONString(_ s: String, to out: inout [UInt8]) {
        var s = s
        s.withUTF8 { appendJSONString(bytes: $0, to: &out) }
    }

    private static func appendJSONString(bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most strings need no escape: copied in one piece.
        if !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out.append(contentsOf: bytes)
            out.append(UInt8(ascii: "\""))
            return
        }
        for b in bytes {
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
        firstIndex.reserveCapacity(tabs.count)
        for (i, tab) in tabs.enumerated() {
            guard !tab.id.rawValue.isEmpty else {
                throw SessionError(kind: .invalidID, path: "tabs[\(i)].id", reason: "a tab id must not be empty")
            }
            // One look-up a tab: the first index comes back when the id was seen before.
            if let first = firstIndex.updateValue(i, forKey: tab.id) {
                throw SessionError(kind: .duplicateID, path: "tabs[\(i)].id",
                                   reason: "duplicate id \"\(tab.id)\" (first used at tabs[\(first)].id)")
            }
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
