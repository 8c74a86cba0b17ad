import Generators
import ReferenceModel

/// L5/L6 checked by placement: the simulated flow layout must put `floor(columns)` items
/// in a full row, within the bounds, for any viewport. Under `gridColumns = .anyFitting`
/// only what every grid must have: `tooSmall` for an invalid viewport and only there or
/// where no 44 pt column fits; otherwise finite, positive sizes and at least one item in
/// a row within the bounds.
package enum LayoutCheck {
    /// Under `anyFitting`, the widest margin a grid may keep on each side and still call a
    /// viewport too small (docs/policies.md): a margin wider than a minimal column is no grid's.
    package static let anyFittingMaxMargin = 44.0
    /// Viewport values beyond this many points are invalid (a tooSmall layout is required): no
    /// screen is wider, and beyond it a Double's sums lose the points (docs/policies.md).
    package static let largestValidPoints = 1e7

    package static func check(_ layout: Observation.Layout, viewport v: ViewportSpec, displayedCount n: Int,
                             columns rule: Policy.GridColumns = .spec) -> Violation? {
        let s = v.width - v.safeLeft - v.safeRight
        let valid = [v.width, v.height, v.safeLeft, v.safeRight, v.safeTop, v.safeBottom].allSatisfy { $0.isFinite && $0 <= largestValidPoints }
            && v.safeLeft >= 0 && v.safeRight >= 0 && v.safeTop >= 0 && v.safeBottom >= 0
            && v.width > 0 && v.height > 0 && s > 0
        if layout.tooSmall {
            // tooSmall only when even one column (the whole row) is narrower than 44 pt: inside
            // SPEC's 15 pt margins, or under `anyFitting` (the model's own margins, which a
            // tooSmall layout does not show) inside margins of up to `anyFittingMaxMargin` each.
            let margins = rule == .spec ? 30 : 2 * anyFittingMaxMargin
            let aspect = v.width > v.height ? v.height / v.width : (1 + v.height / v.width) / 2
            let oneColumnHeight = (s - margins) * aspect
            if valid && s - margins >= 44 && oneColumnHeight.isFinite && oneColumnHeight > 0 {
                return Violation(.itemsPerRow, "L5", "layout is tooSmall although one \(s - margins) pt column fits (\(describe(v)), \(n) items)")
            }
            return nil
        }
        if !valid { return Violation(.itemsPerRow, "L5", "an invalid viewport (\(describe(v))) must give tooSmall, got \(layout)") }
        let sizes = [layout.itemWidth, layout.itemHeight]
        if !sizes.allSatisfy({ $0.isFinite && $0 > 0 }) || (rule == .spec && layout.itemWidth < 44) {
            return Violation(.itemsPerRow, "L5", "item size \(layout.itemWidth)×\(layout.itemHeight) for \(describe(v)): never below 44 pt, NaN, infinite, zero or negative")
        }
        let perRow = SimulatedFlowLayout.itemsPerFullRow(layout.refLayout, viewportWidth: v.width)
        let landscape = v.width > v.height
        let expected = Int(layout.columns.rounded(.down))
        var problem: String?
        if rule == .anyFitting {
            if perRow < 1 { problem = "no item fits in a row" }
        } else if perRow != expected { problem = "\(perRow) items fit in a row, but columns is \(layout.columns) (floor \(expected))" }
        else if perRow < 1 { problem = "no item fits in a row" }
        else if perRow > (landscape ? 3 : 2) { problem = "\(perRow) items per row in \(landscape ? "landscape" : "portrait")" }
        else if n == 1 && perRow != 1 { problem = "one tab must fill one column, got \(perRow) per row" }
        else if n == 2 && (s - 60) / 2 >= 44 && perRow != 2 { problem = "two tabs must sit side by side, got \(perRow) per row" }
        if let problem {
            return Violation(.itemsPerRow, "L6", "\(problem) — \(describe(v)), \(n) items, item width \(layout.itemWidth)")
        }
        return nil
    }

    static func describe(_ v: ViewportSpec) -> String {
        "viewport \(v.width)×\(v.height), safe left \(v.safeLeft) right \(v.safeRight)"
    }
}
