/// Swipe-to-delete constants (G, seed chapter 8).
public enum SwipeConstants {
    public static let minimumLeftDisplacement = 125.0
    public static let minimumLeftSpeed = 1000.0
    public static let rightwardDampening = 5.0
    /// Points per second, leftward; a speed, so positive (the tutorial's −5000 gave negative durations).
    public static let flyLeftSpeed = 5000.0
    public static let slideDuration = 0.2
    public static let flyBackDuration = 0.2
    public static let draggingScale = 1.05
}

/// The one swipe in progress, owned by the grid (G1) — not a global lock on the cell class.
public struct SwipeState: Equatable, Sendable {
    /// The tab whose cell holds the swipe; nil when no cell swipes.
    public private(set) var holder: TabID?
    /// The cell's horizontal offset (G3).
    public private(set) var offset = 0.0
    /// The cell's scale (G3).
    public private(set) var scale = 1.0
    /// Whether the cell is drawn above the others (G3).
    public private(set) var isAbove = false

    public init() {}

    /// G2: scrolling is enabled iff no cell swipes.
    public var isScrollEnabled: Bool { holder == nil }

    /// The G4 decision for a release at translation `tx` and velocity `vx`.
    public static func deletes(translation tx: Double, velocity vx: Double) -> Bool {
        tx <= 0 && (-tx >= SwipeConstants.minimumLeftDisplacement || -vx >= SwipeConstants.minimumLeftSpeed)
    }

    /// G1: a gesture begins unless another cell swipes or it is more vertical than horizontal.
    mutating func begin(_ tab: TabID, vx: Double, vy: Double) -> Bool {
        guard holder == nil, !(abs(vy) > abs(vx)) else { return false }
        holder = tab; offset = 0; scale = 1; isAbove = true
        return true
    }

    /// G3: rightward motion is dampened.
    mutating func change(_ tx: Double) {
        guard holder != nil else { return }
        offset = tx < 0 ? tx : tx / SwipeConstants.rightwardDampening
        scale = SwipeConstants.draggingScale
    }

    /// Ends the swipe (G3, G5): back at rest, lock released.
    mutating func release() { self = SwipeState() }
}
