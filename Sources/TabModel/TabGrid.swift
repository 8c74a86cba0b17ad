import Foundation

/// The tab grid's view-model: every rule of SPEC.md (F, B, A, U, L, G, P), free of UIKit.
///
/// Each event is one mutating call returning a ``GridUpdate`` for the view; a rejected
/// event throws ``TabGridError`` and changes nothing. `n` below is the number of open
/// tabs and B = 64 the chunk size of the tab list, so O(n/B + B) is about 2√n.
public struct TabGrid: Sendable {
    var list = TabList()
    /// The "Search Tabs" text; "" means no filter (F1).
    public internal(set) var query = ""
    var loweredQuery = ""
    /// Whether the search bar is editing, i.e. shows its Cancel button (F7).
    public internal(set) var isCancelButtonVisible = false
    /// The tab the browser shows (A1–A4).
    public internal(set) var activeTabID: TabID?
    /// The collection view's geometry (L).
    public internal(set) var viewport: Viewport
    /// The one swipe in progress (G1–G5).
    public internal(set) var swipe = SwipeState()
    /// Tabs whose fly-away animation runs, oldest first (G6).
    public internal(set) var pendingFlyAways: [TabID] = []
    /// D4: the user's interactive movement in progress (a long press, then drags), if any.
    public internal(set) var movement: Movement?
    var closed = RecentlyClosed()
    var ids: TabIDStrategy
    var nextSequence = 1

    public init(viewport: Viewport = .phonePortrait, ids: TabIDStrategy = .uuid) {
        self.viewport = viewport
        self.ids = ids
    }

    // MARK: Reading

    /// The open tabs in order. O(n).
    public var tabs: [Tab] { list.tabs }
    /// O(1).
    public var count: Int { list.count }
    /// The tabs the query shows, in order (F1). O(n).
    public var displayed: [Tab] { list.displayed }
    /// O(1).
    public var displayedCount: Int { list.matchedCount }
    /// The tab displayed at `index`. O(n/B + B). Throws when out of range.
    public func displayedTab(at index: Int) throws(TabGridError) -> Tab {
        try displayedEntry(index, event: "displayedTab(at:)").tab
    }
    /// The tab with `id`, or nil. O(B).
    public func tab(_ id: TabID) -> Tab? { list.entry(for: id)?.tab }
    /// B1: Close All is enabled iff any tab is open (hidden ones too). O(1).
    public var isCloseAllEnabled: Bool { list.count > 0 }
    /// The layout for the current viewport and displayed count (L1–L7). O(1).
    public var layout: GridLayout { GridLayout(viewport: viewport, displayedCount: list.matchedCount) }
    /// Reopenable closes, newest first (U1). O(entries).
    public var recentlyClosed: [ClosedEntry] { closed.entries.reversed() }
    /// The close a reopen would bring back (U2), if any. O(1).
    public var newestClosed: ClosedEntry? { closed.entries.last }
    /// How many closes can be reopened (U1). O(1).
    public var recentlyClosedCount: Int { closed.entries.count }
    /// Calls `body` with each open tab in order — `tabs` without building the array. O(n).
    public func forEachTab(_ body: (Tab) throws -> Void) rethrows { try list.forEach(displayedOnly: false, body) }
    /// Calls `body` with each displayed tab in order (F1) — `displayed` without the array. O(n).
    public func forEachDisplayed(_ body: (Tab) throws -> Void) rethrows { try list.forEach(displayedOnly: true, body) }

    // MARK: Events — tabs and filter

    /// B2: the grid is about to appear; sends the Close All state. O(1).
    public mutating func willAppear() -> GridUpdate {
        GridUpdate(.none, closeAllEnabled: isCloseAllEnabled)
    }

    /// F2/A2: appends a "New Tab" and makes it active; inserts its displayed index if the
    /// query shows it (always the last one). O(n/B + B) amortized.
    public mutating func newTab() -> GridUpdate {
        let tab = Tab(id: makeID(), title: Tab.newTabTitle)
        let lowered = tab.title.lowercased()
        let shown = matches(lowered)
        list.insert(tab, at: list.count, matches: shown, lowered: lowered)
        activeTabID = tab.id
        return GridUpdate(shown ? .insert(list.matchedCount - 1) : .none, closeAllEnabled: true)
    }

