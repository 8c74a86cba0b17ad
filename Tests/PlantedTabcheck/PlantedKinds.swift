import Checker
import Foundation
import Generators
import ProductionDriver
import ReferenceModel

/// One planted bug per kind of failure the report must explain (scripts/report-check.sh,
/// decisions.md, Reports): a reorder, a layout, a swipe, a session, a reopen, a stale filter,
/// a failed restore, a model that starts in the wrong state, and drivers that implement little.
struct PlantedKind: GridDriver {
    enum Bug {
        case ignoresMoves, rotatedViewport, rightwardSwipeDeletes, roundTripDropsLastTab, closeAllKeepsLast
        /// U2: a reopen that puts nothing back.
        case reopenForgets
        /// F1: typing on (a query that extends the one before) keeps the tabs the shorter query showed.
        case staleFilter
        /// L7: the layout sized for every open tab, not for the displayed ones.
        case layoutForAllTabs
        /// P3: a rejected restore still closes every tab.
        case badRestoreClears
        /// L5: a viewport too narrow for one 44 pt column still gets one column.
        case tinyColumn
        /// A model that starts with one tab open, as many browsers do (step 0).
        case startsWithATab
    }
    var base: TabModelDriver
    let bug: Bug
    var viewport: ViewportSpec
    /// The tabs the query before showed (`staleFilter`), until the next step.
    var stale: [String]?

    init(viewport: ViewportSpec, bug: Bug) {
        base = TabModelDriver(viewport: viewport); self.bug = bug; self.viewport = viewport
        if bug == .startsWithATab { _ = base.apply(.newTab) }
    }

    mutating func apply(_ action: Action) -> StepOutcome {
        let before = base.observe()
        stale = nil
        if case .setViewport(let v) = action { viewport = v }
        switch (bug, action) {
        case (.ignoresMoves, .move(let f, let t)) where before.displayed.indices.contains(f) && before.displayed.indices.contains(t) && f != t:
            return StepOutcome()
        case (.rotatedViewport, .setViewport(let v)):
            return base.apply(.setViewport(ViewportSpec(width: v.height, height: v.width, safeLeft: v.safeLeft, safeRight: v.safeRight,
                                                        safeTop: v.safeTop, safeBottom: v.safeBottom)))
        case (.rightwardSwipeDeletes, .swipeEnded(let tx, let vx)) where tx > 0 && vx <= -1000:
            return base.apply(.swipeEnded(tx: -tx, vx: vx))
        case (.closeAllKeepsLast, .closeAll) where before.tabIDs.count >= 2:
            var out = StepOutcome()
            for id in before.tabIDs.dropLast() { out = base.apply(.closeID(id)) }
            return out
        case (.reopenForgets, .reopen) where before.closedCount > 0:
            return StepOutcome()
        case (.staleFilter, .setQuery(let q)) where !before.query.isEmpty && q.count > before.query.count && q.hasPrefix(before.query):
            _ = base.apply(action)
            stale = before.displayed
            return StepOutcome()    // and tells the view nothing changed
        case (.badRestoreClears, .restoreData):
            var out = base.apply(action)
            if out.rejected != nil, !before.tabIDs.isEmpty { out.update = base.apply(.closeAll).update }
            return out
        default:
            return base.apply(action)
        }
    }

    func observe() -> Observation {
        var o = base.observe()
        if let stale { o.displayed = stale.filter(o.tabIDs.contains) }
        if bug == .layoutForAllTabs {
            o.layout = Observation.Layout(RefLayout.compute(ReferenceDriver.viewport(viewport), displayedCount: o.tabIDs.count))
        }
        if bug == .tinyColumn, o.layout.tooSmall, viewport.width.isFinite, viewport.height.isFinite, viewport.width > 30, viewport.height > 0 {
            o.layout = Observation.Layout(tooSmall: false, columns: 1, itemWidth: viewport.width - 30, itemHeight: viewport.width - 30,
                                          insetTop: 15, insetLeft: 15, insetBottom: 15, insetRight: 15)
        }
        return o
    }

    func roundTrip() -> Result<Observation, RoundTripError>? {
        guard bug == .roundTripDropsLastTab, case .success(var o)? = base.roundTrip(), o.tabIDs.count >= 2 else { return base.roundTrip() }
        let gone = o.tabIDs.removeLast()
        o.titles.removeLast()
        o.displayed.removeAll { $0 == gone }
        return .success(o)
    }
    func storageProblem() -> String? { base.storageProblem() }
}

func planted(_ name: String, _ summary: String, _ bug: PlantedKind.Bug, capabilities: Set<Capability> = Capability.all) -> DriverFactory {
    DriverFactory(name: name, summary: summary, capabilities: capabilities) { PlantedKind(viewport: $0, bug: bug) }
}
