/// A stand-in for UICollectionView: the item ids it shows, the Close All state it last
/// received (B2) — and UIKit's batch-update rules, enforced (F10).
package struct SimulatedCollectionView: Sendable {
    /// The ids of the items on screen, in order.
    package private(set) var items: [String]
    /// The Close All button's state as the view last received it; nil before any (B2).
    package private(set) var closeAllEnabled: Bool?

    package init(items: [String] = []) { self.items = items }

    package mutating func receiveCloseAllState(_ enabled: Bool) { closeAllEnabled = enabled }

    /// The user dragged the item at `from` to `to` (interactive movement, seed 002
    /// "Rearranging Cells"): the view moves it before the data source hears of it
    /// (`moveItemAt:to:`), so the model's update for it is `none` (D5). Out of range: nothing.
    package mutating func userMoved(from: Int, to: Int) {
        guard items.indices.contains(from), items.indices.contains(to) else { return }
        items.insert(items.remove(at: from), at: to)
    }

    /// Applies `update`, after which the data source reports `dataSource` (the new
    /// displayed ids). Throws the message UIKit would raise; on a throw nothing changes.
    package mutating func apply(_ update: ViewUpdate, dataSource: [String]) throws(InvalidUpdate) {
        switch update {
        case .none:
            // No update: the view still shows the old items; F10 compares them afterwards.
            return
        case .reload:
            items = dataSource
        case .reloadItems(let indices):
            try checkUnique(indices, "reload")
            for i in indices where i < 0 || i >= items.count {
                throw InvalidUpdate("attempt to reload item \(i) from section 0 which only contains \(items.count) items before the update")
            }
            guard items.count == dataSource.count else { throw countMismatch(items.count, 0, 0, 0, after: dataSource.count) }
            for i in indices { items[i] = dataSource[i] }
        case let .batch(deletes, inserts, moves):
            let old = items
            let after = dataSource.count
            try checkUnique(deletes + moves.map(\.from), "delete")
            try checkUnique(inserts + moves.map(\.to), "insert")
            for i in deletes where i < 0 || i >= old.count {
                throw InvalidUpdate("attempt to delete item \(i) from section 0 which only contains \(old.count) items before the update")
            }
            for m in moves where m.from < 0 || m.from >= old.count {
                throw InvalidUpdate("attempt to move item \(m.from) from section 0 which only contains \(old.count) items before the update")
            }
            let expected = old.count - deletes.count + inserts.count
            guard expected == after else {
                throw countMismatch(old.count, inserts.count, deletes.count, moves.count, after: after)
            }
            for i in inserts where i < 0 || i >= after {
                throw InvalidUpdate("attempt to insert item \(i) into section 0, but there are only \(after) items in section 0 after the update")
            }
            for m in moves where m.to < 0 || m.to >= after {
                throw InvalidUpdate("attempt to move item to \(m.to) in section 0, but there are only \(after) items in section 0 after the update")
            }
            // The usual batches: one item deleted, or one inserted (indices checked above).
            if moves.isEmpty && inserts.isEmpty && deletes.count == 1 { items.remove(at: deletes[0]); return }
            if moves.isEmpty && deletes.isEmpty && inserts.count == 1 { items.insert(dataSource[inserts[0]], at: inserts[0]); return }
            // Fill the new list: inserted slots ask the data source, moved slots carry
            // their item, and the remaining slots take the untouched items in order.
            var result = [String?](repeating: nil, count: after)
            for i in inserts { result[i] = dataSource[i] }
            for m in moves { result[m.to] = old[m.from] }
            let removed = Set(deletes + moves.map(\.from))
            var kept = old.indices.filter { !removed.contains($0) }.map { old[$0] }.makeIterator()
            for i in result.indices where result[i] == nil { result[i] = kept.next() }
            items = result.map { $0 ?? "" }
        }
    }

    /// The first index named twice, in order: looked up in a list for a few, a set for many
    /// (a query that hides a thousand tabs names a thousand).
    private func checkUnique(_ indices: [Int], _ what: String) throws(InvalidUpdate) {
        var seen = Set<Int>()
        for (k, i) in indices.enumerated() where indices.count <= 16 ? indices[..<k].contains(i) : !seen.insert(i).inserted {
            throw InvalidUpdate("attempt to \(what) item \(i) more than once in the same update")
        }
    }

    private func countMismatch(_ before: Int, _ inserted: Int, _ deleted: Int, _ moved: Int, after: Int) -> InvalidUpdate {
        InvalidUpdate("Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (\(after)) must be equal to the number of items contained in that section before the update (\(before)), plus or minus the number of items inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).")
    }
}

/// An update UIKit would reject, with UIKit's wording.
package struct InvalidUpdate: Error, Equatable, Sendable, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
