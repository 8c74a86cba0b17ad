import Generators

/// L5, L6: the simulated flow layout puts `floor(columns)` items in a full row, within the bounds
/// (under `gridColumns = .anyFitting`: at least one, with finite positive sizes).
/// Seen failing on: planted `noMinimumWidth`, `layoutFromFullCount`; mutant 10; the tutorial layout in LayoutSweepTests.
package struct ItemsPerRowProperty: StepProperty {
    package static let name = Property("itemsPerRow")
    package var rules: [String] { ["L5", "L6"] }
    package var needs: Set<Capability> { [.layout] }
    package init() {}

    package func check(_ f: StepFacts, _ pre: Observation, _ post: Observation) -> Violation? {
        LayoutCheck.check(post.layout, viewport: f.viewport, displayedCount: post.displayed.count, columns: f.policy.gridColumns)
    }
}
