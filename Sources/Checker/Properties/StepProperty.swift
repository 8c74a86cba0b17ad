/// A property judged from one step of the implementation alone — its observations before
/// and after, its outcome, the simulated view — never from the oracle. Two independent
/// readings of SPEC.md meet here: a misreading the model and the oracle share is caught
/// only by a property like this.
///
/// The run loop holds a list of them (`Property.builtInChecks`, then a runner's
/// `customProperties`) and asks each, in order, after every step; the first violation
/// fails the step. A property may keep state from step to step (`mutating`): each run
/// starts from the value the list holds.
///
/// Recipe (a property of your own, from a test target or a `TabCheck.main` executable):
///
/// ```swift
/// struct NeverMoreThanFiveTabs: StepProperty {
///     static let name = Property("fiveTabs")
///     let rules = ["F2"]
///     let needs: Set<Capability> = []
///     mutating func check(_ step: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
///         post.tabIDs.count <= 5 ? nil : Violation(Self.name, "F2", "\(post.tabIDs.count) tabs are open")
///     }
/// }
/// var runner = Runner(...)
/// runner.customProperties = [NeverMoreThanFiveTabs()]
/// ```
/// It is then selected by `--property fiveTabs` (or `Runner.properties`), reported, shrunk
/// (a failure shrinks to the shortest sequence that breaks the same property and rule) and
/// replayed like the built-in ones. `Tests/PropertyTests/CustomPropertyTests.swift` is this
/// recipe as a test.
public protocol StepProperty: Sendable {
    /// Its name: what `--property` selects and reports print.
    static var name: Property { get }
    /// The SPEC rule ids it judges ("F3", "G6"), for reports and docs/architecture.md.
    var rules: [String] { get }
    /// What both drivers must implement for it to mean anything; without them it is
    /// skipped (and named as skipped in every report).
    var needs: Set<Capability> { get }
    /// The step's verdict: nil when it holds, else what broke.
    mutating func check(_ step: StepFacts, _ pre: Observation, _ post: Observation) -> Violation?
}

extension StepProperty {
    /// Its name, read from a value.
    public var name: Property { Self.name }
}
