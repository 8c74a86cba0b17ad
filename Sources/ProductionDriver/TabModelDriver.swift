import Checker
import Foundation
import Generators
import ReferenceModel
import TabModel

/// Drives the production `TabGrid`.
package struct TabModelDriver: CheckableDriver {
    package var grid: TabGrid
    /// Which view the model feeds: batch updates (F10) alone, or a diffable data source too (D1–D5).
    package enum View: Sendable { case batch, diffable }
    package let view: View
    var saved: Data?
    /// Shared by copies of the driver: it is the disk the sessions are saved to.
    let files = CrashSafeSaves()
    /// The tabs as the last event left them, read after each event; the same arrays as the step
    /// before's when no event changed the tabs (`TabColumns`), so comparing them costs nothing.
    private var columns: TabColumns

    /// Both views: batch updates and a diffable data source, with the interactive movement.
    package static var capabilities: Set<Capability> { Capability.withDiffable }

    package init(viewport: ViewportSpec) { self.init(viewport: viewport, view: .diffable) }

    package init(viewport: ViewportSpec, view: View) {
        grid = TabGrid(viewport: viewport.production, ids: .sequential(prefix: "t"))
        self.view = view
        columns = grid.keepColumns(reusing: nil)
    }

    package mutating func apply(_ action: Action) -> StepOutcome {
        let out = Self.event(action, &grid, &saved, view)
        columns = grid.keepColumns(reusing: columns)
        return out
    }

    /// One event on `grid` (`saved`: the last `.save`'s session): also how `LiveTabsDriver`
    /// applies an event to the app's grid.
    static func event(_ action: Action, _ grid: inout TabGrid, _ saved: inout Data?, _ view: View) -> StepOutcome {
        do {
            let update: GridUpdate
            switch action {
            // F11 is not declared (TabModel has no background tabs): never drawn, filtered out of a replay.
            case .newBackgroundTab: return StepOutcome()
            // S is not declared (this driver is synchronous; `LiveTabsDriver` is the app's async face).
            case .runJobs, .advanceClock, .settle, .background, .relaunch: return StepOutcome()
            case .willAppear: update = grid.willAppear()
            case .newTab: update = grid.newTab()
            case .closeDisplayed(let i): update = try grid.closeDisplayed(at: i)
            case .closeID(let id): update = grid.close(TabID(id))
            case .closeAll: update = grid.closeAll()
            case .setQuery(let q): update = grid.setQuery(q)
            case .beginSearch: update = grid.beginSearch()
            case .endSearch: update = grid.endSearch()
            case .cancelSearch: update = grid.cancelSearch()
            case let .setTitle(id, title): update = grid.setTitle(title, for: TabID(id))
            case let .move(f, t): update = try grid.move(from: f, to: t)
            case let .reorder(f, t):
                // The view moved first; the model hears the transaction (D5). A drag from or to
                // a place the view does not have never happens.
                var final = grid.itemIdentifiers
                guard final.indices.contains(f), final.indices.contains(t) else { return StepOutcome(rejected: "indexOutOfRange") }
                let initial = final
                final.insert(final.remove(at: f), at: t)
                update = try grid.didReorder(ReorderTransaction(initial: initial, final: final, dragged: initial[f]))
            case .select(let i): update = try grid.select(at: i)
            case .reopen: update = grid.reopenClosedTab()
            case .setViewport(let v): update = grid.setViewport(v.production)
            case let .swipeBegan(i, vx, vy): update = try grid.swipeBegan(at: i, velocityX: vx, velocityY: vy)
            case .swipeChanged(let tx): update = grid.swipeChanged(translationX: tx)
            case let .swipeEnded(tx, vx): update = grid.swipeEnded(translationX: tx, velocityX: vx)
            case .swipeCancelled: update = grid.swipeCancelled()
            case .tapClose(let i): update = try grid.tapClose(at: i)
            case .flyAwayFinished(let id): update = grid.flyAwayFinished(TabID(id))
            case .save:
                saved = grid.encodedSession()
                update = .none
            case .restoreSaved:
                guard let saved else { return StepOutcome() }
                update = try grid.restore(from: saved)
            case .restoreData(let text): update = try grid.restore(from: Data(text.utf8))
            case .beginMove(let i): update = try grid.beginInteractiveMovement(at: i)
            case .updateMove(let j): update = grid.updateInteractiveMovement(to: j)
            case .endMove: update = grid.endInteractiveMovement()
            case .cancelMove: update = grid.cancelInteractiveMovement()
            }
            return StepOutcome(update: Self.convert(update.collection), closeAllSent: update.closeAllEnabled,
                               flyAwayDuration: update.flyAway?.duration, reconfigured: view == .diffable ? update.reconfigure.map(\.rawValue) : nil)
        } catch {
            switch error {
            case .displayedIndexOutOfRange: return StepOutcome(rejected: "indexOutOfRange")
            case .invalidSession: return StepOutcome(rejected: "invalidSession")
            case .staleTransaction: return StepOutcome(rejected: "staleTransaction")
            }
        }
    }

    static func convert(_ u: CollectionUpdate) -> ViewUpdate {
        switch u {
        case .none: return .none
        case .reload: return .reload
        case .reloadItems(let i): return .reloadItems(i)
        case let .batch(d, i, m): return .batch(deletes: d, inserts: i, moves: m.map { (from: $0.from, to: $0.to) })
        }
    }

    /// (Its snapshot's identifiers are the tab ids: `Observation.identifiers` stays nil, D1 D2.)
    /// (The kept columns are checked against the grid, so a grid changed outside `apply` is read afresh.)
    package func observe() -> Observation { Self.observe(grid, grid.columns(reusing: columns)) }

    static func observe(_ grid: TabGrid, _ tabs: TabColumns) -> Observation {
        Observation(tabIDs: tabs.ids, titles: tabs.titles, displayed: tabs.displayed, query: grid.query,
                    active: grid.activeTabID?.rawValue, cancelVisible: grid.isCancelButtonVisible,
                    closeAllEnabled: grid.isCloseAllEnabled, swipeHolder: grid.swipe.holder?.rawValue,
                    moving: grid.movement.map { ($0.tab.rawValue, $0.target) }, swipeOffset: grid.swipe.offset,
                    swipeScale: grid.swipe.scale, swipeAbove: grid.swipe.isAbove, scrollEnabled: grid.swipe.isScrollEnabled,
                    pending: grid.pendingFlyAways.map(\.rawValue), layout: Observation.Layout(grid.layout),
                    closedCount: grid.recentlyClosedCount, newestClosed: grid.newestClosed?.items.map(\.tab.id.rawValue) ?? [])
    }

    /// P4/P5: saves the current session through `SessionStore` with a crash injected (the
    /// runner calls this right after a `.save` step, only when the session property is on).
    package func storageProblem() -> String? { files.check(grid.snapshot()) }

    package func roundTrip() -> Result<Observation, RoundTripError>? {
        guard let saved else { return nil }
        var fresh = TabGrid(viewport: grid.viewport, ids: .sequential(prefix: "t"))
        do {
            _ = try fresh.restore(from: saved)
            return .success(Self.observe(fresh, fresh.columns(reusing: nil)))
        } catch {
            return .failure(RoundTripError(message: "\(error)"))
        }
    }
}
