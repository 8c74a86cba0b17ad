import TabGridCore

/// The tutorial's app driven by the checker's actions: each action is the UI event the
/// tutorial handles (a toolbar button, a search bar delegate call, a cell's close button or
/// pan gesture, an animation finishing, a rotation), and each observation reads what the
/// view-model and the views hold. Declares only what the tutorial implements: no active
/// tab, no reopen, no sessions, no title changes, no move, no close by id.
public struct TutorialDriver: CheckableGridDriver {
    public static var capabilities: Set<GridCapability> { [.filter, .searchBar, .closeAll, .layout, .swipes, .flyAway] }
    public static var name: String { "tutorial" }

    let app: App

    public init(viewport: GridViewport) { app = App(viewport: viewport, fixes: []) }
    init(viewport: GridViewport, fixes: Fixes, feed: TabCollectionVC.Feed = .batchUpdates) {
        app = App(viewport: viewport, fixes: fixes, feed: feed)
    }

    public mutating func apply(_ action: GridAction) -> GridStepOutcome { app.apply(action) }
    public func observe() -> GridObservation { app.observe() }
    public func roundTrip() -> Result<GridObservation, GridRoundTripError>? { nil }
}

/// The tutorial's app with every fix of docs/tutorial-findings.md applied.
public struct FixedTutorialDriver: CheckableGridDriver {
    public static var capabilities: Set<GridCapability> { TutorialDriver.capabilities }
    public static var name: String { "tutorial-fixed" }

    let app: App

    public init(viewport: GridViewport) { app = App(viewport: viewport, fixes: .all) }
    public mutating func apply(_ action: GridAction) -> GridStepOutcome { app.apply(action) }
    public func observe() -> GridObservation { app.observe() }
    public func roundTrip() -> Result<GridObservation, GridRoundTripError>? { nil }
}

/// The diffable variant of the tutorial's view controller (#37): the same view-model, feeding
/// a diffable data source whose `reorderingHandlers` let the user drag any tab. As published,
/// `didReorder` has nothing to call: the tutorial's view-model cannot reorder.
public struct TutorialDiffableDriver: CheckableGridDriver {
    public static var capabilities: Set<GridCapability> { TutorialDriver.capabilities.union([.diffable]) }
    public static var name: String { "tutorial-diffable" }

    let app: App

    public init(viewport: GridViewport) { app = App(viewport: viewport, fixes: [], feed: .diffable) }
    public mutating func apply(_ action: GridAction) -> GridStepOutcome { app.apply(action) }
    public func observe() -> GridObservation { app.observe() }
    public func roundTrip() -> Result<GridObservation, GridRoundTripError>? { nil }
}

/// The diffable variant with every fix, and `didReorder` followed by the view-model (D5).
public struct FixedTutorialDiffableDriver: CheckableGridDriver {
    public static var capabilities: Set<GridCapability> { TutorialDiffableDriver.capabilities }
    public static var name: String { "tutorial-diffable-fixed" }

    let app: App

    public init(viewport: GridViewport) { app = App(viewport: viewport, fixes: Fixes.all.union(.followReorder), feed: .diffable) }
    public mutating func apply(_ action: GridAction) -> GridStepOutcome { app.apply(action) }
    public func observe() -> GridObservation { app.observe() }
    public func roundTrip() -> Result<GridObservation, GridRoundTripError>? { nil }
}

extension GridDriverFactory {
    /// The tutorial with fixes `fixes` applied ([]: as published), feeding batch updates or,
    /// with `diffable`, a diffable data source (#37).
    public static func tutorial(fixes: Fixes, name: String? = nil, diffable: Bool = false) -> GridDriverFactory {
        let capabilities = diffable ? TutorialDiffableDriver.capabilities : TutorialDriver.capabilities
        let feed: TabCollectionVC.Feed = diffable ? .diffable : .batchUpdates
        var f = GridDriverFactory(name: name ?? "tutorial+\(fixes.rawValue)", summary: "the tutorial's view-model with fixes \(fixes.rawValue)",
                              capabilities: capabilities) { TutorialDriver(viewport: $0, fixes: fixes, feed: feed) }
        // Its parameters, so GridCheck can make it again in the fresh process it runs in.
        f.recipe = .value(TutorialRecipe(fixes: fixes.rawValue, name: f.name, diffable: diffable))
        return f
    }
}

