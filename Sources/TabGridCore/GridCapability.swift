/// What a driver's view-model implements, beyond the core every driver has (new tab, close
/// the displayed item at an index, the tabs and the displayed mapping). A driver declares
/// its capabilities; a run draws only actions both drivers support, compares only what
/// both show, and skips — and names as skipped — the properties that need a missing one.
public enum GridCapability: String, CaseIterable, Sendable, Codable, Comparable {
    /// The search filter: a query that selects the displayed tabs (F1, F6).
    case filter
    /// The search bar's editing: begin, end and cancel, and its Cancel button (F7). Not
    /// every filtering model has one (a filter field without Cancel, a menu search).
    case searchBar
    /// Page titles change (F8).
    case titles
    /// Close a tab by identity (F4).
    case closeByID
    /// Close All and its button state (F5, B1, B2).
    case closeAll
    /// Reorder (F9).
    case move
    /// The active tab: select, and which tab is active (A1–A4).
    case activeTab
    /// Reopen closed tabs (U1–U3).
    case reopen
    /// Viewports and the grid layout (L1–L7; under `GridPolicy.gridColumns = .anyFitting`, only
    /// what every grid must have).
    case layout
    /// Swipe to delete: the gesture, its lock, its offset (G1–G5).
    case swipes
    /// The close button's deferred deletion and fly-away completions (G6).
    case flyAway
    /// Save and restore sessions (P1–P5).
    case sessions
    /// Feeds a diffable data source: a snapshot of item identifiers after every event, the
    /// identifiers to reconfigure, and the user's reorder heard after the view made it (D1–D5).
    case diffable
    /// The user's interactive movement: a long press, drags, a drop or a cancel (D4).
    case interactiveMovement
    /// New tabs opened in the background: after the active tab, not activated (F11). Declared
    /// on top of `all`: a model without it is never sent one.
    case backgroundTabs
    /// Not a feature but a declaration: the model takes displayed indices as a precondition, as
    /// most real models do (they trap, or silently ignore one out of range; the app never sends
    /// one). The generator then draws only valid indices (no index-taking action on an empty
    /// grid), and an out-of-range index that comes anyway (a replay, fuzzer bytes) may be
    /// ignored silently — the model's outcome unrejected, its update none, its state unchanged —
    /// as well as rejected. Declared on top of `all`; the reference does not declare it.
    case indicesArePreconditions
    /// The app's life and the model's asynchronous work (S1–S3): pending jobs run by the
    /// schedule, a test clock, backgrounding and a kill followed by a relaunch from storage.
    /// What a `MainActorGridDriver` with a store declares (`enterBackground`, `relaunched`).
    /// Declared on top of `all`.
    case appLifecycle

    public static func < (a: GridCapability, b: GridCapability) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// Every capability of a grid fed by batch updates — the default a driver declares.
    /// `.diffable` and `.interactiveMovement` are not among them: a driver that has them
    /// declares them on top (`withDiffable`), so a driver written before they came is not
    /// judged by D1–D5.
    public static let all = Set(allCases).subtracting([.diffable, .interactiveMovement, .backgroundTabs, .indicesArePreconditions, .appLifecycle])
    /// `all`, the diffable data source and the interactive movement (decisions.md, Behaviour, D): what a driver of
    /// either newer part declares.
    public static let withDiffable = all.union([.diffable, .interactiveMovement])
    /// Every feature a driver may declare: what the reference implements.
    public static let allFeatures = withDiffable.union([.backgroundTabs, .appLifecycle])

