import Foundation
import Generators

/// The one protocol the engine knows: apply an action, observe the state. Any two
/// drivers can be compared — production vs reference, or old vs new implementation.
public protocol GridDriver {
    /// Applies one action; never traps, whatever the action.
    mutating func apply(_ action: Action) -> StepOutcome
    /// The state after the last action.
    func observe() -> Observation
    /// P2: restores what `.save` last saved into a fresh instance and observes it; nil when
    /// nothing was saved or the restore was rejected (the message says why).
    func roundTrip() -> Result<Observation, RoundTripError>?
    /// P4/P5: what went wrong with crash-safe saving at the last `.save`, if the driver
    /// saves to files at all (default: nil).
    func storageProblem() -> String?
}

extension GridDriver {
    public func storageProblem() -> String? { nil }
}

/// An engine optimisation, not part of what a driver must do: an oracle that can say
/// whether its `observe()` would equal an observation (`Observation ==`) without building
/// its own. The run loop asks it after each step and compares the two field by field
/// whenever it says no, every `Runner.fullComparisonEvery` steps, and at the end of every
/// sequence; an oracle that is not one is observed in full at every step.
/// `ReferenceDriver` is one.
public protocol AgreeingDriver: GridDriver {
    func agrees(with observation: Observation) -> Bool
}

public struct RoundTripError: Error, Sendable {
    public let message: String
    public init(message: String) { self.message = message }
}

/// A driver that can be made from a viewport and says what it supports: what
/// `GridCheck.expectAgreement(MyDriver.self, …)` (TabGridTesting) and `DriverFactory(MyDriver.self)` take.
public protocol CheckableDriver: GridDriver, SendableMetatype {
    init(viewport: ViewportSpec)
    /// What the model implements beyond the core (default: everything).
    static var capabilities: Set<Capability> { get }
    /// The name reports use (default: the type's name).
    static var name: String { get }
}

extension CheckableDriver {
    public static var capabilities: Set<Capability> { Capability.all }
    public static var name: String { String(describing: Self.self) }
}

/// A named way to make a driver, for `--compare A,B`.
public struct DriverFactory: Sendable {
    public let name: String
    public let summary: String
    /// What drivers made by this factory support (default: everything).
    public let capabilities: Set<Capability>
    /// The `CheckableDriver` type it makes, when it was made from one: what a pasted
    /// regression test names (`DriverFactory(MyDriver.self)`) so it compiles as pasted.
    public private(set) var typeName: String?
    /// For a factory made from a closure: a Swift expression that makes it where a test
    /// runs (`"MyOracles.legacy"`), so a pasted regression test compiles as pasted.
    public var source: String?
    /// How a fresh copy of this process makes the same factory (a type's name, or the
    /// reference's policy); nil for one made from a closure, unless you set it.
    public var recipe: DriverRecipe?
    public let make: @Sendable (ViewportSpec) -> any GridDriver

    public init(name: String, summary: String, capabilities: Set<Capability> = Capability.all, source: String? = nil,
                make: @escaping @Sendable (ViewportSpec) -> any GridDriver) {
        self.name = name; self.summary = summary; self.capabilities = capabilities; self.source = source; self.make = make
    }

    /// The factory of a `CheckableDriver` type.
    public init<D: CheckableDriver>(_ type: D.Type, name: String? = nil, summary: String = "") {
        self.init(name: name ?? D.name, summary: summary.isEmpty ? "\(D.self), checked through its CheckableDriver conformance" : summary, capabilities: D.capabilities) { D(viewport: $0) }
        typeName = String(describing: D.self)
        recipe = .type(D.self, name: self.name, summary: self.summary)
    }

    /// Swift source that makes this factory, for pasted regression tests: the `source` it was
    /// given, the built-in ones by name, one made from a type by the type; nil when none is known.
    public var swiftCode: String? {
        if let source { return source }
        if Self.builtInNames.contains(name) && typeName == nil { return "DriverFactory.named(\(swiftStringLiteral(name)))!" }
        return typeName.map { "DriverFactory(\($0).self)" }
    }

    /// The naive oracle, ReferenceModel's reading of SPEC.md. (This repository's production
    /// model is `DriverFactory.production`, in the ProductionDriver module: the engine
    /// itself knows only drivers.)
    public static let reference: DriverFactory = {
        // Every capability, the diffable view's reorder included: the oracle of either view kind.
        var f = DriverFactory(name: "reference", summary: "ReferenceModel.ReferenceGrid, the naive oracle", capabilities: Capability.withDiffable) {
            ReferenceDriver(viewport: $0)
        }
        f.recipe = .reference(.spec)
        return f
    }()

    /// The reference under `policy` (docs/policies.md); `.reference` is it under `Policy.spec`.
    public static func reference(_ policy: Policy) -> DriverFactory {
        guard policy != .spec else { return .reference }
        var f = DriverFactory(name: "reference", summary: "ReferenceModel.ReferenceGrid, the naive oracle, under the policy \(policy)",
                              capabilities: Capability.withDiffable) {
            ReferenceDriver(viewport: $0, policy: policy)
        }
        f.recipe = .reference(policy)
        return f
    }

    /// The names of this repository's own drivers: generated regression tests address them
    /// as `DriverFactory.named(…)!` (ProductionDriver).
    public static let builtInNames = ["production", "production-batch", "reference"]
}
