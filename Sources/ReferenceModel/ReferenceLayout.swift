/// The collection view's bounds and safe-area insets (L).
package struct RefViewport: Equatable, Sendable, Codable {
    package var width, height, safeLeft, safeRight, safeTop, safeBottom: Double
    package init(width: Double, height: Double, safeLeft: Double = 0, safeRight: Double = 0, safeTop: Double = 0, safeBottom: Double = 0) {
        self.width = width; self.height = height; self.safeLeft = safeLeft; self.safeRight = safeRight
        self.safeTop = safeTop; self.safeBottom = safeBottom
    }
}

/// The layout by the closed formulas of L1–L5, written as the spec states them.
package struct RefLayout: Equatable, Sendable {
    package var tooSmall: Bool
    package var columns = 0.0
    package var itemWidth = 0.0
    package var itemHeight = 0.0
    package var insetTop = 0.0, insetLeft = 0.0, insetBottom = 0.0, insetRight = 0.0

    package init(tooSmall: Bool, columns: Double = 0, itemWidth: Double = 0, itemHeight: Double = 0,
                insetTop: Double = 0, insetLeft: Double = 0, insetBottom: Double = 0, insetRight: Double = 0) {
        self.tooSmall = tooSmall; self.columns = columns; self.itemWidth = itemWidth; self.itemHeight = itemHeight
        self.insetTop = insetTop; self.insetLeft = insetLeft; self.insetBottom = insetBottom; self.insetRight = insetRight
    }

    package static func compute(_ v: RefViewport, displayedCount n: Int) -> RefLayout {
        let tooSmall = RefLayout(tooSmall: true)
        func absurd(_ x: Double) -> Bool { !x.isFinite || x > 1e7 }
        if absurd(v.width) || absurd(v.height) || absurd(v.safeLeft) || absurd(v.safeRight)
            || absurd(v.safeTop) || absurd(v.safeBottom) { return tooSmall }       // L5 (and absurd sizes)
        if v.safeLeft < 0 || v.safeRight < 0 || v.safeTop < 0 || v.safeBottom < 0 { return tooSmall }
        let S = v.width - v.safeLeft - v.safeRight
        if v.width <= 0 || v.height <= 0 || S <= 0 || !S.isFinite { return tooSmall }

        let landscape = v.width > v.height                                          // L1
        var c: Double                                                               // L2
        if n == 1 { c = 1.33 } else if n == 2 { c = 2 } else { c = landscape ? 3 : 2 }
        let aspect = landscape ? v.height / v.width : (1 + v.height / v.width) / 2  // L4

        // L5: the candidate column counts, from the nominal one down to 1.
        let candidates: [Double] = c == 3 ? [3, 2, 1] : c == 2 ? [2, 1] : [1.33, 1]   // constants: no allocation
        for columns in candidates {
            let width = (S - 15 * 2 * columns) / columns
            if width < 44 { continue }
            let height = width * aspect
            if !width.isFinite || !height.isFinite || height <= 0 { return tooSmall }
            return RefLayout(tooSmall: false, columns: columns, itemWidth: width, itemHeight: height,
                             insetTop: 15, insetLeft: v.safeLeft + 15, insetBottom: 15, insetRight: v.safeRight + 15)
        }
        return tooSmall
    }
}

/// A stand-in for UICollectionViewFlowLayout: places items one by one, left to right,
/// starting a new row when the next item (plus the 10 pt spacing) does not fit (L6).
package enum SimulatedFlowLayout {
    /// The number of items in each row for `count` items; nil for a tooSmall layout.
    /// `slack` is the floating-point allowance of L6.
    package static func rows(_ layout: RefLayout, viewportWidth: Double, count: Int, slack: Double = 1e-6) -> [Int]? {
        if layout.tooSmall { return nil }
        let available = viewportWidth - layout.insetLeft - layout.insetRight
        var rows: [Int] = []
        var inRow = 0
        var x = 0.0
        for _ in 0..<count {
            let needed = inRow == 0 ? layout.itemWidth : x + 10 + layout.itemWidth
            if inRow > 0 && needed > available + slack {
                rows.append(inRow)
                inRow = 0
                x = 0
            }
            x = inRow == 0 ? layout.itemWidth : x + 10 + layout.itemWidth
            inRow += 1
        }
        if inRow > 0 { rows.append(inRow) }
        return rows
    }

    /// Items that fit in one full row, by placement: place until the next one overflows.
    package static func itemsPerFullRow(_ layout: RefLayout, viewportWidth: Double, slack: Double = 1e-6) -> Int {
        if layout.tooSmall { return 0 }
        let available = viewportWidth - layout.insetLeft - layout.insetRight
        var k = 0
        var x = 0.0
        while k < 10_000 {
            let next = k == 0 ? layout.itemWidth : x + 10 + layout.itemWidth
            if next > available + slack { break }
            x = next
            k += 1
        }
        return k
    }
}
