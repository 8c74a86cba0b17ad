import Foundation
import Checker
import ProductionDriver
import Generators
import ReferenceModel
@testable import TabModel

/// Bugs planted into the production model by wrapping its driver, one or more per property,
/// so every property is seen to fail (a check that cannot fail is a defect). The
/// source-level mutants for `tabcheck` live in scripts/mutants/.
enum PlantedBug: String, CaseIterable, Sendable {
    /// Tutorial bug 2: closing displayed index i closes tabs[i] (F3). Caught by `mapping`.
    case closesTabsIndex
    /// Tutorial bug 1: a new tab's insert index is tabs.count − 1 (F2). Caught by `mapping` (F10).
    case newTabInsertsFullCount
    /// Tutorial bug 3: will-appear sends no Close All state (B2). Caught by `closeAllButton`.
    case noStateOnAppear
    /// Tutorial bug 9: no L5 minimum, so items can be narrower than 44 pt. Caught by `itemsPerRow`.
    case noMinimumWidth
    /// Tutorial bug 8: layout from the full tab count (L7). Caught by `itemsPerRow` (and `differential`).
    case layoutFromFullCount
    /// Closing the active tab leaves none active (A3). Caught by `activeTab`.
    case activeNilOnClose
    /// Tutorial bug 6: a net rightward drag with a fast leftward release deletes (G4). Caught by `swipeLock`.
    case rightwardDeletes
    /// Tutorial bug 5: negative fly-left duration (G6). Caught by `swipeLock`.
    case negativeDuration
    /// Tutorial bug 7: the swipe lock stays set when the swiping cell's tab closes (G5). Caught by `swipeLock`.
    case lockKeptOnClose
    /// Closes are not recorded for reopen (U1). Caught by `reopen`.
    case closesNotRecorded
    /// A restore clears the query before validating (partial restore, P3). Caught by `session`.
    case partialRestore
    /// An out-of-range select clears the active tab before throwing. Caught by `rejection`.
    case rejectedSelectClearsActive
    /// Titles are stored trimmed of spaces — visible only against the oracle. Caught by `differential`.
    case titlesTrimmed
    /// The filter matches with Foundation's `contains` (UTF-16 substrings: "👩" inside
    /// "👩‍👩‍👧", "\n" inside "\r\n") instead of Character-wise (F1). Caught by `filter`.
    case filterByScalars
    /// Close All with two or more tabs raises, as a collection view given an inconsistent
    /// batch would. Caught by `crash`.
    case crashesOnCloseAll
    /// A swipe ended with no gesture in progress (a vertical flick the model cancelled
    /// itself) is judged as a release and deletes the first displayed tab (G1). Caught by `swipeLock`.
    case endWithoutBeginDeletes

    // Caught by the checks #25 added so that every rule is judged without the oracle; each
    // is shown to be caught with `differential` off (OracleFreeTests).

    /// A new tab is titled "" (F2). Caught by `tabList`.
    case newTabUntitled
    /// Close All under a query closes only the displayed tabs (F5). Caught by `tabList`.
    case closeAllKeepsHidden
    /// A title change lands on the first tab (F8). Caught by `tabList`.
    case titleOnWrongTab
    /// A move under a query puts the tab before the hidden tabs that precede its new
    /// neighbour, not right before it (F9). Caught by `tabList`.
    case moveAfterHiddenTabs
    /// Cancel ends editing but keeps the query (F7, mutant 29's bug). Caught by `searchBar`.
    case cancelKeepsQuery
    /// The query is stored lowercased (F6; the filter still matches). Caught by `searchBar`.
    case queryLowercased
    /// Selecting item i > 0 activates item i − 1 (A1). Caught by `activeTab`.
    case selectOffByOne
    /// Reopen puts the tabs back at the end (U2, mutant 23's bug). Caught by `reopen`.
    case reopenAtEnd
    /// The fly-away lasts as if every cell were in the first column (G6). Caught by `flyAway`.
    case durationIgnoresColumn
    /// Close All leaves the pending fly-aways of the tabs it closed (G6). Caught by `flyAway`.
    case pendingAfterCloseAll
    /// The section's top inset is 0 (L3). Caught by `layoutRules`.
    case insetTopZero
    /// Closing an index outside displayed is accepted and does nothing (F3). Caught by `mapping`.
    case closeOutOfRangeAccepted

    /// The rule the new checks report for it (nil: the bugs from before #25).
    var rule: String? {
        switch self {
        case .newTabUntitled: return "F2"
        case .closeAllKeepsHidden: return "F5"
        case .titleOnWrongTab: return "F8"
        case .moveAfterHiddenTabs: return "F9"
        case .cancelKeepsQuery: return "F7"
        case .queryLowercased: return "F6"
        case .selectOffByOne: return "A1"
        case .reopenAtEnd: return "U2"
        case .durationIgnoresColumn, .pendingAfterCloseAll: return "G6"
        case .insetTopZero: return "L3"
        case .closeOutOfRangeAccepted: return "F3"
        default: return nil
        }
    }

