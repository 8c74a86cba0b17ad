/// Everything one implementation shows after a step, in plain values, so two
/// implementations are compared field by field (and a difference printed as a diff).
public struct GridObservation: Equatable, Sendable {
    public struct ObservedTab: Equatable, Sendable, CustomStringConvertible {
        public var id: String
        public var title: String
        public init(id: String, title: String) { self.id = id; self.title = title }
        public var description: String { "\(id) \(swiftLiteral(title))" }
    }
    public struct Layout: Equatable, Sendable, CustomStringConvertible {
        public var tooSmall: Bool
        public var columns = 0.0, itemWidth = 0.0, itemHeight = 0.0
        public var insetTop = 0.0, insetLeft = 0.0, insetBottom = 0.0, insetRight = 0.0
        public init(tooSmall: Bool, columns: Double = 0, itemWidth: Double = 0, itemHeight: Double = 0,
                    insetTop: Double = 0, insetLeft: Double = 0, insetBottom: Double = 0, insetRight: Double = 0) {
            self.tooSmall = tooSmall; self.columns = columns; self.itemWidth = itemWidth; self.itemHeight = itemHeight
            self.insetTop = insetTop; self.insetLeft = insetLeft; self.insetBottom = insetBottom; self.insetRight = insetRight
        }
        public var description: String {
            tooSmall ? "tooSmall" : "\(columns) columns of \(itemWidth)×\(itemHeight), insets t\(insetTop) l\(insetLeft) b\(insetBottom) r\(insetRight)"
        }
        public static func == (a: Layout, b: Layout) -> Bool {
            a.tooSmall == b.tooSmall && sameValue(a.columns, b.columns) && sameValue(a.itemWidth, b.itemWidth)
                && sameValue(a.itemHeight, b.itemHeight) && sameValue(a.insetTop, b.insetTop) && sameValue(a.insetLeft, b.insetLeft)
                && sameValue(a.insetBottom, b.insetBottom) && sameValue(a.insetRight, b.insetRight)
        }
        /// Equal up to floating-point noise (1e-9 relative); NaN matches NaN.
        package func matches(_ o: Layout) -> Bool {
            func close(_ a: Double, _ b: Double) -> Bool { sameValue(a, b) || abs(a - b) <= 1e-9 * max(abs(a), abs(b)) }
            return tooSmall == o.tooSmall && close(columns, o.columns) && close(itemWidth, o.itemWidth)
                && close(itemHeight, o.itemHeight) && close(insetLeft, o.insetLeft) && close(insetRight, o.insetRight)
                && close(insetTop, o.insetTop) && close(insetBottom, o.insetBottom)
        }
    }

    /// The open tabs in order, as two parallel arrays (shared, not copied, by the
    /// generator and the invariants).
    public var tabIDs: [String] = []
    public var titles: [String] = []
    /// The open tabs as pairs, built on each read (messages and tests).
    public var tabs: [ObservedTab] { zip(tabIDs, titles).map { ObservedTab(id: $0, title: $1) } }
    public var displayed: [String] = []
    public var query = ""
    public var active: String?
    public var cancelVisible = false
    public var closeAllEnabled = false
    public var swipeHolder: String?
    /// For a driver that feeds a diffable data source (`GridCapability.diffable`, D1, D2): the item
    /// identifiers of its snapshot, one per displayed tab, in displayed order — nil when they
    /// are the tab ids themselves (`snapshotIdentifiers`). Not compared between drivers:
    /// identifiers are each model's own.
    public var identifiers: [String]?
    /// The identifiers of the snapshot: `identifiers`, or the displayed tab ids.
    public var snapshotIdentifiers: [String] { identifiers ?? displayed }
    /// D4: the tab of the interactive movement in progress and its target, or nil.
    public var moving: (tab: String, target: Int)?
    public var swipeOffset = 0.0
    public var swipeScale = 1.0
    public var swipeAbove = false
    public var scrollEnabled = true
    public var pending: [String] = []
    public var layout = Layout(tooSmall: true)
    public var closedCount = 0
    public var newestClosed: [String] = []

