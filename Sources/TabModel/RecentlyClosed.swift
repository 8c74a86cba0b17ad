/// One reopenable close (U1): the tabs it closed, each with its position in `tabs` and
/// whether it was active.
public struct ClosedEntry: Equatable, Sendable {
    /// One closed tab, where it was in `tabs`, and whether it was active (U1).
    public struct Item: Equatable, Sendable {
        public let tab: Tab
        public let position: Int
        public let wasActive: Bool
    }
    /// One item for a close, every tab for Close All (U1).
    public let items: [Item]
}

/// Newest-first stack of closes, at most `limit` entries (U1).
struct RecentlyClosed {
    static let limit = 20
    private(set) var entries: [ClosedEntry] = []   // oldest first; newest at the end

    mutating func record(_ entry: ClosedEntry) {
        guard !entry.items.isEmpty else { return }
        entries.append(entry)
        if entries.count > Self.limit { entries.removeFirst() }
    }
    mutating func popNewest() -> ClosedEntry? { entries.popLast() }
    mutating func clear() { entries.removeAll() }
}
