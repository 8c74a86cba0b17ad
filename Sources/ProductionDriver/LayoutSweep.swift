import Checker
import Generators
import TabModel

/// The items-per-row sweep (L5, L6): every integer width 1…3000 × a set of heights and
/// safe-area insets × displayed counts 0…12, plus the device catalogue and the absurd
/// viewports, each checked by placement with the simulated flow layout.
package enum LayoutSweep {
    package static let heights: [Double] = [1, 44, 320, 568, 844, 1024, 1366, 3000]
    package static let insets: [(Double, Double)] = [(0, 0), (47, 47), (59, 0), (0, 21.5)]

    package struct Result: Sendable {
        package var checked = 0
        package var violations: [Violation] = []
    }

    /// Runs the sweep; stops collecting after `maxViolations`.
    package static func run(widths: ClosedRange<Int> = 1...3000, counts: ClosedRange<Int> = 0...12, maxViolations: Int = 10,
                           layout: (Viewport, Int) -> GridLayout = { GridLayout(viewport: $0, displayedCount: $1) }) -> Result {
        var r = Result()
        func check(_ v: ViewportSpec, _ n: Int) {
            let l = Observation.Layout(layout(v.production, n))
            r.checked += 1
            if let violation = LayoutCheck.check(l, viewport: v, displayedCount: n), r.violations.count < maxViolations {
                r.violations.append(violation)
            }
        }
        for w in widths {
            for h in heights {
                for (left, right) in insets {
                    for n in counts { check(ViewportSpec(width: Double(w), height: h, safeLeft: left, safeRight: right), n) }
                }
            }
        }
        let absurd: [ViewportSpec] = [
            ViewportSpec(width: .nan, height: 800), ViewportSpec(width: 800, height: .nan), ViewportSpec(width: .infinity, height: 800),
            ViewportSpec(width: 800, height: .infinity), ViewportSpec(width: -.infinity, height: 800), ViewportSpec(width: 0, height: 0),
            ViewportSpec(width: -1, height: 800), ViewportSpec(width: 800, height: -1), ViewportSpec(width: 800, height: 600, safeLeft: -5),
            ViewportSpec(width: 800, height: 600, safeRight: .nan), ViewportSpec(width: 100, height: 600, safeLeft: 60, safeRight: 60),
            ViewportSpec(width: 1e308, height: 1e308), ViewportSpec(width: 1e-300, height: 1e300), ViewportSpec(width: 1e300, height: 1e-300),
            ViewportSpec(width: .greatestFiniteMagnitude, height: 1), ViewportSpec(width: 73.999999, height: 100), ViewportSpec(width: 74, height: 100),
        ]
        for v in Values.devices + absurd {
            for n in counts { check(v, n) }
        }
        return r
    }
}