    /// F3: closes the tab displayed at `index` — the tab the user saw, never `tabs[index]` —
    /// at once (no animation). O(n/B + B).
    public mutating func closeDisplayed(at index: Int) throws(TabGridError) -> GridUpdate {
        close(try displayedEntry(index, event: "closeDisplayed(at:)").tab.id)
    }

    /// F4: closes the tab with `id` if it is still open; an unknown id is a no-op. O(n/B + B).
    public mutating func close(_ id: TabID) -> GridUpdate {
        guard let removed = list.remove(id) else { return .none }
        closed.record(ClosedEntry(items: [.init(tab: removed.entry.tab, position: removed.position,
                                                wasActive: activeTabID == id)]))     // U1
        if activeTabID == id {                                                        // A3
            activeTabID = (list.entry(at: removed.position) ?? list.entry(at: removed.position - 1))?.tab.id
        }
        forget(id)
        return GridUpdate(removed.displayedIndex.map(CollectionUpdate.delete) ?? .none,
                          closeAllEnabled: isCloseAllEnabled)
    }

    /// F5: closes every tab, hidden ones too; keeps the query. O(n).
    public mutating func closeAll() -> GridUpdate {
        guard list.count > 0 else { return .none }
        let all = list.tabs
        closed.record(ClosedEntry(items: all.enumerated().map {
            .init(tab: $1, position: $0, wasActive: $1.id == activeTabID)
        }))
        list.removeAll()
        activeTabID = nil                                                             // A3
        swipe.release()                                                               // G5
        pendingFlyAways.removeAll()
        movement = nil                                                                // D4
        return GridUpdate(.reload, closeAllEnabled: false)
    }

    /// F6: sets the filter text; the update is the minimal batch from the old displayed
    /// list to the new one. O(n) title matches (titles are lowercased once, when set).
    public mutating func setQuery(_ newQuery: String) -> GridUpdate {
        guard newQuery != query else { return .none }
        query = newQuery
        loweredQuery = newQuery.lowercased()
        let q = loweredQuery
        let match = QueryMatch(q)   // prepared once for every title
        let diff = list.refilter { match.matches($0) }
        releaseSwipeIfHidden()
        if diff.deletes.isEmpty && diff.inserts.isEmpty { return .none }
        return GridUpdate(.batch(deletes: diff.deletes, inserts: diff.inserts, moves: []))
    }

    /// F7: editing began; the Cancel button shows. O(1).
    public mutating func beginSearch() -> GridUpdate { isCancelButtonVisible = true; return .none }
    /// F7: editing ended; the Cancel button hides. O(1).
    public mutating func endSearch() -> GridUpdate { isCancelButtonVisible = false; return .none }
    /// F7: clears a non-empty query (as F6), ends editing, hides Cancel. O(n) when it clears.
    public mutating func cancelSearch() -> GridUpdate {
        let update = query.isEmpty ? GridUpdate.none : setQuery("")
        isCancelButtonVisible = false
        return update
    }

    /// F8: a page finished loading; keeps the view equal to `displayed`. Unknown id: no-op.
    /// O(n/B + B) plus lowercasing the title.
    public mutating func setTitle(_ title: String, for id: TabID) -> GridUpdate {
        guard let before = list.location(of: id) else { return .none }
        let changed = list.entry(for: id)?.tab.title != title
        let lowered = title.lowercased()
        let shown = matches(lowered)
        list.setTitle(title, lowered: lowered, matches: shown, for: id)
        switch (before.displayedIndex, shown) {
        case let (old?, true): return GridUpdate(.reloadItems([old]), reconfigure: changed ? [id] : [])
        case let (old?, false):
            releaseSwipeIfHidden()
            return GridUpdate(.delete(old))
        case (nil, true): return GridUpdate(list.location(of: id)?.displayedIndex.map(CollectionUpdate.insert) ?? .none)
        case (nil, false): return .none
        }
    }

