import Generators

/// An engine optimisation, not part of what a driver must do: an oracle that can say
/// whether its `observe()` would equal an observation (`Observation ==`) without building
/// its own. The run loop asks it after each step and compares the two field by field
/// whenever it says no, every `Runner.fullComparisonEvery` steps, and at the end of every
/// sequence; an oracle that is not one is observed in full at every step.
/// `ReferenceDriver` is one.
package protocol AgreeingDriver: GridDriver {
    func agrees(with observation: Observation) -> Bool
}

/// A driver that can take a fixed sequence whole before its first step (a replay, a shrink
/// candidate): a driver in another process runs it in one exchange (docs/wire-protocol.md,
/// `run`). Its steps must then answer exactly as if applied one by one; an action other than
/// the planned one is applied the usual way.
package protocol PlannedDriver: GridDriver {
    mutating func plan(_ actions: [Action], viewport: ViewportSpec)
    /// Why the driver could not even start (a program that ended before its first state):
    /// the run's crash before its first step, rather than a difference in an empty state.
    var startFault: String? { get }
}

extension DriverFactory {
    /// The naive oracle, ReferenceModel's reading of SPEC.md. (This repository's production
    /// model is `DriverFactory.production`, in the ProductionDriver module: the engine
    /// itself knows only drivers.)
    package static let reference: DriverFactory = {
        // Every capability, the diffable view's reorder included: the oracle of either view kind.
        var f = DriverFactory(name: "reference", summary: "the reference: a naive, second reading of SPEC.md", capabilities: Capability.allFeatures) {
            ReferenceDriver(viewport: $0)
        }
        f.recipe = .reference(.spec)
        return f
    }()

    /// The reference under `policy` (docs/policies.md); `.reference` is it under `Policy.spec`.
    package static func reference(_ policy: Policy) -> DriverFactory {
        guard policy != .spec else { return .reference }
        var f = DriverFactory(name: "reference", summary: "the reference: a naive, second reading of SPEC.md, under the policy \(policy)",
                              capabilities: Capability.allFeatures) {
            ReferenceDriver(viewport: $0, policy: policy)
        }
        f.recipe = .reference(policy)
        return f
    }
}
