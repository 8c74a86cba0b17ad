/// A tab's identity: opaque, unique, stable for the tab's whole life.
/// Two tabs are the same tab iff their ids are equal (SPEC vocabulary).
public struct TabID: Hashable, Codable, Sendable, CustomStringConvertible {
    public let rawValue: String
    /// Wraps an id string; ids are compared as strings.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }
    public var description: String { rawValue }
}

/// An open tab: its id and the title of the page it shows (any Unicode, may be empty).
public struct Tab: Hashable, Sendable {
    public let id: TabID
    /// The page title: any Unicode, may be empty (F1, F8).
    public var title: String
    /// A tab with this id and title.
    public init(id: TabID, title: String) {
        self.id = id
        self.title = title
    }
    /// The title of every new tab (F2).
    public static let newTabTitle = "New Tab"
}

/// Where new tab ids come from. Injectable so tests are deterministic (SPEC vocabulary);
/// a value, so a copied grid keeps generating the same ids as the original.
public enum TabIDStrategy: Sendable, Equatable {
    /// Random UUIDs: what an app uses.
    case uuid
    /// `prefix1`, `prefix2`, …: what tests use.
    case sequential(prefix: String)
}
