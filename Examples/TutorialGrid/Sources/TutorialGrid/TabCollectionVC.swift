import TabGridCore

enum Orientation {
    case landscape
    case portrait
}

/// The tutorial's `TabCollectionVC`: the data source, the layout delegate, the toolbar and
/// the `TabCellDelegate`. UIKit calls are made on `CollectionView`, which records them.
final class TabCollectionVC {
    var vm: TabCollectionVM!
    let collectionView: CollectionView
    let filterTabsSearchBar = SearchBar()
    let lock = SwipeLock()
    let fixes: Fixes
    /// `closeAllTabsButton.isEnabled`, and the states sent during the current event.
    var closeAllTabsButtonIsEnabled = true
    var closeAllStatesSent: [Bool] = []
    /// The tabs whose cells are flying away (fly-left started, not finished).
    var flyingTabs: [Tab] = []
    /// A `fatalError` or a trap the tutorial's code hit (the app is dead after it).
    var trapped: String?
    /// The diffable variant's data source (#37); nil: the tutorial's three data-source methods
    /// and batch updates.
    private(set) var dataSource: DiffableDataSource?

    /// How the view controller feeds its collection view.
    enum Feed { case batchUpdates, diffable }

    init(fixes: Fixes, feed: Feed = .batchUpdates) {
        self.fixes = fixes
        let lock = self.lock
        collectionView = CollectionView(makeCell: { TabCell(lock: lock, fixes: fixes) })
        vm = TabCollectionVM(vc: self, fixes: fixes)
        filterTabsSearchBar.delegate = vm
        collectionView.numberOfItemsInDataSource = { [unowned self] in self.vm.filteredTabs.count }
        collectionView.configure = { [unowned self] cell, item in self.cellForItemAt(cell, item) }
        if fixes.contains(.releaseLockWithCell) { collectionView.didRemove = { $0.releaseSwipeBecauseCellIsGone() } }
        if feed == .diffable { configureDataSource() }
    }

    // MARK: The diffable variant (#37): the same view-model, a diffable data source

    /// What a port of the tutorial to iOS 14's diffable data source writes in `viewDidLoad`:
    /// the tab's `id` is the item identifier, and the user may drag any tab.
    private func configureDataSource() {
        let source = DiffableDataSource(collectionView: collectionView) { [unowned self] cell, id in
            guard let index = self.vm.filteredTabs.firstIndex(where: { $0.id == id }) else { return }
            self.cellForItemAt(cell, index)
        }
        source.reorderingHandlers.canReorderItem = { _ in true }
        source.reorderingHandlers.didReorder = { [unowned self] transaction in
            // The tutorial's view-model has no way to reorder its tabs: as published, the view
            // keeps the user's order and the model does not hear of it (docs/tutorial-findings.md).
            if self.fixes.contains(.followReorder) { self.vm.followReorder(transaction) }
        }
        dataSource = source
    }

    /// `apply(snapshot)`: the displayed tabs' ids, in order.
    func applySnapshot() {
        dataSource?.apply(vm.filteredTabs.map(\.id))
    }
    // MARK: Data source

    /// `collectionView(_:cellForItemAt:)`.
    func cellForItemAt(_ tabSnapshotCell: TabCell, _ item: Int) {
        let relevantTab = vm.filteredTabs[item]
        if fixes.contains(.releaseLockWithCell), tabSnapshotCell.tab != relevantTab { tabSnapshotCell.releaseSwipeBecauseCellIsGone() }
        tabSnapshotCell.title = relevantTab.title
        tabSnapshotCell.tab = relevantTab
        tabSnapshotCell.delegate = self
    }

    // MARK: Layout (chapter 4)

    private static let INSET_PADDING = 15.0

    var orientation: Orientation {
        collectionView.bounds.width > collectionView.bounds.height ? .landscape : .portrait
    }

    func insetForSection() -> (top: Double, left: Double, bottom: Double, right: Double) {
        (top: TabCollectionVC.INSET_PADDING,
         left: collectionView.safeAreaInsets.left + TabCollectionVC.INSET_PADDING,
         bottom: TabCollectionVC.INSET_PADDING,
         right: collectionView.safeAreaInsets.right + TabCollectionVC.INSET_PADDING)
    }

    private func itemsPerRow(for orientation: Orientation, and tabCount: Int) -> Double {
        if tabCount == 1 { return 1.33 }
        if tabCount == 2 { return 2 }
        switch orientation {
        case .portrait:
            return 2
        case .landscape:
            return 3
        }
    }

