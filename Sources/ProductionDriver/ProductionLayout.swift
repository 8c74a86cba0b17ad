import Checker
import Generators
import TabModel

/// The one place where the production layout types meet the checker's.
extension Observation.Layout {
    /// The production layout as the checker observes it.
    package init(_ layout: GridLayout) {
        switch layout {
        case .tooSmall: self.init(tooSmall: true)
        case .grid(let g):
            self.init(tooSmall: false, columns: g.columns, itemWidth: g.itemWidth, itemHeight: g.itemHeight,
                      insetTop: g.insetTop, insetLeft: g.insetLeft, insetBottom: g.insetBottom, insetRight: g.insetRight)
        }
    }
}

extension ViewportSpec {
    /// This viewport as the production model takes it.
    package var production: Viewport {
        Viewport(width: width, height: height, safeLeft: safeLeft, safeRight: safeRight, safeTop: safeTop, safeBottom: safeBottom)
    }
}
