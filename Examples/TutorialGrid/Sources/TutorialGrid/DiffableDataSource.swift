/// `UICollectionViewDiffableDataSource<Int, String>` with one section, as far as the diffable
/// variant of the tutorial's view controller uses it (seed 002, "Diffable Data Sources" and
/// "Rearranging Cells"; UIKit's rules as docs/diffable.md cites them):
///
/// - `apply(_:)` computes the difference from the items it shows and performs it on the
///   collection view as one batch update (deletes, inserts, moves); a snapshot that repeats an
///   identifier raises;
/// - with `reorderingHandlers`, a drag reorders the data source and its cells first, and
///   `didReorder` hears of it afterwards with the transaction.
///
/// A stand-in of the example's own, like `CollectionView`: it records for the checker and
/// does not use the checker's simulation (the checker simulates the view on its side too).
final class DiffableDataSource {
    let collectionView: CollectionView
    private(set) var items: [String] = []
    /// `cellProvider`: binds a cell to an item identifier.
    let cellProvider: (TabCell, String) -> Void

    /// `NSDiffableDataSourceTransaction` for one section: the items before and after the drag,
    /// and the item dragged (its difference, as UIKit gives it).
    struct Transaction {
        let initial: [String]
        let final: [String]
        let dragged: String
    }

    /// `UICollectionViewDiffableDataSource.ReorderingHandlers`.
    struct ReorderingHandlers {
        var canReorderItem: ((String) -> Bool)?
        var didReorder: (Transaction) -> Void = { _ in }
    }
    var reorderingHandlers = ReorderingHandlers()

    init(collectionView: CollectionView, cellProvider: @escaping (TabCell, String) -> Void) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        collectionView.numberOfItemsInDataSource = { [unowned self] in self.items.count }
        collectionView.configure = { [unowned self] cell, item in self.cellProvider(cell, self.items[item]) }
    }

    /// `apply(_:animatingDifferences:)`.
    func apply(_ snapshot: [String]) {
        var seen: Set<String> = []
        guard snapshot.allSatisfy({ seen.insert($0).inserted }) else {
            return collectionView.raise("Fatal: supplied item identifiers are not unique.")
        }
        let old = items
        let oldIndex = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1, $0) })
        let deletes = old.indices.filter { !seen.contains(old[$0]) }
        let inserts = snapshot.indices.filter { oldIndex[snapshot[$0]] == nil }
        // Items kept whose place among the kept items changed are moved.
        let keptOld = old.filter { seen.contains($0) }
        let keptNew = snapshot.filter { oldIndex[$0] != nil }
        let moves = keptNew.indices.filter { keptOld[$0] != keptNew[$0] }
            .map { (from: oldIndex[keptNew[$0]]!, to: snapshot.firstIndex(of: keptNew[$0])!) }
        items = snapshot
        guard !(deletes.isEmpty && inserts.isEmpty && moves.isEmpty) else { return }
        collectionView.performBatchUpdates(deletes: deletes, inserts: inserts, moves: moves)
    }

    /// The user dragged the cell at `from` to `to` and let go: if the handlers allow it, the data
    /// source and the cells move first, then `didReorder` is called. False if nothing moved.
    func userDragged(from: Int, to: Int) -> Bool {
        guard let can = reorderingHandlers.canReorderItem, items.indices.contains(from), items.indices.contains(to),
              can(items[from]) else { return false }
        let initial = items
        items.insert(items.remove(at: from), at: to)
        collectionView.userMovedItem(from: from, to: to)
        reorderingHandlers.didReorder(Transaction(initial: initial, final: items, dragged: initial[from]))
        return true
    }
}
