import Checker
import Foundation
import TabModel

/// The app's own face of the model: `LiveTabs`, `@MainActor` and `@Observable`, saving through
/// the `TabStore` actor, driven on the main actor with its jobs scheduled by the checker (S1–S3).
/// Its events are `TabModelDriver`'s on the grid `LiveTabs` holds; sessions reach the disk only
/// through the store, so P1–P5's synchronous save and restore are not declared.
@MainActor
package struct LiveTabsDriver: MainActorGridDriver {
    package nonisolated static var capabilities: Set<Capability> {
        Capability.all.subtracting([.sessions]).union([.appLifecycle])
    }
    package nonisolated static var name: String { "production-async" }

    package let model: LiveTabs

    package init(viewport: ViewportSpec) { self.init(viewport: viewport.production, disk: SessionDisk()) }

    init(viewport: Viewport, disk: SessionDisk) {
        model = LiveTabs(grid: TabGrid(viewport: viewport, ids: .sequential(prefix: "t")), store: TabStore(disk: disk))
    }

    package func apply(_ action: Action) async -> StepOutcome {
        var saved: Data?
        return model.update { grid in TabModelDriver.event(action, &grid, &saved, .batch) }
    }

    package func observe() -> Observation { TabModelDriver.observe(model.grid, model.grid.columns(reusing: nil)) }

    package func enterBackground() async { await model.flush() }

    package func relaunched() async -> LiveTabsDriver? {
        // The same screen: a relaunch keeps the device's viewport.
        let next = LiveTabsDriver(viewport: model.grid.viewport, disk: model.store.disk)
        await next.model.launch()
        return next
    }
}

extension DriverFactory {
    /// `LiveTabs` on the main actor, its store's work scheduled by the checker.
    package static let productionAsync = DriverFactory(LiveTabsDriver.self, name: "production-async",
                                                       summary: "TabModel's LiveTabs: @MainActor, @Observable, saving through the TabStore actor (S1–S3)")
}