    /// (Inlinable, as `GridStepOutcome.init` is: built in place by a driver in another module.)
    @inlinable public init() {}

    /// Every field at once: what the built-in drivers observe each step, made in place (an
    /// empty observation filled field by field was made aside, then copied and destroyed).
    @inlinable package init(tabIDs: [String], titles: [String], displayed: [String], query: String, active: String?,
                            cancelVisible: Bool, closeAllEnabled: Bool, swipeHolder: String?, moving: (tab: String, target: Int)?,
                            swipeOffset: Double, swipeScale: Double, swipeAbove: Bool, scrollEnabled: Bool, pending: [String],
                            layout: Layout, closedCount: Int, newestClosed: [String]) {
        self.tabIDs = tabIDs; self.titles = titles; self.displayed = displayed; self.query = query; self.active = active
        self.cancelVisible = cancelVisible; self.closeAllEnabled = closeAllEnabled; self.swipeHolder = swipeHolder
        self.moving = moving; self.swipeOffset = swipeOffset; self.swipeScale = swipeScale; self.swipeAbove = swipeAbove
        self.scrollEnabled = scrollEnabled; self.pending = pending; self.layout = layout; self.closedCount = closedCount
        self.newestClosed = newestClosed
    }

    /// Field by field; a NaN equals a NaN.
    public static func == (a: GridObservation, b: GridObservation) -> Bool {
        a.tabIDs == b.tabIDs && a.titles == b.titles && a.displayed == b.displayed && a.query == b.query
            && a.active == b.active && a.cancelVisible == b.cancelVisible && a.closeAllEnabled == b.closeAllEnabled
            && a.swipeHolder == b.swipeHolder && sameValue(a.swipeOffset, b.swipeOffset) && sameValue(a.swipeScale, b.swipeScale)
            && a.moving?.tab == b.moving?.tab && a.moving?.target == b.moving?.target
            && a.swipeAbove == b.swipeAbove && a.scrollEnabled == b.scrollEnabled && a.pending == b.pending
            && a.layout == b.layout && a.closedCount == b.closedCount && a.newestClosed == b.newestClosed
    }

    /// One line per differing field, each naming the rules that govern it.
    package func diff(against other: GridObservation, _ a: String = "impl", _ b: String = "ref") -> [GridDifference] {
        var out: [GridDifference] = []
        func field<T: Equatable>(_ name: String, _ rule: String, _ x: T, _ y: T, _ show: (T) -> String) {
            if x != y { out.append(GridDifference(field: name, rule: rule, left: show(x), right: show(y))) }
        }
        let list: ([String]) -> String = { "[" + $0.joined(separator: ", ") + "]" }
        if tabIDs != other.tabIDs || titles != other.titles {
            let show: ([ObservedTab]) -> String = { "[" + $0.map(\.description).joined(separator: ", ") + "]" }
            out.append(GridDifference(field: "tabs", rule: "F2–F9", left: show(tabs), right: show(other.tabs)))
        }
        field("displayed", "F1", displayed, other.displayed, list)
        field("query", "F6/F7", query, other.query, swiftLiteral)
        field("active", "A1–A4", active, other.active) { $0 ?? "none" }
        field("cancelVisible", "F7", cancelVisible, other.cancelVisible) { "\($0)" }
        field("closeAllEnabled", "B1", closeAllEnabled, other.closeAllEnabled) { "\($0)" }
        field("swipe.holder", "G1/G5", swipeHolder, other.swipeHolder) { $0 ?? "none" }
        if !sameValue(swipeOffset, other.swipeOffset) {
            out.append(GridDifference(field: "swipe.offset", rule: "G3", left: "\(swipeOffset)", right: "\(other.swipeOffset)"))
        }
        if !sameValue(swipeScale, other.swipeScale) {
            out.append(GridDifference(field: "swipe.scale", rule: "G3", left: "\(swipeScale)", right: "\(other.swipeScale)"))
        }
        field("swipe.above", "G3", swipeAbove, other.swipeAbove) { "\($0)" }
        field("scrollEnabled", "G2", scrollEnabled, other.scrollEnabled) { "\($0)" }
        field("pendingFlyAways", "G6", pending, other.pending, list)
        if !layout.matches(other.layout) {
            out.append(GridDifference(field: "layout", rule: "L1–L7", left: layout.description, right: other.layout.description))
        }
        field("moving", "D4", moving.map { "\($0.tab) → #\($0.target)" }, other.moving.map { "\($0.tab) → #\($0.target)" }) { $0 ?? "none" }
        field("recentlyClosed.count", "U1", closedCount, other.closedCount) { "\($0)" }
        field("recentlyClosed.newest", "U1", newestClosed, other.newestClosed, list)
        return out
    }
}