    /// F9: moves the item displayed at `from` to displayed position `to`; hidden tabs keep
    /// their relative order. O(n/B + B).
    public mutating func move(from: Int, to: Int) throws(TabGridError) -> GridUpdate {
        let entry = try displayedEntry(from, event: "move(from:to:)")
        _ = try displayedEntry(to, event: "move(from:to:)")
        guard from != to else { return .none }
        _ = list.remove(entry.tab.id)
        // F9: before the tab now displayed at `to + 1`, or after the one at `to - 1` if last.
        let position = list.displayed(at: to)?.position ?? ((list.displayed(at: to - 1)?.position ?? list.count - 1) + 1)
        list.insert(entry.tab, at: position, matches: entry.matches, lowered: entry.lowered)
        return GridUpdate(.batch(deletes: [], inserts: [], moves: [.init(from: from, to: to)]))
    }

    /// A1: tapping a cell makes its tab active. O(n/B + B).
    public mutating func select(at index: Int) throws(TabGridError) -> GridUpdate {
        activeTabID = try displayedEntry(index, event: "select(at:)").tab.id
        return .none
    }

    /// L7: the view's bounds or safe area changed; `layout` follows. O(1).
    public mutating func setViewport(_ viewport: Viewport) -> GridUpdate {
        self.viewport = viewport
        return .none
    }

    // MARK: Helpers

    func matches(_ lowered: String) -> Bool { Self.matches(lowered, loweredQuery) }

    /// F1: `query` occurs in `title` as a run of whole `Character`s (canonical
    /// equivalence). Not `String.contains`, which also finds "👩" inside the single
    /// character "👩‍👩‍👧" (found by the differential property, see docs/decisions.md).
    ///
    /// Linear in the title for long texts (Knuth–Morris–Pratt over Characters, whose `==` is an
    /// equivalence): trying the query at every place took query × title Character comparisons,
    /// and a title of thousands of combining-mark clusters ran for minutes (#36).
    static func matches(_ title: String, _ query: String) -> Bool { QueryMatch(query).matches(title) }

    /// `matches` Character by Character, for the titles and queries its byte paths do not
    /// answer (`QueryMatch`).
    static func charactersContain(_ title: String, _ query: String) -> Bool {
        // Short texts (nearly all): the query tried at each place, allocation-free; the work is
        // bounded by the product, so only long ones need the linear search.
        if title.utf8.count &* query.utf8.count <= 1 << 16 {
            guard let first = query.first else { return true }
            var start = title.startIndex
            while let hit = title[start...].firstIndex(of: first) {
                if title[hit...].starts(with: query) { return true }
                start = title.index(after: hit)
            }
            return false
        }
        let q = Array(query)
        var fallback = [Int](repeating: 0, count: q.count)   // the longest proper border of q[0...i]
        var k = 0
        for i in q.indices.dropFirst() {
            while k > 0 && q[i] != q[k] { k = fallback[k - 1] }
            if q[i] == q[k] { k += 1 }
            fallback[i] = k
        }
        k = 0
        for c in title {
            while k > 0 && c != q[k] { k = fallback[k - 1] }
            if c == q[k] {
                k += 1
                if k == q.count { return true }
            }
        }
        return false
    }

    /// The entry displayed at `index`, or the out-of-range error that names `event`.
    func displayedEntry(_ index: Int, event: String) throws(TabGridError) -> TabList.Entry {
        guard let found = list.displayed(at: index) else {
            throw .displayedIndexOutOfRange(index: index, displayedCount: list.matchedCount, event: event)
        }
        return found.entry
    }

    /// A closed tab leaves no swipe lock (G5) and no pending fly-away (G6) behind.
    mutating func forget(_ id: TabID) {
        if swipe.holder == id { swipe.release() }
        if movement?.tab == id { movement = nil }                                     // D4
        pendingFlyAways.removeAll { $0 == id }
    }

    /// G5: a swipe whose tab stops being displayed is cancelled at once; D4: so is a movement.
    mutating func releaseSwipeIfHidden() {
        if let holder = swipe.holder, list.location(of: holder)?.displayedIndex == nil { swipe.release() }
        if let m = movement, list.location(of: m.tab)?.displayedIndex == nil { movement = nil }
    }

    mutating func makeID() -> TabID {
        while true {
            let id: TabID
            switch ids {
            case .uuid: id = TabID(UUID().uuidString)
            case .sequential(let prefix): id = TabID("\(prefix)\(nextSequence)"); nextSequence += 1
            }
            if !list.contains(id) { return id }
        }
    }
}
