import ReferenceModel
import Testing

/// The simulated collection view rejects what UIKit rejects, with UIKit's wording.
@Suite struct SimulatedCollectionViewTests {
    func view(_ n: Int) -> SimulatedCollectionView { SimulatedCollectionView(items: (0..<n).map { "i\($0)" }) }

    @Test func acceptsABalancedBatch() throws {
        var v = view(3)
        try v.apply(.batch(deletes: [0], inserts: [2], moves: [(from: 2, to: 0)]), dataSource: ["i2", "i1", "new"])
        #expect(v.items == ["i2", "i1", "new"])
    }

    @Test func rejectsACountThatDoesNotBalance() {
        var v = view(3)
        #expect(throws: InvalidUpdate.self) { try v.apply(.batch(deletes: [0], inserts: [], moves: []), dataSource: ["i1", "i2", "i3"]) }
        do { try v.apply(.none, dataSource: []); try v.apply(.batch(deletes: [], inserts: [3], moves: []), dataSource: ["a", "b", "c"]) } catch {
            #expect(error.message.hasPrefix("Invalid update: invalid number of items in section 0"))
        }
        #expect(v.items == ["i0", "i1", "i2"], "a rejected update changes nothing")
    }

    @Test func rejectsOutOfRangeAndDuplicateIndices() {
        var v = view(2)
        let cases: [(ViewUpdate, [String], String)] = [
            (.batch(deletes: [2], inserts: [], moves: []), ["i0"], "attempt to delete item 2"),
            (.batch(deletes: [], inserts: [5], moves: []), ["i0", "i1", "x"], "attempt to insert item 5"),
            (.batch(deletes: [0, 0], inserts: [], moves: []), [], "more than once"),
            (.batch(deletes: [], inserts: [0, 0], moves: []), ["a", "b", "c", "d"], "more than once"),
            // Many indices are checked through a set: the first repeated one is named all the same.
            (.batch(deletes: [], inserts: Array(0..<20) + [7, 3], moves: []), (0..<24).map { "n\($0)" }, "insert item 7 more than once"),
            (.batch(deletes: [], inserts: [], moves: [(from: 4, to: 0)]), ["i0", "i1"], "attempt to move item 4"),
            (.reloadItems([7]), ["i0", "i1"], "attempt to reload item 7"),
        ]
        for (update, source, message) in cases {
            do { try v.apply(update, dataSource: source); Issue.record("accepted \(update)") } catch {
                #expect(error.message.contains(message), "\(update): \(error.message)")
            }
        }
    }

    @Test func keepsTheCloseAllStateItReceived() {
        var v = view(0)
        #expect(v.closeAllEnabled == nil)
        v.receiveCloseAllState(true)
        #expect(v.closeAllEnabled == true)
    }
}

/// The simulated flow layout on hand-computed viewports.
@Suite struct SimulatedFlowLayoutTests {
    @Test func phonePortraitPlacesTwoPerRow() {
        // 390 wide: item (390 - 60) / 2 = 165; 165 + 10 + 165 = 340 = 390 - 30 exactly.
        let l = RefLayout.compute(RefViewport(width: 390, height: 844), displayedCount: 5)
        #expect(l.itemWidth == 165)
        #expect(SimulatedFlowLayout.rows(l, viewportWidth: 390, count: 5) == [2, 2, 1])
    }

    @Test func tabletLandscapePlacesThree() {
        // 1366 wide: (1366 - 90) / 3 = 425.33; three take 1296 ≤ 1336, four 1741.3 > 1336.
        let l = RefLayout.compute(RefViewport(width: 1366, height: 1024), displayedCount: 7)
        #expect(SimulatedFlowLayout.rows(l, viewportWidth: 1366, count: 7) == [3, 3, 1])
    }

    @Test func tinyViewportsFallBackToOneColumnOrTooSmall() {
        let one = RefLayout.compute(RefViewport(width: 100, height: 400), displayedCount: 4)   // 2 cols: 20 < 44 → 1 col: 70
        #expect(one.columns == 1 && one.itemWidth == 70)
        #expect(SimulatedFlowLayout.rows(one, viewportWidth: 100, count: 4) == [1, 1, 1, 1])
        #expect(RefLayout.compute(RefViewport(width: 60, height: 400), displayedCount: 1).tooSmall)
        #expect(SimulatedFlowLayout.rows(RefLayout(tooSmall: true), viewportWidth: 60, count: 3) == nil)
    }

    @Test func fullRowsCountByPlacementNotByFormula() {
        let l = RefLayout(tooSmall: false, columns: 2, itemWidth: 100, itemHeight: 100, insetLeft: 15, insetRight: 15)
        #expect(SimulatedFlowLayout.itemsPerFullRow(l, viewportWidth: 240) == 2)   // 210 ≤ 210
        #expect(SimulatedFlowLayout.itemsPerFullRow(l, viewportWidth: 239) == 1)
        #expect(SimulatedFlowLayout.itemsPerFullRow(l, viewportWidth: 350) == 3)
    }
}