/// `GridDriverFactory.tutorial(fixes:name:diffable:)`'s parameters, as a value.
struct TutorialRecipe: GridFactoryRecipe {
    var fixes: Int
    var name: String
    var diffable = false
    func factory() -> GridDriverFactory { .tutorial(fixes: Fixes(rawValue: fixes), name: name, diffable: diffable) }
}

extension GridDriverFactory {
    public static let tutorialDrivers: [GridDriverFactory] = [
        GridDriverFactory(TutorialDriver.self, summary: "the tutorial's view-model as published (Examples/TutorialGrid)"),
        GridDriverFactory(FixedTutorialDriver.self, summary: "the tutorial's view-model with every fix applied"),
        GridDriverFactory(TutorialDiffableDriver.self, summary: "the tutorial's view-model under a diffable data source with reordering (#37)"),
        GridDriverFactory(FixedTutorialDiffableDriver.self, summary: "the diffable variant with every fix, the drag followed by the view-model"),
    ]
}

/// One running app: the view controller, its view-model, its views. A class, so copies of
/// a driver share it, as the runner expects of a driver's model.
final class App {
    let vc: TabCollectionVC
    /// Checker ids (t1, t2, … in creation order) for the tutorial's UUIDs.
    private var ids: [String: String] = [:]
    /// Fly-aways started and not finished: the tab id the checker knows them by, the cell.
    private var pending: [(id: String, cell: TabCell)] = []
    /// The cell whose pan gesture is in progress.
    private var gesture: TabCell?
    private var crashed: String?

    init(viewport: GridViewport, fixes: Fixes, feed: TabCollectionVC.Feed = .batchUpdates) {
        vc = TabCollectionVC(fixes: fixes, feed: feed)
        setViewport(viewport)
    }

    func id(_ tab: Tab) -> String {
        if let known = ids[tab.id] { return known }
        let made = "t\(ids.count + 1)"
        ids[tab.id] = made
        return made
    }

    func setViewport(_ v: GridViewport) {
        vc.collectionView.bounds = (v.width, v.height)
        vc.collectionView.safeAreaInsets = (v.safeLeft, v.safeRight, v.safeTop, v.safeBottom)
    }

    /// Lays the cells out (frame.minX, width), as the flow layout would, for `flyLeft`.
    func layoutCells() {
        guard let size = vc.sizeForItem() else {
            // The minimum-width fix shows no items when even one column has no room.
            for cell in vc.collectionView.cells { cell.frame = (0, 0) }
            return
        }
        let insets = vc.insetForSection()
        let available = vc.collectionView.bounds.width - insets.left - insets.right
        var x = 0.0
        for cell in vc.collectionView.cells {
            if x > 0 && x + size.width > available + 1e-6 { x = 0 }
            cell.frame = (insets.left + x, size.width)
            x += size.width + 10
        }
    }

