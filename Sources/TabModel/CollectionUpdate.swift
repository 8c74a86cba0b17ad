/// What the collection view must do after an event so it animates to `displayed` (F10).
/// Indices are displayed indices; in a batch, deletes and move sources use the old list,
/// inserts and move destinations the new one (UIKit's batch-update rules).
public enum CollectionUpdate: Equatable, Sendable, CustomStringConvertible {
    /// Nothing to animate (F10: the displayed list did not change).
    case none
    /// Reload everything (F5, P2).
    case reload
    /// Reload these displayed items in place (F8).
    case reloadItems([Int])
    /// Delete (old indices), insert (new indices) and move items in one batch (F2–F9, U2).
    case batch(deletes: [Int], inserts: [Int], moves: [Move])

    /// One moved item: from an old displayed index to a new one (F9).
    public struct Move: Equatable, Sendable {
        public let from: Int
        public let to: Int
        public init(from: Int, to: Int) { self.from = from; self.to = to }
    }

    static func delete(_ i: Int) -> CollectionUpdate { .batch(deletes: [i], inserts: [], moves: []) }
    static func insert(_ i: Int) -> CollectionUpdate { .batch(deletes: [], inserts: [i], moves: []) }

    public var description: String {
        switch self {
        case .none: return "none"
        case .reload: return "reload"
        case .reloadItems(let i): return "reloadItems(\(i))"
        case let .batch(d, i, m):
            return "batch(delete: \(d), insert: \(i), move: \(m.map { "\($0.from)→\($0.to)" }))"
        }
    }
}

/// Everything the view needs after one event: the collection update (F10), the Close All
/// button state when it must be (re)sent (B2), and a fly-away to animate when one starts (G6).
public struct GridUpdate: Equatable, Sendable {
    /// The collection view update (F10).
    public var collection: CollectionUpdate
    /// The Close All button's enabled state, when this event sends it (B1, B2); nil = not sent.
    public var closeAllEnabled: Bool?
    /// A fly-away animation the view should start now (G6).
    public var flyAway: FlyAway?
    /// For a diffable data source (D3): the displayed tabs whose title this event changed,
    /// to reconfigure after applying `TabGrid.itemIdentifiers` — never a tab that is not displayed.
    public var reconfigure: [TabID] {
        get { reconfigured ?? [] }
        set { reconfigured = newValue.isEmpty ? nil : newValue }
    }
    /// Stored as nil when empty: most events reconfigure nothing, and an update is copied often.
    private var reconfigured: [TabID]?

    /// An update; by default no collection change, no button state, no fly-away.
    public init(_ collection: CollectionUpdate = .none, closeAllEnabled: Bool? = nil, flyAway: FlyAway? = nil, reconfigure: [TabID] = []) {
        self.collection = collection
        self.closeAllEnabled = closeAllEnabled
        self.flyAway = flyAway
        self.reconfigured = reconfigure.isEmpty ? nil : reconfigure
    }

    /// Nothing for the view to do.
    public static let none = GridUpdate()
}

/// A started fly-left animation (G6): the view animates the cell of `tab` for `duration`
/// seconds, then reports `flyAwayFinished(tab)`.
public struct FlyAway: Equatable, Sendable {
    /// The tab whose cell flies away.
    public let tab: TabID
    /// Distance to the left edge / 5000 pt/s; never negative (G6).
    public let duration: Double
}
