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
        /// One new tab, active, at the start; after that the grid may be empty (DuckDuckGo
        /// macOS's `TabCollectionViewModel`).
        case startsWithOne
    }

    /// F9: whether a move makes the moved tab active.
    public enum MoveSelection: String, Codable, CaseIterable, Sendable {
        /// The active tab is whatever it was (SPEC).
        case keepsActive
        /// An accepted move makes the moved tab active (DuckDuckGo macOS).
        case activatesMoved
    }

    /// U2: which tab a reopen makes active.
    public enum ReopenSelection: String, Codable, CaseIterable, Sendable {
        /// A tab that was active is active again; otherwise the active tab stays (SPEC U2).
        case restoresActive
        /// As `restoresActive`, and when none of the tabs put back was active, the first one
        /// put back becomes active (DuckDuckGo macOS re-selects what it reopens).
        case activatesReopened
    }

    /// F11: where a tab opened in the background goes.
    public enum BackgroundTabPlacement: String, Codable, CaseIterable, Sendable {
        /// Right after the active tab, at the end when none is active (SPEC F11; Safari, DuckDuckGo iOS).
        case afterActive
        /// At the end of `tabs` (DuckDuckGo macOS's `insert(tab:selected: false)` without a parent).
        case atEnd
    }

    /// F1: how a query matches a title.
    public enum FilterMatching: String, Codable, CaseIterable, Sendable {
        /// Lowercased, Character-wise, canonical equivalence, no diacritic folding (SPEC F1).
        case characterWise
        /// Case- and diacritic-insensitive, as `localizedStandardContains` (without the
        /// locale, so runs are the same on every machine).
        case caseAndDiacriticInsensitive
        /// Case-insensitive only, by Unicode's full case folding ("ß" and "ẞ" match "ss", "ﬁ"
        /// matches "fi", "ı" matches only itself), Character-wise, no diacritic folding ("é"
        /// does not match "e"), no locale: the same on every platform.
        case caseInsensitive
        /// What `localizedCaseInsensitiveContains` does: Foundation's own
        /// `range(of:options: .caseInsensitive, locale:)`, with the locale fixed (en_US_POSIX)
        /// so a run does not depend on the machine's. Foundation matches by Unicode scalars,
        /// not Characters ("\r" is found in "\r\n", one emoji of a family in the family), and
        /// is the platform's: docs/policies.md lists where Linux's differs from `caseInsensitive`.
        case localizedCaseInsensitive
        /// What `localizedStandardContains` does: Foundation's own `range(of:options:
        /// [.caseInsensitive, .diacriticInsensitive], locale:)`, the locale fixed (en_US_POSIX).
        case localizedStandard
    }

    /// F9 under a filter: where in `tabs` a tab moved forward lands when the query hides tabs
    /// after its target.
    public enum MoveUnderFilter: String, Codable, CaseIterable, Sendable {
        /// Just before the tab then displayed after it (SPEC F9): past the hidden tabs that
        /// follow the target.
        case nextDisplayed
        /// At the target tab's place in `tabs`, as `tabs.insert(tabs.remove(at: from), at: to)`
        /// with both displayed indices mapped to `tabs` does: just after the target moving
        /// forward (before the hidden tabs that follow it), just before it moving back.
        case targetsPosition
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
    public var moveUnderFilter: MoveUnderFilter
    public var moveSelection: MoveSelection
    public var reopenSelection: ReopenSelection
    public var backgroundTabPlacement: BackgroundTabPlacement
    public var gridColumns: GridColumns

    public init(activeAfterClose: ActiveAfterClose = .nextThenPrevious, emptyGrid: EmptyGrid = .allowed,
                reopenLimit: Int = 20, filterMatching: FilterMatching = .characterWise, moveUnderFilter: MoveUnderFilter = .nextDisplayed,
                moveSelection: MoveSelection = .keepsActive, reopenSelection: ReopenSelection = .restoresActive,
                backgroundTabPlacement: BackgroundTabPlacement = .afterActive, gridColumns: GridColumns = .spec) {
        self.moveSelection = moveSelection
        self.reopenSelection = reopenSelection
        self.backgroundTabPlacement = backgroundTabPlacement
        self.activeAfterClose = activeAfterClose
        self.emptyGrid = emptyGrid
        self.reopenLimit = reopenLimit
        self.filterMatching = filterMatching
        self.moveUnderFilter = moveUnderFilter
        self.gridColumns = gridColumns
    }

    /// A knob left out keeps SPEC's value, so files written before a knob existed still read.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: PolicyKnob.KnobKey.self)
        self = .spec
        for knob in Self.knobs { try knob.decode(c, &self) }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: PolicyKnob.KnobKey.self)
        for knob in Self.knobs { try knob.encode(&c, self) }
    }

    /// The knobs, in declaration order: the one table everything about them is derived from.
    package static let knobs: [PolicyKnob] = [
        .choice("activeAfterClose", rule: "A3", \.activeAfterClose),
        .choice("emptyGrid", rule: "F5", \.emptyGrid),
        // None, Firefox's 10, SPEC's 20, qutebrowser's 100, and more.
        .count("reopenLimit", rule: "U1", \.reopenLimit, range: 0...maxReopenLimit, tried: [0, 10, 20, 100, 1_000]),
        .choice("filterMatching", rule: "F1", \.filterMatching),
        .choice("moveUnderFilter", rule: "F9", \.moveUnderFilter),
        .choice("moveSelection", rule: "F9", \.moveSelection),
        .choice("reopenSelection", rule: "U2", \.reopenSelection),
        .choice("backgroundTabPlacement", rule: "F11", \.backgroundTabPlacement),
        // Last: it lets any fitting layout pass, so in inference a change that explains more narrowly wins.
        .choice("gridColumns", rule: "L2–L6", \.gridColumns),
    ]

    /// SPEC.md as written.
    public static let spec = GridPolicy()

    /// The largest reopen limit a policy may name (a history longer than any session).
    public static let maxReopenLimit = 10_000

    /// This policy as Swift source, for pasted regression tests.
    public var swiftCode: String {
        "GridPolicy(" + Self.knobs.map { "\($0.name): \($0.swift(self))" }.joined(separator: ", ") + ")"
    }

    public var description: String { Self.knobs.map { "\($0.name)=\($0.word(self))" }.joined(separator: " ") }
}

