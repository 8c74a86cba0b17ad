/// A stand-in for `UICollectionViewDiffableDataSource` with one section: the item identifiers
/// it shows, and UIKit's documented rules, enforced (D1–D5, docs/SPEC.md; sources in
/// docs/diffable.md):
///
/// - `apply(_:)` of a snapshot whose identifiers are not unique raises ("Fatal: supplied item
///   identifiers are not unique");
/// - reconfiguring (or reloading) an identifier the snapshot does not hold raises
///   ("Attempted to reconfigure item identifier that does not exist in the snapshot");
/// - with `reorderingHandlers`, the user's drag reorders the data source itself; the model
///   hears of it afterwards (`didReorder`), and what it then applies must be what the view
///   already shows.
///
/// What it would animate is the difference between the old items and the new: deletes,
/// inserts, moves (items kept whose relative order changed) and the reconfigures asked for.
package struct SimulatedDiffableDataSource: Sendable {
    package private(set) var items: [String]
    /// Whether `items` are known to hold no identifier twice: they came from a snapshot
    /// `apply` checked, or a drag of one (a permutation). Only then may `apply` take a quick path.
    private var knownUnique: Bool

    package init(items: [String] = []) { self.items = items; knownUnique = items.isEmpty }

    /// What applying a snapshot animates.
    package struct Change: Equatable, Sendable {
        package var deleted: [String] = []
        package var inserted: [String] = []
        package var moved: [String] = []
        package var reconfigured: [String] = []
        package var isEmpty: Bool { deleted.isEmpty && inserted.isEmpty && moved.isEmpty && reconfigured.isEmpty }
    }

    /// Applies a snapshot of `snapshot`'s identifiers, reconfiguring `reconfigure`. Returns the
    /// change, or the exception UIKit raises (nothing changes then).
    package mutating func apply(_ snapshot: [String], reconfigure: [String]) -> Result<Change, InvalidUpdate> {
        if knownUnique, var change = quickChange(to: snapshot), Self.holds(snapshot, reconfigure) {
            change.reconfigured = reconfigure
            items = snapshot
            return .success(change)
        }
        let applied = fullApply(snapshot, reconfigure: reconfigure)
        if case .success = applied { knownUnique = true }
        return applied
    }

    /// Up to this many identifiers inserted are looked up in the items (O(n) apiece); more, in a set.
    static let quickLimit = 8

    /// Whether `snapshot` holds every identifier of `reconfigure`: a few looked up one by one,
    /// many walked in step when they come in the snapshot's order (a restore's reconfigures do),
    /// else through a set. O(n) with no hashing but in the last case.
    static func holds(_ snapshot: [String], _ reconfigure: [String]) -> Bool {
        if reconfigure.count <= quickLimit { return reconfigure.allSatisfy(snapshot.contains) }
        var j = 0
        for id in snapshot where j < reconfigure.count && reconfigure[j] == id { j += 1 }
        return j == reconfigure.count || Set(snapshot).isSuperset(of: reconfigure)
    }

    /// The change when `snapshot` is the items with some removed, or with some inserted that
    /// they do not hold, the order of the rest kept, or the items with a short run of them
    /// reordered — what most steps give (nil otherwise: `fullApply` decides). O(n) with no
    /// hashing; the same change `fullApply` computes (the longest run kept in order through a
    /// reordered middle is the common prefix, the middle's own and the common suffix).
    func quickChange(to snapshot: [String]) -> Change? {
        if snapshot.count == items.count {   // a reordering of a few neighbouring items, or none
            let r = ChangedMiddle.of(items, snapshot)
            guard !r.isEmpty else { return Change() }
            // One item moved however far (the rest keep their order): the only one off the
            // longest run kept in order, as `fullApply` finds it.
            if r.count > ChangedMiddle.shortRun, let k = ChangedMiddle.movedOne(items, snapshot, in: r) { return Change(moved: [items[k]]) }
            guard r.count <= ChangedMiddle.shortRun, ChangedMiddle.isPermutation(items[r], snapshot[r]) else { return nil }
            return Change(moved: Self.moved(from: Array(items[r]), to: Array(snapshot[r])))
        }
        var extra: [String] = []
        var i = 0, j = 0
        if snapshot.count < items.count {   // removals: `snapshot` is a subsequence of the items
            for id in items { if j < snapshot.count && snapshot[j] == id { j += 1 } else { extra.append(id) } }
            return j == snapshot.count ? Change(deleted: extra) : nil
        }
        for id in snapshot {   // insertions: the items are a subsequence of `snapshot`
            if i < items.count && items[i] == id { i += 1 } else { extra.append(id) }
        }
        guard i == items.count else { return nil }
        // New and unique (else `fullApply` names the repeat): a few looked up in the lists, many
        // in a set of them (a query that shows hundreds again: each identifier hashed once).
        if extra.count <= Self.quickLimit {
            for (k, id) in extra.enumerated() where items.contains(id) || extra[..<k].contains(id) { return nil }
        } else {
            let new = Set(extra)
            guard new.count == extra.count, !items.contains(where: new.contains) else { return nil }
        }
        return Change(inserted: extra)
    }

    /// `apply` from scratch: a set of the new identifiers, a table of the old ones' places,
    /// then the difference — each identifier hashed about twice.
    mutating func fullApply(_ snapshot: [String], reconfigure: [String]) -> Result<Change, InvalidUpdate> {
        var seen: Set<String> = []
        seen.reserveCapacity(snapshot.count)
        let duplicates = snapshot.filter { !seen.insert($0).inserted }
        if !duplicates.isEmpty {
            return .failure(InvalidUpdate("Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\(duplicates.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")))}"))
        }
        if let missing = reconfigure.first(where: { !seen.contains($0) }) {
            return .failure(InvalidUpdate("Attempted to reconfigure item identifier that does not exist in the snapshot: \"\(missing)\""))
        }
        // Each old identifier's place (the last of repeats, as `moved` keeps).
        var place: [String: Int] = [:]
        place.reserveCapacity(items.count)
        for (i, id) in items.enumerated() { place[id] = i }
        var change = Change(deleted: items.filter { !seen.contains($0) }, reconfigured: reconfigure)
        // The kept ones' old places in their new order: their relative order is what `moved` reads.
        var order: [Int] = [], kept: [String] = []
        for id in snapshot {
            if let i = place[id] { order.append(i); kept.append(id) } else { change.inserted.append(id) }
        }
        change.moved = Self.offLongestRun(order, kept)
        items = snapshot
        return .success(change)
    }

    /// The user dragged the item at `from` to `to` (within range): the data source reorders
    /// itself before anyone else hears of it. Returns the items before the drag.
    package mutating func userMoved(from: Int, to: Int) -> [String]? {
        guard items.indices.contains(from), items.indices.contains(to) else { return nil }
        let before = items
        items.insert(items.remove(at: from), at: to)
        return before
    }

    /// The items kept whose relative order changed: those off a longest run kept in order.
    static func moved(from old: [String], to new: [String]) -> [String] {
        guard old != new else { return [] }
        let order: [Int]
        if old.count <= ChangedMiddle.shortRun {   // a short run (the quick path's): looked up without hashing
            order = new.map { old.lastIndex(of: $0)! }   // the last of repeats, as the dictionary keeps
        } else {
            var position: [String: Int] = [:]
            position.reserveCapacity(old.count)
            for (i, id) in old.enumerated() { position[id] = i }
            order = new.map { position[$0]! }
        }
        return offLongestRun(order, new)
    }

    /// The elements of `new` off a longest increasing run of `order` (each one's old place):
    /// patience sorting, the same run whatever the places' scale (only their order counts).
    static func offLongestRun(_ order: [Int], _ new: [String]) -> [String] {
        var tails: [Int] = [], previous = [Int](repeating: -1, count: order.count)
        for (i, p) in order.enumerated() {
            var lo = 0, hi = tails.count
            while lo < hi { let mid = (lo + hi) / 2; if order[tails[mid]] < p { lo = mid + 1 } else { hi = mid } }
            if lo > 0 { previous[i] = tails[lo - 1] }
            if lo == tails.count { tails.append(i) } else { tails[lo] = i }
        }
        var kept = [Bool](repeating: false, count: new.count)
        var k = tails.last ?? -1
        while k >= 0 { kept[k] = true; k = previous[k] }
        return new.indices.filter { !kept[$0] }.map { new[$0] }
    }
}
