import TabGridCore

/// `BrowserTabs` as the checker drives it: on the main actor, as the app does, with its store's
/// work held and scheduled by the checker. It declares titles, close by id, the current tab and
/// the app's life (background, kill, relaunch); the rest is never drawn and its properties are
/// skipped (and named).
@MainActor
public struct BrowserTabsDriver: MainActorGridDriver {
    public nonisolated static var capabilities: Set<GridCapability> { [.titles, .closeByID, .activeTab, .appLifecycle] }
    public nonisolated static var name: String { "browser-tabs" }

    public let model: BrowserTabs

    public init(viewport: GridViewport) { self.init(disk: Disk(), mistake: nil) }

    public init(disk: Disk, mistake: BrowserTabs.Mistake?) {
        model = BrowserTabs(store: SessionStoreActor(disk: disk, acceptsOlder: mistake == .olderSnapshotWins), mistake: mistake)
    }

    /// Tabs are "t1", "t2", … in the order they were made, as the checker names them.
    static func id(_ tab: BrowserTabs.Tab) -> String { "t\(tab.number)" }

    public func apply(_ action: GridAction) async -> GridStepOutcome {
        let count = model.tabs.count
        func inRange(_ i: Int) -> Bool { (0..<count).contains(i) }
        switch action {
        case .newTab:
            model.add()
            return GridStepOutcome(update: .batch(deletes: [], inserts: [count], moves: []))
        case .closeDisplayed(let i):
            guard inRange(i) else { return GridStepOutcome(rejected: "indexOutOfRange") }
            model.close(at: i)
            return GridStepOutcome(update: .batch(deletes: [i], inserts: [], moves: []))
        case .closeID(let id):
            guard let i = model.tabs.firstIndex(where: { Self.id($0) == id }) else { return GridStepOutcome() }
            model.close(at: i)
            return GridStepOutcome(update: .batch(deletes: [i], inserts: [], moves: []))
        case let .setTitle(id, title):
            guard let i = model.tabs.firstIndex(where: { Self.id($0) == id }) else { return GridStepOutcome() }
            model.retitle(i, title)
            return GridStepOutcome(update: .reloadItems([i]))
        case .select(let i):
            guard inRange(i) else { return GridStepOutcome(rejected: "indexOutOfRange") }
            model.select(i)
            return GridStepOutcome()
        default:
            return GridStepOutcome()   // not declared: never drawn
        }
    }

    public func observe() -> GridObservation {
        var o = GridObservation()
        o.tabIDs = model.tabs.map(Self.id)
        o.titles = model.tabs.map(\.title)
        o.displayed = o.tabIDs
        o.active = model.current.map { o.tabIDs[$0] }
        o.closeAllEnabled = !o.tabIDs.isEmpty
        return o
    }

    public func enterBackground() async { await model.didEnterBackground() }

    public func relaunched() async -> BrowserTabsDriver? {
        let next = BrowserTabsDriver(disk: model.store.disk, mistake: model.mistake)
        await next.model.launch()
        return next
    }
}
