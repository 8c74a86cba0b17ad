import Checker
import ProductionDriver
import Generators
import Testing

/// Runs the same scenario on the production model and on the reference (issue 3: both
/// readings of the spec must agree on the tutorial's own cases).
struct Scenario {
    let driver: String
    let observation: Observation
    let outcomes: [StepOutcome]
    var last: StepOutcome { outcomes.last ?? StepOutcome() }
    var ids: [String] { observation.tabs.map(\.id) }
    var titles: [String] { observation.tabs.map(\.title) }

    /// The drivers these examples were written for — not every registered driver: a driver
    /// added to `DriverFactory.builtIn` (a refactor, a tutorial port) is compared by the
    /// campaigns, not by examples that encode this package's exact outputs.
    static let drivers = ["production", "reference"]

    static func run(_ driver: String, _ actions: [Action], viewport: ViewportSpec = .phone) -> Scenario {
        var d = DriverFactory.named(driver)!.make(viewport)
        var outcomes: [StepOutcome] = []
        for a in actions { outcomes.append(d.apply(a)) }
        return Scenario(driver: driver, observation: d.observe(), outcomes: outcomes)
    }
}

/// `n` new tabs titled `titles` (t1, t2, …).
func tabs(_ titles: String...) -> [Action] {
    titles.enumerated().flatMap { i, t in [Action.newTab, .setTitle(id: "t\(i + 1)", title: t)] }
}