    /// The capability a rule is about (nil: the core every driver has — F2, F3, F10), as
    /// the cases above document it.
    package static func governing(_ rule: String) -> GridCapability? {
        switch rule {
        case "F1", "F6": return .filter
        case "F7": return .searchBar
        case "F8": return .titles
        case "F4": return .closeByID
        case "F5", "B1", "B2": return .closeAll
        case "F9": return .move
        case "G6": return .flyAway
        case "D1", "D2", "D3", "D5": return .diffable
        case "D4": return .interactiveMovement
        case "F11": return .backgroundTabs
        default: break
        }
        switch rule.first {
        case "A": return .activeTab
        case "U": return .reopen
        case "L": return .layout
        case "G": return .swipes
        case "P": return .sessions
        case "S": return .appLifecycle
        default: return nil
        }
    }

    /// Whether drivers with `capabilities` implement `rule` (coverage counts only those).
    package static func implements(_ rule: String, _ capabilities: Set<GridCapability>) -> Bool {
        governing(rule).map(capabilities.contains) ?? true
    }

    /// What an action kind needs; nil for the core.
    package static func needed(by kind: GridActionKind) -> GridCapability? {
        switch kind {
        case .newTab, .closeDisplayed: return nil
        case .willAppear, .closeAll: return .closeAll
        case .closeID: return .closeByID
        case .setQuery: return .filter
        case .search: return .searchBar
        case .setTitle: return .titles
        case .move: return .move
        case .select: return .activeTab
        case .reopen: return .reopen
        case .setViewport: return .layout
        case .swipeBegan, .swipeChanged, .swipeEnded: return .swipes
        case .tapClose, .flyAwayFinished: return .flyAway
        case .save, .restoreData: return .sessions
        case .reorder: return .diffable
        case .interactiveMove: return .interactiveMovement
        case .newBackgroundTab: return .backgroundTabs
        case .runJobs, .advanceClock, .settle, .background, .relaunch: return .appLifecycle
        }
    }

}

extension GridActionKind {
    /// The kinds a capability on top of `GridCapability.all` enables: left out of a run's draws
    /// (before any choice) when no driver of it has them, so older runs keep their choices.
    package static let declaredOnTop = allCases.filter { GridCapability.needed(by: $0).map { !GridCapability.all.contains($0) } ?? false }
}

extension Set where Element == GridCapability {
    package func allows(_ kind: GridActionKind) -> Bool { GridCapability.needed(by: kind).map(contains) ?? true }
    package func allows(_ action: GridAction) -> Bool { allows(action.kind) }
    /// The actions of a fixed sequence that drivers with these capabilities declare (all of
    /// them, unfiltered, when every feature is declared).
    package func keeping(_ actions: [GridAction]) -> [GridAction] {
        isSuperset(of: GridCapability.allFeatures) ? actions : actions.filter(allows)
    }

    /// "filter, swipes" — for reports.
    package var names: String { sorted().map(\.rawValue).joined(separator: ", ") }
}

extension GridObservation {
    /// This observation with every field outside `capabilities` at its default, so two
    /// drivers are compared only on what both implement.
    package func masked(to capabilities: Set<GridCapability>) -> GridObservation {
        var o = self
        let blank = GridObservation()
        if !capabilities.contains(.filter) { o.query = blank.query }
        if !capabilities.contains(.searchBar) { o.cancelVisible = blank.cancelVisible }
        if !capabilities.contains(.closeAll) { o.closeAllEnabled = blank.closeAllEnabled }
        if !capabilities.contains(.activeTab) { o.active = blank.active }
        if !capabilities.contains(.layout) { o.layout = blank.layout }
        if !capabilities.contains(.swipes) {
            o.swipeHolder = blank.swipeHolder; o.swipeOffset = blank.swipeOffset; o.swipeScale = blank.swipeScale
            o.swipeAbove = blank.swipeAbove; o.scrollEnabled = blank.scrollEnabled
        }
        if !capabilities.contains(.flyAway) && !capabilities.contains(.swipes) { o.pending = blank.pending }
        if !capabilities.contains(.reopen) { o.closedCount = blank.closedCount; o.newestClosed = blank.newestClosed }
        if !capabilities.contains(.interactiveMovement) { o.moving = nil }
        return o
    }
}
