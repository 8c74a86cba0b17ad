import Generators

/// L1–L5, L7 by the spec's closed formulas, computed here from the viewport and the
/// displayed count (L7: the count the view shows, never the whole list): orientation (L1),
/// nominal columns and the drop to fewer columns under 44 pt (L2, L5), section insets (L3),
/// item width and height (L4); `tooSmall` only where L5 allows it. A third reading of L,
/// beside the reference's and production's; `itemsPerRow` judges the placement (L6).
/// Tolerance: 1e-9 relative. Inputs above 10⁷ pt may be `tooSmall` (no real screen has
/// them, and the formulas lose precision there).
/// SPEC's column rule: silent under `gridColumns = .anyFitting` (`itemsPerRow` judges what
/// every grid must have).
/// Seen failing on: planted `insetTopZero`, `layoutFromFullCount`; mutant 09.
package struct LayoutRulesProperty: StepProperty {
    package static let name = Property("layoutRules")
    package var rules: [String] { ["L1", "L2", "L3", "L4", "L5", "L7"] }
    package var needs: Set<Capability> { [.layout] }
    /// The last inputs found right: the verdict depends on them alone, and most steps
    /// change none of them.
    var lastGood: (viewport: ViewportSpec, count: Int, layout: Observation.Layout)?
    package init() {}

    package mutating func check(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        guard f.policy.gridColumns == .spec else { return nil }
        let v = f.viewport, n = post.displayed.count, l = post.layout
        if let last = lastGood, last.count == n, last.viewport == v, last.layout == l { return nil }
        let verdict = judge(v, n, l)
        lastGood = verdict == nil ? (v, n, l) : nil
        return verdict
    }

    func judge(_ v: ViewportSpec, _ n: Int, _ l: Observation.Layout) -> Violation? {
        let expected = Self.expected(v, n)
        if l.tooSmall {
            guard let e = expected, !Self.absurd(v) else { return nil }
            return Violation(Self.name, "L5", "the layout is tooSmall, but \(Self.describe(v)) fits \(Int(e.columns.rounded(.down))) column(s) of \(e.itemWidth) pt for \(n) displayed")
        }
        guard let e = expected else {
            if Self.absurd(v) { return nil }
            return Violation(Self.name, "L5", "\(Self.describe(v)) must be tooSmall (no column of 44 pt fits, or an input is invalid), got \(l)")
        }
        func close(_ a: Double, _ b: Double) -> Bool { a == b || abs(a - b) <= 1e-9 * max(abs(a), abs(b)) }
        let orientation = v.width > v.height ? "landscape" : "portrait"
        if !close(l.columns, e.columns) {
            return Violation(Self.name, "L2", "\(n) displayed in \(orientation) (\(Self.describe(v))) take \(e.columns) columns, got \(l.columns)")
        }
        if !close(l.insetTop, 15) || !close(l.insetBottom, 15) || !close(l.insetLeft, v.safeLeft + 15) || !close(l.insetRight, v.safeRight + 15) {
            return Violation(Self.name, "L3", "section insets must be top 15, bottom 15, left safeLeft + 15 = \(v.safeLeft + 15), right safeRight + 15 = \(v.safeRight + 15); got t\(l.insetTop) b\(l.insetBottom) l\(l.insetLeft) r\(l.insetRight)")
        }
        if !close(l.itemWidth, e.itemWidth) || !close(l.itemHeight, e.itemHeight) {
            return Violation(Self.name, "L4", "items must be \(e.itemWidth)×\(e.itemHeight) for \(e.columns) columns in \(orientation), got \(l.itemWidth)×\(l.itemHeight)")
        }
        return nil
    }

    /// The layout L1–L5 give, or nil for `tooSmall`.
    static func expected(_ v: ViewportSpec, _ n: Int) -> (columns: Double, itemWidth: Double, itemHeight: Double)? {
        guard v.width.isFinite, v.height.isFinite, v.safeLeft.isFinite, v.safeRight.isFinite, v.safeTop.isFinite,
              v.safeBottom.isFinite, v.safeLeft >= 0, v.safeRight >= 0, v.safeTop >= 0, v.safeBottom >= 0 else { return nil }
        let s = v.width - v.safeLeft - v.safeRight
        guard v.width > 0, v.height > 0, s > 0 else { return nil }
        let landscape = v.width > v.height                                        // L1
        let nominal: Double = n == 1 ? 1.33 : n == 2 ? 2 : landscape ? 3 : 2       // L2
        let aspect = landscape ? v.height / v.width : (1 + v.height / v.width) / 2 // L4
        // L5: from the nominal count down to the next lower whole numbers.
        let chain: [Double] = nominal == 1.33 ? [1.33, 1] : nominal == 3 ? [3, 2, 1] : [2, 1]
        for c in chain {
            let width = (s - 15 * 2 * c) / c
            guard width >= 44 else { continue }
            let height = width * aspect
            guard width.isFinite, height.isFinite, height > 0 else { return nil }
            return (c, width, height)
        }
        return nil
    }

    static func absurd(_ v: ViewportSpec) -> Bool {
        [v.width, v.height, v.safeLeft, v.safeRight, v.safeTop, v.safeBottom].contains { $0.isFinite && abs($0) > LayoutCheck.largestValidPoints }
    }

    static func describe(_ v: ViewportSpec) -> String {
        "\(v.width)×\(v.height) (safe left \(v.safeLeft), right \(v.safeRight))"
    }
}
