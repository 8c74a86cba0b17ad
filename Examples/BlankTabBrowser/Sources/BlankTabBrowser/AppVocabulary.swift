/// The app's own vocabulary, as most apps with a reducer have one: names TabGrid's
/// adopters keep (a test file imports this app and TabGridTesting together; the
/// names cannot clash, because TabGrid's are `GridAction`, `GridPolicy`, `GridObservation`).
public enum Action: Equatable, Sendable {
    case add
    case close(Int)
    case clear
}

/// The app's own settings type.
public struct Policy: Equatable, Sendable {
    public var restoresTabsOnLaunch = true
    public init() {}
}
