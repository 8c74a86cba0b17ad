import Observation
import TabGridCore

/// `Tabs` as the checker drives it. It declares only what the model has: titles, close by
/// id, Close All, moves and the current tab — no filter, swipes, reopen, sessions or layout,
/// so those actions are never drawn and the properties about them are skipped (and named).
public struct TabsDriver: CheckableGridDriver {
    public static var capabilities: Set<GridCapability> { [.titles, .closeByID, .closeAll, .move, .activeTab] }
    public static var name: String { "blank-tab" }

    public let model: Tabs
    public init(viewport: GridViewport) { model = Tabs() }
    public init(mistake: Tabs.Mistake) { model = Tabs(mistake: mistake) }

    /// Tabs are "t1", "t2", … in the order they were made, as the checker names them.
    static func id(_ tab: Tabs.Tab) -> String { "t\(tab.number)" }
    func index(of id: String) -> Int? { model.tabs.firstIndex { Self.id($0) == id } }

    public mutating func apply(_ action: GridAction) -> GridStepOutcome {
        let count = model.tabs.count
        func inRange(_ i: Int) -> Bool { (0..<count).contains(i) }
        switch action {
        case .willAppear:
            return GridStepOutcome(closeAllSent: !model.tabs.isEmpty)
        case .newTab:
            model.add()
            return GridStepOutcome(update: .batch(deletes: [], inserts: [count], moves: []), closeAllSent: true)
        case .closeDisplayed(let i):
            return inRange(i) ? close(i) : GridStepOutcome(rejected: "indexOutOfRange")
        case .closeID(let id):
            return index(of: id).map(close) ?? GridStepOutcome()
        case .closeAll:
            model.clear()
            return GridStepOutcome(update: .reload, closeAllSent: !model.tabs.isEmpty)
        case let .setTitle(id, title):
            guard let i = index(of: id) else { return GridStepOutcome() }
            model.retitle(i, title)
            return GridStepOutcome(update: .reloadItems([i]))
        case let .move(from, to):
            guard inRange(from), inRange(to) else { return GridStepOutcome(rejected: "indexOutOfRange") }
            guard from != to else { return GridStepOutcome() }
            model.move(from: from, to: to)
            return GridStepOutcome(update: .batch(deletes: [], inserts: [], moves: [(from: from, to: to)]))
        case .select(let i):
            guard inRange(i) else { return GridStepOutcome(rejected: "indexOutOfRange") }
            model.select(i)
            return GridStepOutcome()
        default:
            return GridStepOutcome()   // not declared: never drawn
        }
    }

    func close(_ i: Int) -> GridStepOutcome {
        let before = model.tabs.count
        model.close(at: i)
        let reopened = before == 1 && !model.tabs.isEmpty   // the blank tab that takes the last one's place
        return GridStepOutcome(update: .batch(deletes: [i], inserts: reopened ? [0] : [], moves: []), closeAllSent: !model.tabs.isEmpty)
    }

    public func observe() -> GridObservation {
        var o = GridObservation()
        o.tabIDs = model.tabs.map(Self.id)
        o.titles = model.tabs.map(\.title)
        o.displayed = o.tabIDs
        o.active = o.tabIDs.indices.contains(model.current) ? o.tabIDs[model.current] : nil
        o.closeAllEnabled = !o.tabIDs.isEmpty
        return o
    }

    public func roundTrip() -> Result<GridObservation, GridRoundTripError>? { nil }
}

/// This app's own rule, beyond what its policy says: the tab list is never empty. (Codable,
/// so `GridCheck` can carry it into the fresh process its campaign runs in.)
public struct NeverEmpty: GridStepProperty, Codable {
    public static let name = GridPropertyName("neverEmpty")
    public var rules: [String] { ["F5"] }
    public var needs: Set<GridCapability> { [] }
    public init() {}
    public func check(_ step: GridStepFacts, _ pre: GridObservation, _ post: GridObservation) -> GridViolation? {
        post.tabIDs.isEmpty ? GridViolation(Self.name, "F5", "the tab list is empty after \(step.action)") : nil
    }
}

/// The app's own view-model, written as iOS view-models are today (`@Observable`), in the
/// same file as the driver: TabGridCore's names (`Grid…`) leave Apple's `Observation` module
/// and the app's own `Action` and `Policy` alone.
@Observable public final class TabsViewModel {
    public private(set) var titles: [String] = []
    public private(set) var current: Int?
    let tabs = Tabs()
    public init() { refresh() }

    /// The app's reducer step, in the app's own vocabulary.
    public func send(_ action: Action) {
        switch action {
        case .add: tabs.add()
        case .close(let i): if tabs.tabs.indices.contains(i) { tabs.close(at: i) }
        case .clear: tabs.clear()
        }
        refresh()
    }

    func refresh() { titles = tabs.tabs.map(\.title); current = tabs.current }
}