/// One differing field of two observations.
public struct GridDifference: Equatable, Sendable, CustomStringConvertible {
    public let field: String
    public let rule: String
    public let left: String
    public let right: String
    public init(field: String, rule: String, left: String, right: String) {
        self.field = field; self.rule = rule; self.left = left; self.right = right
    }
    public var description: String { "  \(field) (\(rule)):\n    - \(left)\n    + \(right)" }
}

/// What one action did, as the view would see it.
public struct GridStepOutcome: Equatable, Sendable {
    /// Why the event was rejected (an error kind), or nil when accepted.
    public var rejected: String?
    public var update: GridViewUpdate = .none
    /// The Close All state sent with this event, if any (B2).
    public var closeAllSent: Bool?
    /// The duration of a fly-away started by this event (G6).
    public var flyAwayDuration: Double?
    /// For a driver that feeds a diffable data source (`GridCapability.diffable`, D3): the item
    /// identifiers it reconfigures after this event; nil for one that does not.
    public var reconfigured: [String]?
    /// The model crashed on this event, with this message: what a driver reports when its
    /// model would trap or raise (a force unwrap, `fatalError`, the exception a real
    /// collection view raises on an inconsistent batch update). A failure of its own kind
    /// (`GridPropertyName.crash`), checked whatever properties are chosen; the run stops there.
    public var crashed: String?
    /// (Inlinable: called from another module, an opaque initialiser built the outcome aside and
    /// copied it into place — every driver's step paid a copy and a destruction of it.)
    @inlinable public init(rejected: String? = nil, update: GridViewUpdate = .none, closeAllSent: Bool? = nil, flyAwayDuration: Double? = nil,
                           reconfigured: [String]? = nil, crashed: String? = nil) {
        self.rejected = rejected; self.update = update; self.closeAllSent = closeAllSent; self.flyAwayDuration = flyAwayDuration
        self.reconfigured = reconfigured; self.crashed = crashed
    }

    /// A crash, with what the model would have printed.
    public static func crash(_ message: String) -> GridStepOutcome { GridStepOutcome(crashed: message) }

    public static func == (a: GridStepOutcome, b: GridStepOutcome) -> Bool {
        a.rejected == b.rejected && a.update == b.update && a.closeAllSent == b.closeAllSent
            && sameValue(a.flyAwayDuration, b.flyAwayDuration) && a.crashed == b.crashed
    }
}

/// Floating-point equality for observed values: equal, or both NaN (a NaN field is the
/// same observation as another NaN, or comparisons and shrinking would never settle).
@inline(__always) package func sameValue(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }
package func sameValue(_ a: Double?, _ b: Double?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case let (x?, y?): return sameValue(x, y)
    default: return false
    }
}

package func swiftLiteral(_ s: String) -> String { swiftStringLiteral(s) }
