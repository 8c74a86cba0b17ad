import Foundation
import Generators
import ReferenceModel

/// Drives the naive `ReferenceGrid`.
package struct ReferenceDriver: AgreeingDriver {
    package var grid: ReferenceGrid
    /// The last save, written out as a file only when a restore or round trip reads it.
    var saved: ReferenceGrid.SavedSession?

    package init(viewport: ViewportSpec) {
        self.init(viewport: viewport, policy: .spec)
    }

    /// The reference under a policy (`Policy.spec`: SPEC.md as written).
    package init(viewport: ViewportSpec, policy: Policy) {
        grid = ReferenceGrid(viewport: Self.viewport(viewport), policy: policy)
        grid.settle()
    }

    package static func viewport(_ v: ViewportSpec) -> RefViewport {
        RefViewport(width: v.width, height: v.height, safeLeft: v.safeLeft, safeRight: v.safeRight, safeTop: v.safeTop, safeBottom: v.safeBottom)
    }

    package mutating func apply(_ action: Action) -> StepOutcome {
        // D3: the displayed tabs' titles before a title change or a restore (`reconfigured`).
        let shownBefore: [String: String]? = Self.isRestore(action) ? Self.shownTitles(grid) : nil
        var retitled: RefTab?
        if case .setTitle(let id, _) = action { retitled = grid.tabs.first { $0.id == id } }
        var r: RefOutcome
        switch action {
        case .willAppear: r = grid.willAppear()
        case .newTab: r = grid.newTab()
        case .newBackgroundTab: r = grid.newBackgroundTab()
        case .closeDisplayed(let i): r = grid.closeDisplayed(i)
        case .closeID(let id): r = grid.closeByID(id)
        case .closeAll: r = grid.closeAll()
        case .setQuery(let q): r = grid.setQuery(q)
        case .beginSearch: r = grid.beginSearch()
        case .endSearch: r = grid.endSearch()
        case .cancelSearch: r = grid.cancelSearch()
        case let .setTitle(id, title): r = grid.setTitle(title, id: id)
        case let .move(f, t): r = grid.move(f, t)
        case let .reorder(f, t):
            // D5: F9's move, heard after the view made it — nothing left to animate.
            r = grid.move(f, t)
            r.update = .none
        case .select(let i): r = grid.select(i)
        case .reopen: r = grid.reopen()
        case .setViewport(let v): r = grid.setViewport(Self.viewport(v))
        case let .swipeBegan(i, vx, vy): r = grid.swipeBegan(i, vx: vx, vy: vy)
        case .swipeChanged(let tx): r = grid.swipeChanged(tx)
        case let .swipeEnded(tx, vx): r = grid.swipeEnded(tx, vx: vx)
        case .swipeCancelled: r = grid.swipeCancelled()
        case .tapClose(let i): r = grid.tapClose(i)
        case .flyAwayFinished(let id): r = grid.flyAwayFinished(id)
        case .save: saved = grid.saving(); r = RefOutcome()
        case .restoreSaved:
            guard let saved else { return StepOutcome() }
            r = grid.restore(saved)
        case .restoreData(let text): r = grid.restore(Data(text.utf8))
        case .beginMove(let i): r = grid.beginMove(i)
        case .updateMove(let j): r = grid.updateMove(j)
        case .endMove: r = grid.endMove()
        case .cancelMove: r = grid.cancelMove()
        // S: the schedule's steps change nothing the user sees; a relaunch was adopted before
        // this call (`relaunch(as:)`), and sends what a restore sends.
        case .runJobs, .advanceClock, .settle, .background: r = RefOutcome()
        case .relaunch:
            // As an implementation, its storage is perfect: it relaunches with what it shows (as an
            // oracle it has just adopted the implementation's restore, so this changes nothing).
            relaunch(as: observe())
            r = RefOutcome(update: .reload, closeAllEnabled: grid.closeAllEnabled)
        }
        if grid.movement != nil {
            switch action {
            case .restoreSaved, .restoreData: if r.rejected == nil { grid.movement = nil }
            case .willAppear, .newTab, .closeDisplayed, .closeID, .closeAll, .setQuery, .beginSearch, .endSearch,
                 .cancelSearch, .setTitle, .move, .select, .reopen, .setViewport, .swipeBegan, .swipeChanged,
                 .swipeEnded, .swipeCancelled, .tapClose, .flyAwayFinished, .save, .reorder, .beginMove, .updateMove,
                 .endMove, .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch: grid.endMovementIfHidden()
            }
        }
        grid.settle()   // one filtering for every read of this state: observe, agrees, the next event
        // D3: the tabs displayed before and after whose title changed.
        var reconfigured: [String]?   // nil: nothing reconfigured (D3), and no array for the steps that retitle nothing
        if let before = shownBefore {
            let after = Self.shownTitles(grid)
            reconfigured = grid.displayedIDs.filter { id in before[id].map { $0 != after[id] } ?? false }
        } else if let was = retitled, let now = grid.tabs.first(where: { $0.id == was.id }), now.title != was.title, grid.shows(was), grid.shows(now) {
            reconfigured = [now.id]   // the query is the same: shown before iff its old title matched
        }
        // Made where it is returned (built aside and copied, it cost a copy and a destruction a step).
        return StepOutcome(rejected: r.rejected, update: r.update, closeAllSent: r.closeAllEnabled, flyAwayDuration: r.flyAwayDuration,
                           reconfigured: reconfigured)
    }

    /// S2: the app relaunched, as the implementation restored it — a fresh reference holding its
    /// tabs and active tab (`lifecycle` judges whether those are a state the user saw).
    package mutating func relaunch(as restored: Observation) {
        grid = ReferenceGrid(viewport: grid.viewport, policy: grid.policy)
        grid.relaunch(tabs: restored.tabIDs, titles: restored.titles, active: restored.active)
        grid.settle()
    }

    static func isRestore(_ action: Action) -> Bool {
        switch action {
        case .restoreSaved, .restoreData: return true
        case .willAppear, .newTab, .closeDisplayed, .closeID, .closeAll, .setQuery, .beginSearch, .endSearch,
             .cancelSearch, .setTitle, .move, .select, .reopen, .setViewport, .swipeBegan, .swipeChanged,
             .swipeEnded, .swipeCancelled, .tapClose, .flyAwayFinished, .save, .reorder, .beginMove, .updateMove,
             .endMove, .cancelMove, .newBackgroundTab, .runJobs, .advanceClock, .settle, .background, .relaunch: return false
        }
    }

    /// The displayed tabs' titles, by id. O(n).
    static func shownTitles(_ g: ReferenceGrid) -> [String: String] {
        let shown = Set(g.displayedIDs)
        var titles: [String: String] = [:]
        for t in g.tabs where shown.contains(t.id) { titles[t.id] = t.title }
        return titles
    }

    package func observe() -> Observation { Self.observe(grid) }

    static func observe(_ g: ReferenceGrid) -> Observation {
        let displayed = g.displayedIDs
        return Observation(tabIDs: g.tabs.map(\.id), titles: g.tabs.map(\.title), displayed: displayed, query: g.query,
                           active: g.active, cancelVisible: g.cancelVisible, closeAllEnabled: g.closeAllEnabled,
                           swipeHolder: g.swipe.holder, moving: g.movement.map { ($0.tab, $0.target) }, swipeOffset: g.swipe.offset,
                           swipeScale: g.swipe.scale, swipeAbove: g.swipe.above, scrollEnabled: g.swipe.scrollEnabled,
                           pending: g.pending, layout: Observation.Layout(RefLayout.compute(g.viewport, displayedCount: displayed.count)),
                           closedCount: g.closedEntries.count, newestClosed: g.closedEntries.last?.map(\.tab.id) ?? [])
    }

    /// `observe() == o`, field by field in the order of `Observation ==`, read from the
    /// grid's plain arrays (the displayed ids filtered afresh) without building the
    /// observation's arrays. Strings both models got from the same action share storage, so
    /// most string comparisons here are a pointer comparison.
    package func agrees(with o: Observation) -> Bool {
        let g = grid
        guard g.tabs.count == o.tabIDs.count && g.tabs.count == o.titles.count else { return false }
        for i in g.tabs.indices where g.tabs[i].id != o.tabIDs[i] || g.tabs[i].title != o.titles[i] { return false }
        let displayed = g.displayedIDs
        guard displayed == o.displayed, g.query == o.query, g.active == o.active, g.cancelVisible == o.cancelVisible,
              g.closeAllEnabled == o.closeAllEnabled, g.swipe.holder == o.swipeHolder,
              sameValue(g.swipe.offset, o.swipeOffset), sameValue(g.swipe.scale, o.swipeScale),
              g.swipe.above == o.swipeAbove, g.swipe.scrollEnabled == o.scrollEnabled, g.pending == o.pending else { return false }
        guard Observation.Layout(RefLayout.compute(g.viewport, displayedCount: displayed.count)) == o.layout,
              g.closedEntries.count == o.closedCount, g.movement?.tab == o.moving?.tab, g.movement?.target == o.moving?.target else { return false }
        let newest = g.closedEntries.last ?? []
        guard newest.count == o.newestClosed.count else { return false }
        for i in newest.indices where newest[i].tab.id != o.newestClosed[i] { return false }
        return true
    }

    package func roundTrip() -> Result<Observation, RoundTripError>? {
        guard let saved else { return nil }
        var fresh = ReferenceGrid(viewport: grid.viewport, policy: grid.policy)
        let r = fresh.restore(saved.encoded())
        if let why = r.rejected { return .failure(RoundTripError(message: why)) }
        return .success(Self.observe(fresh))
    }
}
