import Foundation

/// The choices where real tab models differ, each replacing one SPEC rule's default. The
/// reference model and every property honour it; `Policy.spec` (the default everywhere) is
/// SPEC.md as written. docs/policies.md lists every knob, its values and the presets, with
/// their sources.
public struct Policy: Codable, Equatable, Hashable, Sendable, CustomStringConvertible {
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
        let spec = Policy.spec
        activeAfterClose = try c.decodeIfPresent(ActiveAfterClose.self, forKey: .activeAfterClose) ?? spec.activeAfterClose
        emptyGrid = try c.decodeIfPresent(EmptyGrid.self, forKey: .emptyGrid) ?? spec.emptyGrid
        reopenLimit = try c.decodeIfPresent(Int.self, forKey: .reopenLimit) ?? spec.reopenLimit
        filterMatching = try c.decodeIfPresent(FilterMatching.self, forKey: .filterMatching) ?? spec.filterMatching
        gridColumns = try c.decodeIfPresent(GridColumns.self, forKey: .gridColumns) ?? spec.gridColumns
    }

    /// SPEC.md as written.
    public static let spec = Policy()

    /// The largest reopen limit a policy may name (a history longer than any session).
    public static let maxReopenLimit = 10_000

    /// This policy as Swift source, for pasted regression tests.
    public var swiftCode: String {
        "Policy(activeAfterClose: .\(activeAfterClose.rawValue), emptyGrid: .\(emptyGrid.rawValue), reopenLimit: \(reopenLimit), filterMatching: .\(filterMatching.rawValue), gridColumns: .\(gridColumns.rawValue))"
    }

    public var description: String {
        "activeAfterClose=\(activeAfterClose.rawValue) emptyGrid=\(emptyGrid.rawValue) reopenLimit=\(reopenLimit) filterMatching=\(filterMatching.rawValue) gridColumns=\(gridColumns.rawValue)"
    }

    /// F1 under this policy: whether `title` is displayed for `query` (an empty query
    /// matches every title).
    public func matches(title: String, query: String) -> Bool {
        if query.isEmpty { return true }
        switch filterMatching {
        case .characterWise:
            return ReferenceGrid.matches(title: title, query: query)
        case .caseAndDiacriticInsensitive:
            return title.range(of: query, options: [.caseInsensitive, .diacriticInsensitive], range: nil, locale: nil) != nil
        }
    }
}
