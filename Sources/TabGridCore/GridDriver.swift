/// The one protocol the engine knows: apply an action, observe the state. Any two
/// drivers can be compared — your model against the reference, or an old implementation
/// against a new one. docs/driver-contract.md says what each field and outcome means.
public protocol GridDriver {
    /// Applies one action; never traps, whatever the action (a trap the driver cannot
    /// avoid is reported as `GridStepOutcome.crash`).
    mutating func apply(_ action: GridAction) -> GridStepOutcome
    /// The state after the last action.
    func observe() -> GridObservation
    /// P2: restores what `.save` last saved into a fresh instance and observes it; nil when
    /// nothing was saved or the restore was rejected (the message says why).
    func roundTrip() -> Result<GridObservation, GridRoundTripError>?
    /// P4/P5: what went wrong with crash-safe saving at the last `.save`, if the driver
    /// saves to files at all (default: nil).
    func storageProblem() -> String?
}

extension GridDriver {
    public func storageProblem() -> String? { nil }
}

/// Why a session's round trip failed (P2).
public struct GridRoundTripError: Error, Sendable {
    public let message: String
    public init(message: String) { self.message = message }
}

/// A driver that can be made from a viewport and says what it supports: what
/// `GridCheck.expectAgreement(MyDriver.self, …)` (TabGridTesting) and
/// `GridDriverFactory(MyDriver.self)` take.
public protocol CheckableGridDriver: GridDriver, SendableMetatype {
    init(viewport: GridViewport)
    /// What the model implements beyond the core (default: `GridCapability.all`).
    static var capabilities: Set<GridCapability> { get }
    /// The name reports use (default: the type's name).
    static var name: String { get }
}

extension CheckableGridDriver {
    public static var capabilities: Set<GridCapability> { GridCapability.all }
    public static var name: String { String(describing: Self.self) }
}

/// A named way to make a driver: what `TabCheck.main(drivers:)` lists for `--compare A,B`.
public struct GridDriverFactory: Sendable {
    public let name: String
    public let summary: String
    /// What drivers made by this factory support (default: `GridCapability.all`).
    public let capabilities: Set<GridCapability>
    /// The `CheckableGridDriver` type it makes, when it was made from one: what a pasted
    /// regression test names (`GridDriverFactory(MyDriver.self)`) so it compiles as pasted.
    public internal(set) var typeName: String?
    /// Whether its drivers run in another process (the wire protocol): each step then costs a
    /// round trip, and the engine sends whole sequences where it can predict them.
    package var inAnotherProcess = false
    /// For a factory made from a closure: a Swift expression that makes it where a test
    /// runs (`"MyOracles.legacy"`), so a pasted regression test compiles as pasted.
    public var source: String?
    /// How a fresh copy of this process makes the same factory (a type's name, or the
    /// reference's policy); nil for one made from a closure, unless you set it.
    public var recipe: GridDriverRecipe?
    public let make: @Sendable (GridViewport) -> any GridDriver

    public init(name: String, summary: String, capabilities: Set<GridCapability> = GridCapability.all, source: String? = nil,
                make: @escaping @Sendable (GridViewport) -> any GridDriver) {
        self.name = name; self.summary = summary; self.capabilities = capabilities; self.source = source; self.make = make
    }

    /// The factory of a `CheckableGridDriver` type.
    public init<D: CheckableGridDriver>(_ type: D.Type, name: String? = nil, summary: String = "") {
        self.init(name: name ?? D.name, summary: summary.isEmpty ? "\(D.self), checked through its CheckableGridDriver conformance" : summary,
                  capabilities: D.capabilities) { D(viewport: $0) }
        typeName = String(describing: D.self)
        recipe = .type(D.self, name: self.name, summary: self.summary)
    }

    /// Swift source that makes this factory, for pasted regression tests: the `source` it was
    /// given, one made from a type by the type; nil when none is known.
    public var swiftCode: String? {
        if let source { return source }
        return typeName.map { "GridDriverFactory(\($0).self)" }
    }
}