    /// `sizeForItemAt`, with its `rowItemCount` (nil size: the fix found no room).
    func sizeForItem() -> (rowItemCount: Double, width: Double, height: Double)? {
        let orientation = collectionView.orientationValue
        let safeAreaWidth = collectionView.bounds.width - collectionView.safeAreaInsets.left - collectionView.safeAreaInsets.right

        var rowItemCount = itemsPerRow(for: orientation, and: collectionView.numberOfItems(inSection: 0))
        func width(_ c: Double) -> Double {
            let interItemSpacing = TabCollectionVC.INSET_PADDING * (2 * c)
            return (safeAreaWidth - interItemSpacing) / c
        }
        var itemWidth = width(rowItemCount)
        if fixes.contains(.minimumItemWidth) {
            let b = collectionView.bounds, s = collectionView.safeAreaInsets
            guard [b.width, b.height, s.left, s.right, s.top, s.bottom].allSatisfy({ $0.isFinite && $0 <= 1e7 }), s.left >= 0, s.right >= 0, s.top >= 0, s.bottom >= 0,
                  b.width > 0, b.height > 0, safeAreaWidth > 0, b.width <= 1e7, b.height <= 1e7 else { return nil }
            while !(itemWidth >= 44) && rowItemCount > 1 {
                rowItemCount = rowItemCount == 1.33 ? 1 : rowItemCount - 1
                itemWidth = width(rowItemCount)
            }
            guard itemWidth >= 44 else { return nil }
        }

        let deviceAspectRatio = collectionView.bounds.height / collectionView.bounds.width
        let squareAspectRatio = 1.0
        let squarifiedAspectRatio = (squareAspectRatio + deviceAspectRatio) / 2
        let aspectRatio = orientation == .portrait ? squarifiedAspectRatio : deviceAspectRatio

        let itemHeight = itemWidth * aspectRatio
        // L5: never a zero, infinite or NaN size (a height of 5e-324 pt makes the height underflow to 0).
        if fixes.contains(.minimumItemWidth) { guard itemHeight > 0, itemHeight.isFinite else { return nil } }

        return (rowItemCount, itemWidth, itemHeight)
    }

    // MARK: Toolbar (chapter 5)

    func createNewTabButtonPressed() {
        let newTabIndexPath = vm.appendNewTabToTabsArray()
        if dataSource != nil { return applySnapshot() }
        guard let newTabIndexPath else { return }
        collectionView.insertItems(at: [newTabIndexPath])
    }

    func closeAllTabsButtonPressed() {
        vm.closeAllTabs()
        if dataSource != nil { return applySnapshot() }
        collectionView.reloadData()
    }

    func tabsLengthIsZero() {
        closeAllTabsButtonIsEnabled = false
        closeAllStatesSent.append(false)
    }

    func tabsLengthIsPositive() {
        closeAllTabsButtonIsEnabled = true
        closeAllStatesSent.append(true)
    }

    func viewWillAppear() {
        vm.tabCollectionVCWillAppear()
    }

    // MARK: Search (chapter 6)

    func filterQueryTextDidChange() {
        if dataSource != nil { return applySnapshot() }
        collectionView.reloadData()
    }

    func filterQuerySearchBarCancelButtonClicked() {
        filterTabsSearchBar.text = ""
        filterTabsSearchBar.resignFirstResponder()
    }

    // MARK: TabCellDelegate (chapters 7 and 8)

    func delete(cell: TabCell) {
        if fixes.contains(.completeByIdentity) {
            guard let tab = cell.completingTab ?? cell.tab, let index = vm.deleteTab(tab) else { return }
            if dataSource != nil { return applySnapshot() }
            collectionView.deleteItems(at: [index])
            return
        }
        guard let filteredTabsIndexPath = collectionView.indexPath(for: cell) else {
            trapped = "Fatal error: Cannot find indexPath for Tab whose deletion was requested."
            return
        }
        guard filteredTabsIndexPath < vm.filteredTabs.count else {
            trapped = "Fatal error: Index out of range (filteredTabs[\(filteredTabsIndexPath)] of \(vm.filteredTabs.count))"
            return
        }
        vm.deleteTabFromTabsArray(atIndexPathForFilteredTabs: filteredTabsIndexPath)
        if dataSource != nil { return applySnapshot() }
        collectionView.deleteItems(at: [filteredTabsIndexPath])
    }

    func someTabCellIsBeingSwiped(isSwiping: Bool) {
        collectionView.isScrollEnabled = !isSwiping
    }
}

extension CollectionView {
    var orientationValue: Orientation { bounds.width > bounds.height ? .landscape : .portrait }
}
