import Checker
import ProductionDriver
import Testing
import TabModel

@Suite struct LayoutSweepTests {
    /// L5, L6 for every integer width 1…3000 × heights × insets × counts 0…12, the device
    /// catalogue and the non-finite viewports.
    @Test func itemsPerRowHoldsAcrossEveryViewport() {
        let r = LayoutSweep.run()
        #expect(r.checked > 3000 * 8 * 4 * 13)
        #expect(r.violations.isEmpty, "\(r.violations.map(\.description).joined(separator: "\n"))")
    }

    /// The sweep catches the tutorial's layout (bug 9: no 44 pt floor, so items shrink
    /// below tappable size or to nothing at small widths).
    @Test func sweepCatchesTheTutorialsLayout() {
        let r = LayoutSweep.run(widths: 1...400) { v, n in
            let s = v.width - v.safeLeft - v.safeRight
            let c: Double = n == 1 ? 1.33 : n == 2 ? 2 : (v.width > v.height ? 3 : 2)
            let w = (s - 30 * c) / c
            guard v.width.isFinite, v.height.isFinite, v.width > 0, v.height > 0 else { return .tooSmall }
            return .grid(.init(columns: c, itemWidth: w, itemHeight: abs(w) + 1, insetTop: 15, insetLeft: v.safeLeft + 15,
                               insetBottom: 15, insetRight: v.safeRight + 15))
        }
        #expect(!r.violations.isEmpty)
        #expect(r.violations.allSatisfy { $0.property == .itemsPerRow })
    }
}
