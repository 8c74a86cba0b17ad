// The tutorial's view-model, as it stands at the end of chapter 8, line for line. Only
// the `Fixes` branches are new (each keeps the tutorial's line as its else-branch), and
// UIKit's `IndexPath`/`UISearchBar` are replaced by `Int` and a stand-in.
final class TabCollectionVM {
    let vc: TabCollectionVC
    let fixes: Fixes

    init(vc: TabCollectionVC, fixes: Fixes) {
        self.vc = vc
        self.fixes = fixes
    }

    // Chapter 6, step 3.
    private(set) var filterQuery = ""

    // Chapter 5, step 4; made private in chapter 6 (read-only here so the driver can observe it).
    private(set) var tabs: [Tab] = [] {
        didSet {
            relayIfTabLengthIsPositiveOrZero()
        }
    }

    func relayIfTabLengthIsPositiveOrZero() {
        if tabs.count == 0 {
            vc.tabsLengthIsZero()
        } else {
            vc.tabsLengthIsPositive()
        }
    }

    var filteredTabs: [Tab] {
        if filterQuery.isEmpty {
            return tabs
        } else if fixes.contains(.characterWiseFilter) {
            let query = Array(filterQuery.lowercased())
            return tabs.filter { Array($0.title.lowercased()).contains(query) }
        } else {
            return tabs.filter { $0.title.lowercased().contains(filterQuery.lowercased()) }
        }
    }

    // Chapter 5, step 2.
    func appendNewTabToTabsArray() -> Int? {
        let newTab = Tab()
        tabs.append(newTab)

        if fixes.contains(.insertDisplayedIndex) {
            return filteredTabs.firstIndex(of: newTab)
        }
        let newTabIndexPath = tabs.count - 1
        return newTabIndexPath
    }

    // Chapter 5, step 3.
    func closeAllTabs() {
        tabs = [Tab]()
    }

    // Chapter 5, step 4.
    func tabCollectionVCWillAppear() {
        relayIfTabLengthIsPositiveOrZero()
    }

    // Chapter 7, step 2.
    func deleteTabFromTabsArray(atIndexPathForFilteredTabs filteredTabsArrayIndexPath: Int) {
        let tabToDelete = filteredTabs[filteredTabsArrayIndexPath]
        let indexToDelete = tabs.firstIndex(of: tabToDelete)!
        tabs.remove(at: indexToDelete)
    }

    /// A fix's path: close a tab by identity, if it is still open (hidden by the filter or
    /// not); returns the displayed index it had, if it was displayed.
    func deleteTab(_ tab: Tab) -> Int? {
        guard let index = tabs.firstIndex(of: tab) else { return nil }
        let filteredIndex = filteredTabs.firstIndex(of: tab)
        tabs.remove(at: index)
        return filteredIndex
    }

    /// A fix's path for the diffable variant (`reorderingHandlers.didReorder`): the view has
    /// already moved the dragged tab; the model follows, F9's place among the tabs the query
    /// hides — just before the tab now displayed after it, else just after the one before it.
    func followReorder(_ transaction: DiffableDataSource.Transaction) {
        let final = transaction.final
        guard let moved = tabs.firstIndex(where: { $0.id == transaction.dragged }),
              let j = final.firstIndex(of: transaction.dragged), final.count > 1 else { return }
        var reordered = tabs
        let tab = reordered.remove(at: moved)
        if j + 1 < final.count, let next = reordered.firstIndex(where: { $0.id == final[j + 1] }) {
            reordered.insert(tab, at: next)
        } else if let previous = reordered.firstIndex(where: { $0.id == final[j - 1] }) {
            reordered.insert(tab, at: previous + 1)
        } else {
            return
        }
        tabs = reordered
    }

    // MARK: UISearchBarDelegate (chapter 6, steps 4–7)

    func searchBar(_ searchBar: SearchBar, textDidChange searchText: String) {
        filterQuery = searchText
        vc.filterQueryTextDidChange()
    }

    func searchBarTextDidBeginEditing(_ searchBar: SearchBar) {
        searchBar.showsCancelButton = true
    }

    func searchBarTextDidEndEditing(_ searchBar: SearchBar) {
        searchBar.showsCancelButton = false
    }

    func searchBarCancelButtonClicked(_ searchBar: SearchBar) {
        endSearchingAndReload()
    }

    private func endSearchingAndReload() {
        // If the query string was already empty, no need to reload the collection view.
        if filterQuery != "" {
            filterQuery = ""
            vc.filterQueryTextDidChange()
        }
        vc.filterQuerySearchBarCancelButtonClicked()
    }
}

/// UISearchBar, as far as the tutorial uses it: its text, its Cancel button, and first
/// responder status (resigning ends editing, which the delegate hears).
final class SearchBar {
    var text = ""
    var showsCancelButton = false
    var isFirstResponder = false
    weak var delegate: TabCollectionVM?

    func becomeFirstResponder() {
        guard !isFirstResponder else { return }
        isFirstResponder = true
        delegate?.searchBarTextDidBeginEditing(self)
    }

    func resignFirstResponder() {
        guard isFirstResponder else { return }
        isFirstResponder = false
        delegate?.searchBarTextDidEndEditing(self)
    }
}
