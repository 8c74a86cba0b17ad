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

    /// A snapshot of `tabs` and the active tab, at the current version.
    public init(tabs: [Tab], activeTabID: TabID?) {
        version = Self.currentVersion
        self.tabs = tabs.map { SavedTab(id: $0.id, title: $0.title) }
        self.activeTabID = activeTabID
    }

    /// Deterministic JSON (sorted keys). O(n).
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding strings, ints and arrays cannot fail.
        return (try? encoder.encode(self)) ?? Data()
    }

    /// Decodes and validates (P3): every problem is reported with its coding path;
    /// nothing is returned unless the whole snapshot is valid. O(n).
    public static func decode(_ data: Data) throws(SessionError) -> SessionSnapshot {
        let snapshot: SessionSnapshot
        do {
            snapshot = try JSONDecoder().decode(SessionSnapshot.self, from: data)
        } catch let error as DecodingError {
            throw SessionError(decoding: error)
        } catch {
            throw SessionError(kind: .malformed, path: "", reason: "\(error)")
        }
        try snapshot.validate()
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
