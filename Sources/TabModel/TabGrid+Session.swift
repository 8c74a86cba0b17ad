import Foundation

/// Reopen closed tabs (U) and session save/restore (P).
extension TabGrid {
    /// U2: reopens the newest closed entry: each tab back at `min(position, count)` in
    /// ascending position order, skipping ids open again; a tab that was active becomes
    /// active. U3: nothing to reopen is a no-op. O(k·(n/B + B)) for k reopened tabs.
    public mutating func reopenClosedTab() -> GridUpdate {
        guard let entry = closed.popNewest() else { return .none }
        var reopened: [TabID] = []
        for item in entry.items.sorted(by: { $0.position < $1.position }) where !list.contains(item.tab.id) {
            let lowered = item.tab.title.lowercased()
            list.insert(item.tab, at: min(item.position, list.count), matches: matches(lowered), lowered: lowered)
            if item.wasActive { activeTabID = item.tab.id }
            reopened.append(item.tab.id)
        }
        let inserts = reopened.compactMap { list.location(of: $0)?.displayedIndex }.sorted()
        return GridUpdate(inserts.isEmpty ? .none : .batch(deletes: [], inserts: inserts, moves: []),
                          closeAllEnabled: isCloseAllEnabled)
    }

    /// P1: the session to save: ordered tabs and the active tab. O(n).
    public func snapshot() -> SessionSnapshot { SessionSnapshot(tabs: tabs, activeTabID: activeTabID) }

    /// P1: the session as JSON. O(n).
    public func encodedSession() -> Data { snapshot().encoded() }

    /// P2/P3: restores a session from JSON. Invalid data throws and changes nothing. O(n).
    public mutating func restore(from data: Data) throws(TabGridError) -> GridUpdate {
        let snapshot: SessionSnapshot
        do { snapshot = try SessionSnapshot.decode(data) } catch { throw .invalidSession(error) }
        return apply(snapshot)
    }

    /// P2/P3: restores a snapshot after validating all of it. O(n).
    public mutating func restore(_ snapshot: SessionSnapshot) throws(TabGridError) -> GridUpdate {
        do { try snapshot.validate() } catch { throw .invalidSession(error) }
        return apply(snapshot)
    }

    /// P2: replaces the session: query empty, every swipe and fly-away dropped (a late
    /// completion must not close a restored tab sharing its id), reopen history cleared.
    private mutating func apply(_ snapshot: SessionSnapshot) -> GridUpdate {
        // D3: a tab displayed before and after under its id, with another title, is reconfigured.
        var shownTitles: [TabID: String] = [:]
        shownTitles.reserveCapacity(list.count)
        list.forEach(displayedOnly: true) { shownTitles[$0.id] = $0.title }
        query = ""
        loweredQuery = ""
        list = TabList(snapshot.tabs.map { TabList.Entry(tab: Tab(id: $0.id, title: $0.title), lowered: $0.title.lowercased(), matches: true) })
        activeTabID = snapshot.activeTabID
        swipe.release()
        pendingFlyAways.removeAll()
        movement = nil                                                                // D4
        closed.clear()
        let reconfigure = snapshot.tabs.filter { saved in shownTitles[saved.id].map { $0 != saved.title } ?? false }.map(\.id)
        return GridUpdate(.reload, closeAllEnabled: isCloseAllEnabled, reconfigure: reconfigure)
    }
}
