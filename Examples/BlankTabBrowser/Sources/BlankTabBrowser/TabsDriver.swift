import Checker

/// `Tabs` as the checker drives it. It declares only what the model has: titles, close by
/// id, Close All, moves and the current tab — no filter, swipes, reopen, sessions or layout,
/// so those actions are never drawn and the properties about them are skipped (and named).
public struct TabsDriver: CheckableDriver {
    public static var capabilities: Set<Capability> { [.titles, .closeByID, .closeAll, .move, .activeTab] }
    public static var name: String { "blank-tab" }

    public let model: Tabs
    public init(viewport: ViewportSpec) { model = Tabs() }
    public init(mistake: Tabs.Mistake) { model = Tabs(mistake: mistake) }

    /// Tabs are "t1", "t2", … in the order they were made, as the checker names them.
    static func id(_ tab: Tabs.Tab) -> String { "t\(tab.number)" }
    func index(of id: String) -> Int? { model.tabs.firstIndex { Self.id($0) == id } }

    public mutating func apply(_ action: Action) -> StepOutcome {
        let count = model.tabs.count
        func inRange(_ i: Int) -> Bool { (0..<count).contains(i) }
        switch action {
        case .willAppear:
            return StepOutcome(closeAllSent: !model.tabs.isEmpty)
        case .newTab:
            model.add()
            return StepOutcome(update: .batch(deletes: [], inserts: [count], moves: []), closeAllSent: true)
        case .closeDisplayed(let i):
            return inRange(i) ? close(i) : StepOutcome(rejected: "indexOutOfRange")
        case .closeID(let id):
            return index(of: id).map(close) ?? StepOutcome()
        case .closeAll:
            model.clear()
            return StepOutcome(update: .reload, closeAllSent: !model.tabs.isEmpty)
        case let .setTitle(id, title):
            guard let i = index(of: id) else { return StepOutcome() }
            model.retitle(i, title)
            return StepOutcome(update: .reloadItems([i]))
        case let .move(from, to):
            guard inRange(from), inRange(to) else { return StepOutcome(rejected: "indexOutOfRange") }
            guard from != to else { return StepOutcome() }
            model.move(from: from, to: to)
            return StepOutcome(update: .batch(deletes: [], inserts: [], moves: [(from: from, to: to)]))
        case .select(let i):
            guard inRange(i) else { return StepOutcome(rejected: "indexOutOfRange") }
            model.select(i)
            return StepOutcome()
        default:
            return StepOutcome()   // not declared: never drawn
        }
    }

    func close(_ i: Int) -> StepOutcome {
        let before = model.tabs.count
        model.close(at: i)
        let reopened = before == 1 && !model.tabs.isEmpty   // the blank tab that takes the last one's place
        return StepOutcome(update: .batch(deletes: [i], inserts: reopened ? [0] : [], moves: []), closeAllSent: !model.tabs.isEmpty)
    }

    public func observe() -> Observation {
        var o = Observation()
        o.tabIDs = model.tabs.map(Self.id)
        o.titles = model.tabs.map(\.title)
        o.displayed = o.tabIDs
        o.active = o.tabIDs.indices.contains(model.current) ? o.tabIDs[model.current] : nil
        o.closeAllEnabled = !o.tabIDs.isEmpty
        return o
    }

    public func roundTrip() -> Result<Observation, RoundTripError>? { nil }
}

/// This app's own rule, beyond what its policy says: the tab list is never empty. (Codable,
/// so `GridCheck` can carry it into the fresh process its campaign runs in.)
public struct NeverEmpty: StepProperty, Codable {
    public static let name = Property("neverEmpty")
    public var rules: [String] { ["F5"] }
    public var needs: Set<Capability> { [] }
    public init() {}
    public func check(_ step: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        post.tabIDs.isEmpty ? Violation(Self.name, "F5", "the tab list is empty after \(step.action)") : nil
    }
}