    var property: Property {
        switch self {
        case .closesTabsIndex, .newTabInsertsFullCount: return .mapping
        case .noStateOnAppear: return .closeAllButton
        case .noMinimumWidth, .layoutFromFullCount: return .itemsPerRow
        case .activeNilOnClose: return .activeTab
        case .rightwardDeletes, .negativeDuration, .lockKeptOnClose: return .swipeLock
        case .closesNotRecorded: return .reopen
        case .partialRestore: return .session
        case .rejectedSelectClearsActive: return .rejection
        case .titlesTrimmed: return .differential
        case .filterByScalars: return .filter
        case .crashesOnCloseAll: return .crash
        case .endWithoutBeginDeletes: return .swipeLock
        case .newTabUntitled, .closeAllKeepsHidden, .titleOnWrongTab, .moveAfterHiddenTabs: return .tabList
        case .cancelKeepsQuery, .queryLowercased: return .searchBar
        case .selectOffByOne: return .activeTab
        case .reopenAtEnd: return .reopen
        case .durationIgnoresColumn, .pendingAfterCloseAll: return .flyAway
        case .insetTopZero: return .layoutRules
        case .closeOutOfRangeAccepted: return .mapping
        }
    }

    var factory: DriverFactory {
        DriverFactory(name: "planted-\(rawValue)", summary: "production with a planted bug") { PlantedDriver(bug: self, base: TabModelDriver(viewport: $0)) }
    }
}

struct PlantedDriver: GridDriver {
    let bug: PlantedBug
    var base: TabModelDriver
    /// `pendingAfterCloseAll`: fly-aways Close All should have ended, still shown.
    var ghosts: [String] = []

    mutating func apply(_ action: Action) -> StepOutcome {
        let before = base.grid
        switch (bug, action) {
        case (.closesTabsIndex, .closeDisplayed(let i)) where i >= 0 && i < before.count && i < before.displayedCount:
            let id = before.tabs[i].id
            var out = base.apply(.closeID(id.rawValue))
            out.update = .batch(deletes: [i], inserts: [], moves: [])
            return out
        case (.newTabInsertsFullCount, .newTab):
            var out = base.apply(action)
            if out.update != .none { out.update = .batch(deletes: [], inserts: [base.grid.count - 1], moves: []) }
            return out
        case (.noStateOnAppear, .willAppear):
            var out = base.apply(action)
            out.closeAllSent = nil
            return out
        case (.rightwardDeletes, .swipeEnded(let tx, let vx)) where tx > 0 && -vx >= 1000:
            return base.apply(.swipeEnded(tx: -tx, vx: vx))
        case (.negativeDuration, _):
            var out = base.apply(action)
            out.flyAwayDuration = out.flyAwayDuration.map { -$0 }
            return out
        case (.partialRestore, .restoreData), (.partialRestore, .restoreSaved):
            _ = base.grid.setQuery("")
            return base.apply(action)
        case (.rejectedSelectClearsActive, .select(let i)) where i < 0 || i >= before.displayedCount:
            base.grid.activeTabID = nil
            return base.apply(action)
        case (.titlesTrimmed, .setTitle(let id, let title)):
            return base.apply(.setTitle(id: id, title: title.trimmingCharacters(in: .whitespaces)))
        case (.crashesOnCloseAll, .closeAll) where before.count >= 2:
            return .crash("NSInternalInconsistencyException: Invalid update: invalid number of items in section 0")
        case (.endWithoutBeginDeletes, .swipeEnded) where before.swipe.holder == nil && before.displayedCount > 0:
            let first = base.observe().displayed[0]
            var out = base.apply(.tapClose(0))
            if out.rejected != nil || !base.observe().pending.contains(first) { out = StepOutcome() }
            return out
        default:
            if let out = applyNewBug(action) { return out }
        }
        let out = base.apply(action)
        let closedOne = base.grid.count < before.count
        switch bug {
        case .activeNilOnClose where closedOne && before.activeTabID != nil && base.grid.tab(before.activeTabID!) == nil:
            base.grid.activeTabID = nil
        case .lockKeptOnClose where closedOne && before.swipe.holder != nil:
            base.grid.swipe = before.swipe
        case .closesNotRecorded where closedOne:
            base.grid.closed = before.closed
        default: break
        }
        return out
    }

