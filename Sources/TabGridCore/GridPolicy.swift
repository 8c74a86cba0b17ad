import Foundation

/// The choices where real tab models differ, each replacing one SPEC rule's default. The
/// reference model and every property honour it; `GridPolicy.spec` (the default everywhere) is
/// SPEC.md as written. docs/policies.md lists every knob, its values and the presets, with
/// their sources.
public struct GridPolicy: Codable, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// A3: which tab becomes active when the active tab is closed (F3, F4, G6).
    public enum ActiveAfterClose: String, Codable, CaseIterable, Sendable {
        /// The next tab in `tabs`, else the previous one (SPEC A3; Qt's SelectRightTab).
        case nextThenPrevious
        /// The previous tab, else the next one (Qt's SelectLeftTab; DuckDuckGo iOS).
        case previousThenNext
        /// The most recently active tab still open, else as `nextThenPrevious` (Qt's
        /// SelectPreviousTab, qutebrowser's `last-used`).
        case mostRecentlyActive
        /// No tab is active.
        case none
    }

    /// F5 and the last close: whether the grid may be empty.
    public enum EmptyGrid: String, Codable, CaseIterable, Sendable {
        /// The grid may be empty (SPEC F5).
        case allowed
        /// Whenever the last tab goes (a close, Close All, a restore of no tabs) and at the
        /// start, one new tab titled "New Tab" takes its place, active.
        case replacedByNewTab
    }

    /// F1: how a query matches a title.
    public enum FilterMatching: String, Codable, CaseIterable, Sendable {
        /// Lowercased, Character-wise, canonical equivalence, no diacritic folding (SPEC F1).
        case characterWise
        /// Case- and diacritic-insensitive, as `localizedStandardContains` (without the
        /// locale, so runs are the same on every machine).
        case caseAndDiacriticInsensitive
    }

    /// L2–L6: how many columns the grid has and how large its items are.
    public enum GridColumns: String, Codable, CaseIterable, Sendable {
        /// SPEC's column rule and sizes (L1–L7), compared with the reference.
        case spec
        /// Any layout that every grid must have: an invalid viewport gives `tooSmall`;
        /// otherwise finite, positive item sizes and at least one item in a row within the
        /// safe width. The model's own column rule is not compared.
        case anyFitting
    }

    public var activeAfterClose: ActiveAfterClose
    public var emptyGrid: EmptyGrid
    /// U1: how many closes can be reopened (SPEC: 20; 0: none are recorded).
    public var reopenLimit: Int
    public var filterMatching: FilterMatching
    public var gridColumns: GridColumns

    public init(activeAfterClose: ActiveAfterClose = .nextThenPrevious, emptyGrid: EmptyGrid = .allowed,
                reopenLimit: Int = 20, filterMatching: FilterMatching = .characterWise, gridColumns: GridColumns = .spec) {
        self.activeAfterClose = activeAfterClose
        self.emptyGrid = emptyGrid
        self.reopenLimit = reopenLimit
        self.filterMatching = filterMatching
        self.gridColumns = gridColumns
    }

    enum CodingKeys: String, CodingKey { case activeAfterClose, emptyGrid, reopenLimit, filterMatching, gridColumns }

    /// A knob left out keeps SPEC's value, so files written before a knob existed still read.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let spec = GridPolicy.spec
        activeAfterClose = try c.decodeIfPresent(ActiveAfterClose.self, forKey: .activeAfterClose) ?? spec.activeAfterClose
        emptyGrid = try c.decodeIfPresent(EmptyGrid.self, forKey: .emptyGrid) ?? spec.emptyGrid
        reopenLimit = try c.decodeIfPresent(Int.self, forKey: .reopenLimit) ?? spec.reopenLimit
        filterMatching = try c.decodeIfPresent(FilterMatching.self, forKey: .filterMatching) ?? spec.filterMatching
        gridColumns = try c.decodeIfPresent(GridColumns.self, forKey: .gridColumns) ?? spec.gridColumns
    }

    /// SPEC.md as written.
    public static let spec = GridPolicy()

    /// The largest reopen limit a policy may name (a history longer than any session).
    public static let maxReopenLimit = 10_000

    /// This policy as Swift source, for pasted regression tests.
    public var swiftCode: String {
        "GridPolicy(activeAfterClose: .\(activeAfterClose.rawValue), emptyGrid: .\(emptyGrid.rawValue), reopenLimit: \(reopenLimit), filterMatching: .\(filterMatching.rawValue), gridColumns: .\(gridColumns.rawValue))"
    }

    public var description: String {
        "activeAfterClose=\(activeAfterClose.rawValue) emptyGrid=\(emptyGrid.rawValue) reopenLimit=\(reopenLimit) filterMatching=\(filterMatching.rawValue) gridColumns=\(gridColumns.rawValue)"
    }
}

// The presets: real browsers' tab models (sources in docs/policies.md).
extension GridPolicy {
    /// DuckDuckGo for iOS (`TabsModel`): the previous tab after a close; never empty.
    public static let duckduckgoIOS = GridPolicy(activeAfterClose: .previousThenNext, emptyGrid: .replacedByNewTab)
    /// qutebrowser's defaults: `tabs.select_on_remove = next`, `tabs.undo_stack_size = 100`.
    public static let qutebrowser = GridPolicy(activeAfterClose: .nextThenPrevious, reopenLimit: 100)

    /// Every preset by the name `--policy` and `TABGRID_POLICY` take, in the order
    /// `tabcheck list` shows them: SPEC.md, then real browsers' tab models.
    public static let presets: [(name: String, policy: GridPolicy, summary: String)] = [
        ("spec", .spec, "SPEC.md as written (the default)"),
        ("duckduckgo-ios", .duckduckgoIOS, "DuckDuckGo for iOS (TabsModel): the previous tab after a close; never empty"),
        ("qutebrowser", .qutebrowser, "qutebrowser's defaults: tabs.select_on_remove = next, tabs.undo_stack_size = 100"),
    ]
}