// The presets: real browsers' tab models (sources in docs/policies.md).
extension GridPolicy {
    /// DuckDuckGo for iOS (`TabsModel`): the previous tab after a close; never empty.
    public static let duckduckgoIOS = GridPolicy(activeAfterClose: .previousThenNext, emptyGrid: .replacedByNewTab)
    /// qutebrowser's defaults: `tabs.select_on_remove = next`, `tabs.undo_stack_size = 100`.
    public static let qutebrowser = GridPolicy(activeAfterClose: .nextThenPrevious, reopenLimit: 100)
    /// DuckDuckGo for macOS (`TabCollectionViewModel`): one tab at the start, then it may be
    /// empty; a move and a reopen select the tab; a background tab at the end.
    public static let duckduckgoMacOS = GridPolicy(emptyGrid: .startsWithOne, moveSelection: .activatesMoved,
                                                   reopenSelection: .activatesReopened, backgroundTabPlacement: .atEnd)

    /// Every preset by the name `--policy` and `TABGRID_POLICY` take, in the order
    /// `tabcheck list` shows them: SPEC.md, then real browsers' tab models.
    public static let presets: [(name: String, policy: GridPolicy, summary: String)] = [
        ("spec", .spec, "SPEC.md as written (the default)"),
        ("duckduckgo-ios", .duckduckgoIOS, "DuckDuckGo for iOS (TabsModel): the previous tab after a close; never empty"),
        ("qutebrowser", .qutebrowser, "qutebrowser's defaults: tabs.select_on_remove = next, tabs.undo_stack_size = 100"),
        ("duckduckgo-macos", .duckduckgoMacOS, "DuckDuckGo for macOS (TabCollectionViewModel): one tab at the start, may become empty; a move and a reopen select the tab; a background tab at the end"),
    ]
}
