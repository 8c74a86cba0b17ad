import TabGridCore

/// The model as the checker drives it.
@MainActor
struct PlantedAsyncDriver: MainActorGridDriver {
    nonisolated static var capabilities: Set<GridCapability> { [.appLifecycle] }
    let model: PlantedAsyncTabs

    init(viewport: GridViewport) { self.init(disk: PlantedDisk(), mistake: nil) }
    init(disk: PlantedDisk, mistake: PlantedAsyncTabs.Mistake?) {
        model = PlantedAsyncTabs(store: PlantedStore(disk: disk, acceptsOlder: mistake == .olderSnapshotWins), mistake: mistake)
    }

    func apply(_ action: GridAction) async -> GridStepOutcome {
        switch action {
        case .newTab:
            model.add()
            return GridStepOutcome(update: .batch(deletes: [], inserts: [model.tabs.count - 1], moves: []))
        case .closeDisplayed(let i):
            guard model.tabs.indices.contains(i) else { return GridStepOutcome(rejected: "indexOutOfRange") }
            model.close(at: i)
            return GridStepOutcome(update: .batch(deletes: [i], inserts: [], moves: []))
        default:
            return GridStepOutcome()
        }
    }

    func observe() -> GridObservation {
        var o = GridObservation()
        o.tabIDs = model.tabs.map { "t\($0)" }
        o.titles = o.tabIDs.map { _ in "New Tab" }
        o.displayed = o.tabIDs
        o.closeAllEnabled = !o.tabIDs.isEmpty
        return o
    }

    func enterBackground() async { await model.didEnterBackground() }

    func relaunched() async -> PlantedAsyncDriver? {
        let next = PlantedAsyncDriver(disk: model.store.disk, mistake: model.mistake)
        await next.model.launch()
        return next
    }

    /// A factory with the mistake planted (nil: none).
    nonisolated static func factory(_ mistake: PlantedAsyncTabs.Mistake?) -> GridDriverFactory {
        GridDriverFactory(name: "planted-async-\(mistake?.rawValue ?? "none")", summary: "PlantedAsyncTabs with \(mistake?.rawValue ?? "no mistake")") { _ in
            PlantedAsyncDriver(disk: PlantedDisk(), mistake: mistake)
        }
    }
}
