/// A property's name: what `--property` selects, reports print and replay files record.
///
/// The built-in ones are listed here; each oracle-free one is a `StepProperty` type in this
/// folder, and `differential` and `crash` are stages of the run loop (`RunLoop`). A custom
/// property brings its own name (`Property("neverEmpty")`) with its `StepProperty`.
public struct Property: Hashable, Sendable, Codable, CustomStringConvertible, Comparable {
    public let rawValue: String
    public init(_ name: String) { rawValue = name }
    public var description: String { rawValue }
    public static func < (a: Property, b: Property) -> Bool { a.rawValue < b.rawValue }

    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: any Encoder) throws { var c = encoder.singleValueContainer(); try c.encode(rawValue) }

    /// Implementation and oracle agree on every observed field, accept/reject and fly-away
    /// duration (`Differential`). Seen failing on: planted `titlesTrimmed`; mutants 09, 23, 26, 29.
    public static let differential = Property("differential")
    public static let mapping = MappingProperty.name
    public static let closeAllButton = CloseAllButtonProperty.name
    public static let itemsPerRow = ItemsPerRowProperty.name
    public static let activeTab = ActiveTabProperty.name
    public static let swipeLock = SwipeLockProperty.name
    public static let reopen = ReopenProperty.name
    public static let session = SessionProperty.name
    public static let rejection = RejectionProperty.name
    public static let filter = FilterProperty.name
    public static let tabList = TabListProperty.name
    public static let searchBar = SearchBarProperty.name
    public static let layoutRules = LayoutRulesProperty.name
    public static let flyAway = FlyAwayProperty.name
    public static let snapshot = SnapshotProperty.name
    public static let movement = MovementProperty.name
    /// The properties of the capabilities declared on top of `Capability.all` (#37).
    static let viewKind: Set<Property> = [snapshot, movement]
    /// The model never crashes: a driver reports a crash its model would have had
    /// (`StepOutcome.crash`); checked whatever properties are chosen, and the run stops.
    /// Seen failing on: planted `crashesOnCloseAll`.
    public static let crash = Property("crash")

    /// Every built-in property, in the order reports list them.
    public static let allCases: [Property] = [.differential] + builtInChecks.map(\.name) + [.crash]

    /// The oracle-free built-in properties, in the order the run loop checks them.
    public static let builtInChecks: [any StepProperty] = [
        MappingProperty(), CloseAllButtonProperty(), ItemsPerRowProperty(), ActiveTabProperty(), SwipeLockProperty(),
        ReopenProperty(), SessionProperty(), RejectionProperty(), FilterProperty(),
        // Added in #25 (every rule judged without the oracle); last, so the failures the
        // properties above report are reported as before.
        TabListProperty(), SearchBarProperty(), LayoutRulesProperty(), FlyAwayProperty(),
        // #37: the diffable data source (D1–D5); only drivers that feed one are judged by it.
        SnapshotProperty(), MovementProperty(),
    ]

    /// A built-in property by name, or nil.
    public init?(rawValue: String) {
        guard Self.allCases.contains(Property(rawValue)) else { return nil }
        self.init(rawValue)
    }

    /// The rules a built-in property judges, e.g. "F3 F4 F10 G6" ("all" for the two stages).
    public var rules: String {
        if self == .differential || self == .crash { return "all" }
        return Self.builtInChecks.first { $0.name == self }?.rules.joined(separator: " ") ?? ""
    }
}
