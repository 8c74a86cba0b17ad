import Testing
import TabModel

/// The non-copying readers of `TabGrid` give what the copying ones give.
@Suite struct TabGridReadingTests {
    @Test func forEachAndNewestClosedAgreeWithTheArrays() {
        var grid = TabGrid(ids: .sequential(prefix: "t"))
        // Enough tabs for several chunks of the tab list, a filter that hides some, closes.
        for i in 0..<300 {
            _ = grid.newTab()
            _ = grid.setTitle(i % 3 == 0 ? "Apple \(i)" : "News \(i)", for: TabID("t\(i + 1)"))
        }
        _ = grid.setQuery("apple")
        _ = try? grid.closeDisplayed(at: 5)
        _ = grid.close(TabID("t2"))
        var all: [Tab] = [], shown: [Tab] = []
        grid.forEachTab { all.append($0) }
        grid.forEachDisplayed { shown.append($0) }
        #expect(all == grid.tabs && all.count == 298)
        #expect(shown == grid.displayed && shown.count == grid.displayedCount && shown.count == 99)
        #expect(grid.newestClosed == grid.recentlyClosed.first && grid.newestClosed?.items.map(\.tab.id) == [TabID("t2")])
        #expect(grid.recentlyClosedCount == grid.recentlyClosed.count && grid.recentlyClosedCount == 2)
    }
}
