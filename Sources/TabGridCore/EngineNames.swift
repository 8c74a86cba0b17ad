// The engine's own short names for the vocabulary. `package`: every module of this
// repository reads `Action`, `Observation`, `Policy`…; an adopter's code sees only the
// `Grid`-prefixed public names, which cannot collide with Apple's modules (`Observation`)
// or an app's own `Action`, `Policy` or `Property`.
package typealias Action = GridAction
package typealias ActionKind = GridActionKind
package typealias ViewportSpec = GridViewport
package typealias Observation = GridObservation
package typealias Difference = GridDifference
package typealias StepOutcome = GridStepOutcome
package typealias ViewUpdate = GridViewUpdate
package typealias Policy = GridPolicy
package typealias Capability = GridCapability
package typealias Violation = GridViolation
package typealias Property = GridPropertyName
package typealias CheckableDriver = CheckableGridDriver
package typealias RoundTripError = GridRoundTripError
package typealias DriverFactory = GridDriverFactory
package typealias DriverRecipe = GridDriverRecipe
package typealias FactoryRecipe = GridFactoryRecipe
