/// The collection view's geometry: bounds and safe-area insets, in points.
public struct Viewport: Equatable, Sendable, Codable {
    /// Bounds (L1, L4) and safe-area insets (L3, L4), in points.
    public var width: Double
    public var height: Double
    public var safeLeft: Double
    public var safeRight: Double
    public var safeTop: Double
    public var safeBottom: Double

    /// A viewport; insets default to zero.
    public init(width: Double, height: Double, safeLeft: Double = 0, safeRight: Double = 0,
                safeTop: Double = 0, safeBottom: Double = 0) {
        self.width = width; self.height = height
        self.safeLeft = safeLeft; self.safeRight = safeRight
        self.safeTop = safeTop; self.safeBottom = safeBottom
    }

    /// An iPhone 15 in portrait, the default until the view reports its bounds.
    public static let phonePortrait = Viewport(width: 393, height: 852, safeTop: 59, safeBottom: 34)
}

/// The grid's layout for a viewport and displayed count (L1–L7): a pure function.
public enum GridLayout: Equatable, Sendable {
    /// Even one 44 pt column does not fit, or the viewport is invalid: show no items (L5).
    case tooSmall
    /// Items of one size in rows (L2–L6).
    case grid(Grid)

    /// A layout that shows items: columns, item size (L4) and section insets (L3).
    public struct Grid: Equatable, Sendable {
        /// Nominal columns after L5 (1.33, 1, 2 or 3).
        public let columns: Double
        /// Item size, never below 44 pt wide, never NaN, infinite or ≤ 0 (L4, L5).
        public let itemWidth: Double
        public let itemHeight: Double
        /// Section insets (L3).
        public let insetTop: Double, insetLeft: Double, insetBottom: Double, insetRight: Double
        /// The flow layout's minimum inter-item spacing (L3).
        public var spacing: Double { GridLayout.spacing }
        /// Memberwise, for layouts built by hand (tests, previews).
        public init(columns: Double, itemWidth: Double, itemHeight: Double, insetTop: Double, insetLeft: Double, insetBottom: Double, insetRight: Double) {
            self.columns = columns; self.itemWidth = itemWidth; self.itemHeight = itemHeight
            self.insetTop = insetTop; self.insetLeft = insetLeft; self.insetBottom = insetBottom; self.insetRight = insetRight
        }
        /// Items in a full row: `floor(columns)` (L6).
        public var itemsPerRow: Int { Int(columns.rounded(.down)) }
    }

    /// The inset padding (L3).
    public static let padding = 15.0
    /// UIKit's default minimum inter-item spacing (L3).
    public static let spacing = 10.0
    /// The narrowest tappable item (L5).
    public static let minimumItemWidth = 44.0
    /// Larger bounds or insets are absurd (no display is 10 million points wide) and give
    /// tooSmall, so row arithmetic never overflows (docs/decisions.md, Behaviour, L: absurd viewports).
    public static let maximumDimension = 1e7

    /// Computes L1–L5 for `viewport` and `displayedCount` items. O(1).
    public init(viewport v: Viewport, displayedCount n: Int) {
        let inputs = [v.width, v.height, v.safeLeft, v.safeRight, v.safeTop, v.safeBottom]
        let safeWidth = v.width - v.safeLeft - v.safeRight
        // L5: non-finite input, negative inset or non-positive W, H, S → tooSmall.
        guard inputs.allSatisfy({ $0.isFinite && $0 <= Self.maximumDimension }),
              v.safeLeft >= 0, v.safeRight >= 0, v.safeTop >= 0, v.safeBottom >= 0,
              v.width > 0, v.height > 0, safeWidth > 0, safeWidth.isFinite else {
            self = .tooSmall; return
        }
        let landscape = v.width > v.height                                   // L1
        var columns: Double = n == 1 ? 1.33 : n == 2 ? 2 : (landscape ? 3 : 2) // L2
        let aspect = landscape ? v.height / v.width : (1 + v.height / v.width) / 2
        while true {
            let width = (safeWidth - Self.padding * 2 * columns) / columns     // L4
            let height = width * aspect
            if width >= Self.minimumItemWidth {
                guard width.isFinite, height.isFinite, height > 0 else { self = .tooSmall; return }
                self = .grid(Grid(columns: columns, itemWidth: width, itemHeight: height,
                                  insetTop: Self.padding, insetLeft: v.safeLeft + Self.padding,
                                  insetBottom: Self.padding, insetRight: v.safeRight + Self.padding))
                return
            }
            // L5: drop to the next lower whole number of columns.
            let lower = columns == columns.rounded(.down) ? columns - 1 : columns.rounded(.down)
            guard lower >= 1 else { self = .tooSmall; return }
            columns = lower
        }
    }
}
