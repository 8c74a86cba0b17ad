/// F1 as the reference reads it: the filter, and the displayed ids it gives, kept until the
/// tabs or the query are set (`settle`, `shownCache`).
extension ReferenceGrid {
    /// F1, literally: lowercase both, then look for the query's characters as a run of
    /// the title's characters.
    package static func matches(title: String, query: String) -> Bool {
        matches(lowered: LoweredCharacter.lowered(title), query: LoweredCharacter.lowered(query))
    }

    /// The (lowercased) query's characters as a run of the lowercased title's characters,
    /// tried at every character position of the title.
    static func matches(lowered t: [LoweredCharacter], query q: [LoweredCharacter]) -> Bool {
        if q.isEmpty { return true }
        if q.count > t.count { return false }
        for start in 0...(t.count - q.count) where t[start] == q[0] {
            if t[start..<(start + q.count)].elementsEqual(q) { return true }
        }
        return false
    }

    /// F1 (or the policy's matching) for one tab.
    package func shows(_ tab: RefTab) -> Bool {
        policy.filterMatching == .characterWise ? Self.matches(lowered: tab.lowered, query: loweredQuery)
            : policy.matches(title: tab.title, query: query)
    }
    /// F1: the tabs whose title matches the query, in `tabs` order; filtered on every read.
    package var displayed: [RefTab] { tabs.filter(shows) }
    /// The ids of `displayed`: the kept filtering when there is one, else filtered afresh.
    package var displayedIDs: [String] { shownCache ?? filteredIDs() }
    /// Keeps `displayedIDs` until the tabs or the query change; the ids. Each event and the
    /// driver after each step call it, so one filtering serves every read of a state.
    @discardableResult package mutating func settle() -> [String] {
        if let ids = shownCache { return ids }
        let ids = filteredIDs()
        shownCache = ids
        return ids
    }
    /// The ids of `displayed`, filtered the same way without copying the tabs, from scratch.
    package func filteredIDs() -> [String] {
        if loweredQuery.isEmpty { return tabs.map(\.id) }   // the empty query matches every title
        var ids: [String] = []
        ids.reserveCapacity(tabs.count)
        for i in tabs.indices where shows(tabs[i]) { ids.append(tabs[i].id) }
        return ids
    }
}
