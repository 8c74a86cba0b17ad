import Generators
import ReferenceModel

/// Where the reference's layout type meets the checker's (the production one: ProductionDriver).
extension Observation.Layout {
    /// The reference's layout as the checker observes it.
    package init(_ l: RefLayout) {
        self.init(tooSmall: l.tooSmall, columns: l.columns, itemWidth: l.itemWidth, itemHeight: l.itemHeight,
                  insetTop: l.insetTop, insetLeft: l.insetLeft, insetBottom: l.insetBottom, insetRight: l.insetRight)
    }

    /// This layout for the simulated flow layout to place items with.
    package var refLayout: RefLayout {
        RefLayout(tooSmall: tooSmall, columns: columns, itemWidth: itemWidth, itemHeight: itemHeight,
                  insetTop: insetTop, insetLeft: insetLeft, insetBottom: insetBottom, insetRight: insetRight)
    }
}
