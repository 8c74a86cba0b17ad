import Checker

/// This repository's production model as a driver, and the defaults that compare it with
/// the reference: what `tabcheck`, the tests and the benchmarks run. A package checking its
/// own view-model needs none of this (nor TabModel): it imports Checker or TabGridTesting.
extension DriverFactory {
    /// TabModel's `TabGrid`, the production view-model, checked on both views it can feed:
    /// batch updates (F10) and a diffable data source with the interactive movement (D1–D5).
    package static let production: DriverFactory = {
        var f = DriverFactory(name: "production", summary: "TabModel.TabGrid, the production view-model (batch updates and a diffable data source)",
                              capabilities: TabModelDriver.capabilities) {
            TabModelDriver(viewport: $0)
        }
        f.recipe = .type(TabModelDriver.self, name: f.name, summary: f.summary)
        f.source = "GridDriverFactory.production"   // this repository's tests import ProductionDriver
        return f
    }()

    /// The same model checked on batch updates alone, as `production` was before the diffable view came (decisions.md, Behaviour, D): no
    /// snapshot, reorder or interactive movement drawn or judged.
    package static let productionBatch = DriverFactory(
        name: "production-batch", summary: "TabModel.TabGrid feeding batch updates only (no diffable data source, no movement)",
        capabilities: Capability.all, source: "GridDriverFactory.productionBatch"
    ) { TabModelDriver(viewport: $0, view: .batch) }

    /// The built-in drivers. Add yours (or pass a factory to `Runner`) to compare a
    /// refactored view-model against the current one.
    package static let builtIn: [DriverFactory] = [.production, .productionBatch, .productionAsync, .reference]

    package static func named(_ name: String) -> DriverFactory? { builtIn.first { $0.name == name } }
}

extension Runner {
    /// Production against an oracle (the reference by default).
    package init(properties: [Property] = Property.allCases, oracle: DriverFactory = .reference,
                generator: ActionGenerator = ActionGenerator(), startViewport: ViewportSpec = .phone) {
        self.init(implementation: .production, oracle: oracle, properties: properties, generator: generator, startViewport: startViewport)
    }
}

extension Regression {
    /// A fixed sequence through production and the reference (or `oracle`), every property.
    package static func check(_ actions: [Action], properties: [Property] = Property.allCases, oracle: DriverFactory = .reference,
                             policy: Policy = .spec, customProperties: [any GridStepProperty] = []) -> Runner.Failure? {
        check(actions, properties: properties, implementation: .production, oracle: oracle, policy: policy, customProperties: customProperties)
    }
}
