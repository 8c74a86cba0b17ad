/// A built-in property judged from one step of the implementation alone — its observations
/// before and after, its outcome, the simulated views — never from the oracle. Two
/// independent readings of SPEC.md meet here: a misreading the model and the oracle share is
/// caught only by a property like this.
///
/// The run loop holds a list of them (`Property.builtInChecks`, then a runner's custom
/// properties, each a `GridStepProperty` seen through `CustomProperty`) and asks each, in
/// order, after every step; the first violation fails the step. A property may keep state
/// from step to step (`mutating`): each run starts from the value the list holds.
///
/// Built-in properties see the engine's whole `StepFacts` (the simulated views' own
/// records); a property of an adopter's (`GridStepProperty`, TabGridCore) sees the package
/// `GridStepFacts`. `Tests/PropertyTests/CustomPropertyTests.swift` is the adopter's recipe
/// as a test.
package protocol StepProperty: Sendable {
    /// Its name: what `--property` selects and reports print.
    static var name: Property { get }
    /// The SPEC rule ids it judges ("F3", "G6"), for reports and docs/architecture.md.
    var rules: [String] { get }
    /// What both drivers must implement for it to mean anything; without them it is
    /// skipped (and named as skipped in every report).
    var needs: Set<Capability> { get }
    /// The step's verdict: nil when it holds, else what broke.
    mutating func check(_ step: StepFacts, _ pre: Observation, _ post: Observation) -> Violation?
    /// Its name, read from a value (a custom property's is its own type's).
    var name: Property { get }
}

extension StepProperty {
    package var name: Property { Self.name }
}

/// An adopter's property as the run loop asks it: the engine's facts narrowed to the package
/// `GridStepFacts`, built only for runs that have custom properties.
package struct CustomProperty: StepProperty {
    package static var name: Property { Property("custom") }
    package var property: any GridStepProperty
    package init(_ property: any GridStepProperty) { self.property = property }
    package var name: Property { property.name }
    package var rules: [String] { property.rules }
    package var needs: Set<Capability> { property.needs }
    package mutating func check(_ step: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        let facts = GridStepFacts(action: step.action, outcome: step.outcome, viewport: step.viewport, gone: step.gone,
                                  tabsUnchanged: step.tabsUnchanged, appeared: step.appeared, viewItems: step.viewItems,
                                  viewError: step.viewError.map { "\($0)" }, roundTrip: step.roundTrip,
                                  savedBefore: step.savedBefore, policy: step.policy)
        return property.check(facts, pre, post)
    }
}
