/// A property's name: what `--property` selects, reports print and replay files record.
public struct GridPropertyName: Hashable, Sendable, Codable, CustomStringConvertible, Comparable {
    public let rawValue: String
    public init(_ name: String) { rawValue = name }
    public var description: String { rawValue }
    public static func < (a: GridPropertyName, b: GridPropertyName) -> Bool { a.rawValue < b.rawValue }

    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: any Encoder) throws { var c = encoder.singleValueContainer(); try c.encode(rawValue) }

    // The built-in properties (docs/architecture.md lists what each judges).
    /// Implementation and oracle agree on every observed field, accept/reject and fly-away duration.
    public static let differential = GridPropertyName("differential")
    /// F2–F5, F10, G6: displayed items map to tabs, a close closes the tab shown, updates are valid.
    public static let mapping = GridPropertyName("mapping")
    /// B1, B2: the Close All button.
    public static let closeAllButton = GridPropertyName("closeAllButton")
    /// L5: items per row.
    public static let itemsPerRow = GridPropertyName("itemsPerRow")
    /// A1–A4: the active tab.
    public static let activeTab = GridPropertyName("activeTab")
    /// G1–G5: one swipe at a time, and its lock.
    public static let swipeLock = GridPropertyName("swipeLock")
    /// U1–U3: reopening closed tabs.
    public static let reopen = GridPropertyName("reopen")
    /// P1–P5: sessions.
    public static let session = GridPropertyName("session")
    /// Rejected events change nothing.
    public static let rejection = GridPropertyName("rejection")
    /// F1, F6: the filter.
    public static let filter = GridPropertyName("filter")
    /// F2–F9 without the oracle: the tab list after each event.
    public static let tabList = GridPropertyName("tabList")
    /// F7: the search bar.
    public static let searchBar = GridPropertyName("searchBar")
    /// L1–L7 without the oracle.
    public static let layoutRules = GridPropertyName("layoutRules")
    /// G6: fly-aways.
    public static let flyAway = GridPropertyName("flyAway")
    /// D1, D2, D3, D5: the diffable data source's snapshots.
    public static let snapshot = GridPropertyName("snapshot")
    /// D4: the interactive movement.
    public static let movement = GridPropertyName("movement")
    /// S1–S3: the app's life and the model's pending work (`GridCapability.appLifecycle`).
    public static let lifecycle = GridPropertyName("lifecycle")
    /// The model never crashes (`GridStepOutcome.crash`); checked whatever properties are chosen.
    public static let crash = GridPropertyName("crash")
}

/// A property of your own, judged from one step of your model alone — its observations
/// before and after and what the step did — never from the oracle:
///
/// ```swift
/// struct NeverMoreThanFiveTabs: GridStepProperty, Codable {
///     static let name = GridPropertyName("fiveTabs")
///     var rules: [String] { ["F2"] }
///     var needs: Set<GridCapability> { [] }
///     func check(_ step: GridStepFacts, _ pre: GridObservation, _ post: GridObservation) -> GridViolation? {
///         post.tabIDs.count <= 5 ? nil : GridViolation(Self.name, "F2", "\(post.tabIDs.count) tabs are open")
///     }
/// }
/// ```
/// Pass it to `GridCheck.expectAgreement(…, customProperties: [NeverMoreThanFiveTabs()])` or
/// `TabCheck.main(drivers:properties:)`; it is then selected by `--property fiveTabs`, reported,
/// shrunk (to the shortest sequence that breaks the same property and rule) and replayed like
/// the built-in ones. `Codable` lets `GridCheck` carry it into the fresh process it runs in.
public protocol GridStepProperty: Sendable {
    /// Its name: what `--property` selects and reports print.
    static var name: GridPropertyName { get }
    /// The SPEC rule ids it judges ("F3", "G6"), for reports.
    var rules: [String] { get }
    /// What both drivers must implement for it to mean anything; without them it is
    /// skipped (and named as skipped in every report).
    var needs: Set<GridCapability> { get }
    /// The step's verdict: nil when it holds, else what broke. A property may keep state
    /// from step to step; each run starts from the value it was given.
    mutating func check(_ step: GridStepFacts, _ pre: GridObservation, _ post: GridObservation) -> GridViolation?
}

extension GridStepProperty {
    /// Its name, read from a value.
    public var name: GridPropertyName { Self.name }
}

/// What a property sees of one step of the model under test, besides its observations
/// before and after.
public struct GridStepFacts: Sendable {
    /// The action of this step.
    public let action: GridAction
    /// What the driver said the action did.
    public let outcome: GridStepOutcome
    /// The viewport after the step.
    public let viewport: GridViewport
    /// The ids open before the step and not after, in their order before (empty for most steps).
    public let gone: [String]
    /// Whether the tabs (ids, order, titles) are the same after the step as before.
    public let tabsUnchanged: Bool
    /// Whether `.willAppear` has happened (B2).
    public let appeared: Bool
    /// The items the simulated collection view shows after applying the step's update.
    public let viewItems: [String]
    /// Why the simulated collection view refused the step's update (F10), if it did.
    public let viewError: String?
    /// P2: the round trip of the last save, when the step saved.
    public let roundTrip: Result<GridObservation, GridRoundTripError>?
    /// Whether a `.save` happened before this step.
    public let savedBefore: Bool
    /// The choices the run judges by: honour them, never SPEC's defaults unconditionally.
    public let policy: GridPolicy

    package init(action: GridAction, outcome: GridStepOutcome, viewport: GridViewport, gone: [String], tabsUnchanged: Bool,
                 appeared: Bool, viewItems: [String], viewError: String?, roundTrip: Result<GridObservation, GridRoundTripError>?,
                 savedBefore: Bool, policy: GridPolicy) {
        self.action = action; self.outcome = outcome; self.viewport = viewport; self.gone = gone; self.tabsUnchanged = tabsUnchanged
        self.appeared = appeared; self.viewItems = viewItems; self.viewError = viewError; self.roundTrip = roundTrip
        self.savedBefore = savedBefore; self.policy = policy
    }
}