    func apply(_ action: GridAction) -> GridStepOutcome {
        if let crashed { return .crash("the app already crashed: \(crashed)") }
        let cv = vc.collectionView
        cv.recorded = []
        vc.closeAllStatesSent = []
        layoutCells()
        var duration: Double?
        func cell(_ i: Int) -> TabCell? { cv.cellForItem(at: i) }
        switch action {
        case .willAppear: vc.viewWillAppear()
        case .newTab: vc.createNewTabButtonPressed()
        case .closeDisplayed(let i):
            // Chapter 7, step 2: the close button deletes the cell at once.
            guard let c = cell(i) else { return GridStepOutcome(rejected: "indexOutOfRange") }
            vc.delete(cell: c)
        case .closeAll: vc.closeAllTabsButtonPressed()
        case .setQuery(let q):
            vc.filterTabsSearchBar.text = q
            vc.vm.searchBar(vc.filterTabsSearchBar, textDidChange: q)
        case .beginSearch: vc.filterTabsSearchBar.becomeFirstResponder()
        case .endSearch: vc.filterTabsSearchBar.resignFirstResponder()
        case .cancelSearch: vc.vm.searchBarCancelButtonClicked(vc.filterTabsSearchBar)
        case .setViewport(let v): setViewport(v)           // viewWillTransition: invalidateLayout
        case let .swipeBegan(i, vx, vy):
            guard let c = cell(i) else { return GridStepOutcome(rejected: "indexOutOfRange") }
            // A cell's pan recognizer cannot begin again while its own gesture is in
            // progress (a second finger on it joins that gesture): UIKit sends nothing.
            if gesture === c { break }
            if gesture == nil { gesture = c }
            duration = c.handleGestureProgress(state: .began, translationX: 0, velocityX: vx, velocityY: vy)
            if gesture === c && !c.isSwiping { gesture = nil }     // cancelled at once: no gesture in progress
            if let d = duration, let tab = c.tab { pending.append((id(tab), c)); return finish(flyAway: d) }
        case .swipeChanged(let tx):
            _ = gesture?.handleGestureProgress(state: .changed, translationX: tx, velocityX: 0)
        case let .swipeEnded(tx, vx):
            if let g = gesture {
                gesture = nil
                let shown = g.tab
                duration = g.handleGestureProgress(state: .ended, translationX: tx, velocityX: vx)
                if duration != nil, let tab = shown { pending.append((id(tab), g)) }
            }
        case .swipeCancelled:
            if let g = gesture {
                gesture = nil
                let shown = g.tab
                duration = g.handleGestureProgress(state: .cancelled, translationX: g.lastTranslationX, velocityX: 0)
                if duration != nil, let tab = shown { pending.append((id(tab), g)) }
            }
        case .tapClose(let i):
            guard let c = cell(i) else { return GridStepOutcome(rejected: "indexOutOfRange") }
            duration = c.closeButtonTapped()
            if duration != nil, let tab = c.tab { pending.append((id(tab), c)) }
        case .flyAwayFinished(let tabID):
            if let k = pending.firstIndex(where: { $0.id == tabID }) {
                let c = pending.remove(at: k).cell
                c.finishFlyLeft()
            }
        case let .reorder(from, to) where vc.dataSource != nil:
            // The user's drag: the data source and its cells move first, then `didReorder`.
            guard cell(from) != nil, cell(to) != nil else { return GridStepOutcome(rejected: "indexOutOfRange") }
            _ = vc.dataSource?.userDragged(from: from, to: to)
        default:
            // Not declared (ids, titles, moves, sessions, the app's life…): the checker never
            // sends these. `default` keeps this switch compiling when TabGrid adds an action.
            return .crash("the tutorial has no \(action.kind) (not a declared capability)")
        }
        return finish(flyAway: duration)
    }

    private func finish(flyAway duration: Double?) -> GridStepOutcome {
        let cv = vc.collectionView
        // With the lock fix, a cell that stopped showing its tab ended its gesture.
        if vc.fixes.contains(.releaseLockWithCell), let g = gesture, !g.isSwiping { gesture = nil }
        if let why = vc.trapped ?? cv.exception {
            crashed = why
            return .crash(why)
        }
        let update: GridViewUpdate
        switch cv.recorded.count {
        case 0: update = .none
        case 1: update = cv.recorded[0]
        default: update = cv.recorded.contains(.reload) ? .reload : cv.recorded.last!
        }
        return GridStepOutcome(update: update, closeAllSent: vc.closeAllStatesSent.last, flyAwayDuration: duration)
    }

    func observe() -> GridObservation {
        var o = GridObservation()
        let tabs = vc.vm.tabs
        o.tabIDs = tabs.map(id)
        o.titles = tabs.map(\.title)
        o.displayed = vc.vm.filteredTabs.map(id)
        o.query = vc.vm.filterQuery
        o.cancelVisible = vc.filterTabsSearchBar.showsCancelButton
        o.closeAllEnabled = !tabs.isEmpty
        if vc.lock.someCellIsSwiping, let holder = vc.lock.holder {
            o.swipeHolder = holder.tab.map(id)
            o.swipeOffset = holder.dragged.tx
            o.swipeScale = holder.dragged.scale
            o.swipeAbove = holder.zPosition == 1
        }
        o.scrollEnabled = vc.collectionView.isScrollEnabled
        // Fly-aways whose completion will still act. With the identity fix, a completion
        // for a tab that is no longer open does nothing, so it is no longer pending.
        let open = Set(o.tabIDs)
        o.pending = pending.map(\.id).filter { !vc.fixes.contains(.completeByIdentity) || open.contains($0) }
            .reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        let insets = vc.insetForSection()
        if let size = vc.sizeForItem() {
            o.layout = .init(tooSmall: false, columns: size.rowItemCount, itemWidth: size.width, itemHeight: size.height,
                             insetTop: insets.top, insetLeft: insets.left, insetBottom: insets.bottom, insetRight: insets.right)
        } else {
            o.layout = .init(tooSmall: true)
        }
        return o
    }
}
