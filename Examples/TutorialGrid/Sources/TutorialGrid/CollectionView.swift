import TabGridCore

/// UICollectionView, as far as the tutorial uses it: its cells (one per item; no
/// off-screen reuse), its bounds and safe area, scrolling, and UIKit's batch-update rules —
/// an inconsistent update raises, as UIKit's `NSInternalInconsistencyException` does, and
/// the app crashes. Every update is recorded for the checker.
final class CollectionView {
    var bounds = (width: 393.0, height: 852.0)
    var safeAreaInsets = (left: 0.0, right: 0.0, top: 59.0, bottom: 34.0)
    var isScrollEnabled = true
    private(set) var cells: [TabCell] = []
    /// What the app told UIKit during the current event.
    var recorded: [GridViewUpdate] = []
    /// UIKit's exception, when an update broke its rules (the app is dead after it).
    var exception: String?
    let makeCell: () -> TabCell
    /// The data source: how many items there are now, and binding a cell to item i.
    var numberOfItemsInDataSource: () -> Int = { 0 }
    var configure: (TabCell, Int) -> Void = { _, _ in }
    /// A cell left the collection view (deleted, or beyond the items after a reload).
    var didRemove: (TabCell) -> Void = { _ in }

    init(makeCell: @escaping () -> TabCell) { self.makeCell = makeCell }

    func numberOfItems(inSection section: Int) -> Int { cells.count }

    func indexPath(for cell: TabCell) -> Int? { cells.firstIndex { $0 === cell } }

    func cellForItem(at i: Int) -> TabCell? { cells.indices.contains(i) ? cells[i] : nil }

    func reloadData() {
        recorded.append(.reload)
        let n = numberOfItemsInDataSource()
        // Visible cells are reused in place: the cell at item p now shows item p.
        if cells.count > n {
            let gone = cells[n...]
            cells.removeLast(cells.count - n)
            gone.forEach(didRemove)
        }
        while cells.count < n { cells.append(makeCell()) }
        for (p, cell) in cells.enumerated() { configure(cell, p) }
    }

    func insertItems(at indexPaths: [Int]) {
        recorded.append(.batch(deletes: [], inserts: indexPaths, moves: []))
        guard check(inserted: indexPaths.count, deleted: 0) else { return }
        for i in indexPaths.sorted() {
            guard i >= 0 && i <= cells.count else { return raise("attempt to insert item \(i) into section 0, but there are only \(cells.count + 1) items in section 0 after the update") }
            let cell = makeCell()
            cells.insert(cell, at: i)
            configure(cell, i)
        }
    }

    func deleteItems(at indexPaths: [Int]) {
        recorded.append(.batch(deletes: indexPaths, inserts: [], moves: []))
        guard check(inserted: 0, deleted: indexPaths.count) else { return }
        for i in indexPaths.sorted(by: >) {
            guard i >= 0 && i < cells.count else { return raise("attempt to delete item \(i) from section 0 which only contains \(cells.count) items before the update") }
            didRemove(cells.remove(at: i))
        }
    }

    /// `performBatchUpdates` with deletes (old indices), inserts (new indices) and moves, as a
    /// diffable data source's `apply` performs its difference.
    func performBatchUpdates(deletes: [Int], inserts: [Int], moves: [(from: Int, to: Int)]) {
        recorded.append(.batch(deletes: deletes, inserts: inserts, moves: moves))
        guard check(inserted: inserts.count, deleted: deletes.count) else { return }
        let n = cells.count - deletes.count + inserts.count
        let gone = Set(deletes), movedFrom = Set(moves.map(\.from))
        guard gone.allSatisfy(cells.indices.contains), movedFrom.allSatisfy(cells.indices.contains),
              (inserts + moves.map(\.to)).allSatisfy({ $0 >= 0 && $0 < n }),
              Set(inserts + moves.map(\.to)).count == inserts.count + moves.count else {
            return raise("attempt to update items outside section 0 (\(cells.count) items before the update, \(n) after)")
        }
        var placed = [TabCell?](repeating: nil, count: n)
        for m in moves { placed[m.to] = cells[m.from] }
        for i in inserts { placed[i] = makeCell() }
        var kept = cells.indices.filter { !gone.contains($0) && !movedFrom.contains($0) }.map { cells[$0] }.makeIterator()
        let removed = deletes.map { cells[$0] }
        cells = placed.map { $0 ?? kept.next()! }
        removed.forEach(didRemove)
        for i in inserts { configure(cells[i], i) }
    }

    /// The user's drag (interactive movement, or a diffable data source's reordering): the
    /// cell moves before the app hears of it; it is not an update the app made.
    func userMovedItem(from: Int, to: Int) {
        cells.insert(cells.remove(at: from), at: to)
    }

    /// UIKit's count rule: after = before − deleted + inserted.
    private func check(inserted: Int, deleted: Int) -> Bool {
        let after = numberOfItemsInDataSource()
        guard after == cells.count - deleted + inserted else {
            raise("Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (\(after)) must be equal to the number of items contained in that section before the update (\(cells.count)), plus or minus the number of items inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted)")
            return false
        }
        return true
    }

    func raise(_ reason: String) {
        if exception == nil { exception = "NSInternalInconsistencyException: \(reason)" }
    }
}
