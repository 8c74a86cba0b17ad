import Generators
import ReferenceModel
import TabModel

/// The one place where the production layout types meet the checker's and the reference's.
extension Observation.Layout {
    /// The production layout as the checker observes it.
    public init(_ layout: GridLayout) {
        switch layout {
        case .tooSmall: self.init(tooSmall: true)
        case .grid(let g):
            self.init(tooSmall: false, columns: g.columns, itemWidth: g.itemWidth, itemHeight: g.itemHeight,
                      insetTop: g.insetTop, insetLeft: g.insetLeft, insetBottom: g.insetBottom, insetRight: g.insetRight)
        }
    }

    /// The reference's layout as the checker observes it.
    public init(_ l: RefLayout) {
        self.init(tooSmall: l.tooSmall, columns: l.columns, itemWidth: l.itemWidth, itemHeight: l.itemHeight,
                  insetTop: l.insetTop, insetLeft: l.insetLeft, insetBottom: l.insetBottom, insetRight: l.insetRight)
    }

    /// This layout for the simulated flow layout to place items with.
    public var refLayout: RefLayout {
        RefLayout(tooSmall: tooSmall, columns: columns, itemWidth: itemWidth, itemHeight: itemHeight,
                  insetTop: insetTop, insetLeft: insetLeft, insetBottom: insetBottom, insetRight: insetRight)
    }
}

extension ViewportSpec {
    /// This viewport as the production model takes it.
    public var production: Viewport {
        Viewport(width: width, height: height, safeLeft: safeLeft, safeRight: safeRight, safeTop: safeTop, safeBottom: safeBottom)
    }
}