    func observe() -> Observation {
        var o = base.observe()
        switch bug {
        case .noMinimumWidth:
            // The tutorial's formula with no 44 pt floor.
            let v = base.grid.viewport, n = o.displayed.count
            let s = v.width - v.safeLeft - v.safeRight
            let c: Double = n == 1 ? 1.33 : n == 2 ? 2 : (v.width > v.height ? 3 : 2)
            let w = (s - 30 * c) / c
            if !o.layout.tooSmall || (w.isFinite && w > 0 && v.width > 0 && v.height > 0) {
                o.layout = .init(tooSmall: false, columns: c, itemWidth: w, itemHeight: w, insetTop: 15,
                                 insetLeft: v.safeLeft + 15, insetBottom: 15, insetRight: v.safeRight + 15)
            }
        case .layoutFromFullCount:
            o.layout = Observation.Layout(GridLayout(viewport: base.grid.viewport, displayedCount: base.grid.count))
        case .insetTopZero where !o.layout.tooSmall:
            o.layout.insetTop = 0
        case .pendingAfterCloseAll:
            o.pending += ghosts.filter { !o.pending.contains($0) }
        case .filterByScalars where !o.query.isEmpty:
            let q = o.query.lowercased()
            o.displayed = zip(o.tabIDs, o.titles).filter { $0.1.lowercased().utf16.count >= q.utf16.count && ($0.1.lowercased() as NSString).contains(q) }.map(\.0)
        default: break
        }
        return o
    }

    func roundTrip() -> Result<Observation, RoundTripError>? { base.roundTrip() }
}

extension PlantedDriver {
    /// The bugs planted for the checks #25 added; nil when `action` is not one they change.
    mutating func applyNewBug(_ action: Action) -> StepOutcome? {
        let o = base.observe()
        switch (bug, action) {
        case (.newTabUntitled, .newTab):
            let out = base.apply(.newTab)
            if let id = base.observe().tabIDs.last { _ = base.apply(.setTitle(id: id, title: "")) }
            return out
        case (.closeAllKeepsHidden, .closeAll) where !o.query.isEmpty && o.displayed.count < o.tabIDs.count:
            for id in o.displayed { _ = base.apply(.closeID(id)) }
            return StepOutcome(update: .reload, closeAllSent: base.observe().closeAllEnabled)
        case (.titleOnWrongTab, .setTitle(let id, let title)) where o.tabIDs.count > 1 && o.tabIDs.first != id:
            return base.apply(.setTitle(id: o.tabIDs[0], title: title))
        case (.moveAfterHiddenTabs, .move(let i, let j)) where !o.query.isEmpty:
            let out = base.apply(action)
            guard out.rejected == nil, o.displayed.indices.contains(i) else { return out }
            // Swap the moved tab with the hidden tab just before it, if any: the displayed
            // order stays as F9 wants, its place among the hidden tabs does not.
            let moved = o.displayed[i]
            let now = base.observe()
            guard let k = now.tabIDs.firstIndex(of: moved), k > 0, !now.displayed.contains(now.tabIDs[k - 1]) else { return out }
            let q = now.query
            _ = base.apply(.setQuery(""))
            _ = base.apply(.move(from: k, to: k - 1))
            _ = base.apply(.setQuery(q))
            _ = j
            return out
        case (.cancelKeepsQuery, .cancelSearch):
            return base.apply(.endSearch)
        case (.queryLowercased, .setQuery(let q)) where q.lowercased() != q:
            return base.apply(.setQuery(q.lowercased()))
        case (.selectOffByOne, .select(let i)) where i > 0 && i < o.displayed.count:
            return base.apply(.select(i - 1))
        case (.reopenAtEnd, .reopen):
            let out = base.apply(.reopen)
            let now = base.observe()
            let back = now.tabIDs.filter { !o.tabIDs.contains($0) }
            guard !back.isEmpty else { return out }
            let q = now.query
            _ = base.apply(.setQuery(""))
            for id in back {
                if let k = base.observe().tabIDs.firstIndex(of: id) { _ = base.apply(.move(from: k, to: base.observe().tabIDs.count - 1)) }
            }
            _ = base.apply(.setQuery(q))
            return out
        case (.durationIgnoresColumn, .tapClose), (.durationIgnoresColumn, .swipeEnded):
            var out = base.apply(action)
            let l = o.layout
            let id: String? = { if case .tapClose(let i) = action { return o.displayed.indices.contains(i) ? o.displayed[i] : nil }; return o.swipeHolder }()
            if let d = out.flyAwayDuration, d > 0, !l.tooSmall, let id, let index = o.displayed.firstIndex(of: id) {
                let column = Double(index % max(1, Int(l.columns.rounded(.down))))
                out.flyAwayDuration = max(0, d - column * (l.itemWidth + 10) / 5000)
            }
            return out
        case (.pendingAfterCloseAll, .closeAll):
            ghosts = o.pending
            return base.apply(action)
        case (.pendingAfterCloseAll, _):
            // Until a new fly-away or a restore, the ghosts stay.
            if case .restoreData = action { ghosts = [] }
            return nil
        case (.closeOutOfRangeAccepted, .closeDisplayed(let i)) where !o.displayed.indices.contains(i):
            return StepOutcome()
        default:
            return nil
        }
    }
}
