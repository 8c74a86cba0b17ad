import Foundation

/// A tab as the reference sees it.
package struct RefTab: Equatable, Sendable {
    package var id: String
    /// Setting the title sets `lowered` too.
    package var title: String { didSet { lowered = LoweredCharacter.lowered(title) } }
    /// The lowercased title's characters: what F1 compares the query against. Always
    /// `LoweredCharacter.lowered(title)`; kept beside the title so a filter does not lowercase.
    package private(set) var lowered: [LoweredCharacter]
    package init(id: String, title: String) { self.id = id; self.title = title; lowered = LoweredCharacter.lowered(title) }
}

/// The swipe in progress (G1–G5), a plain struct.
package struct RefSwipe: Equatable, Sendable {
    package var holder: String? = nil
    package var offset = 0.0
    package var scale = 1.0
    package var above = false
    package var scrollEnabled: Bool { holder == nil }   // G2
}

/// One reopenable close (U1).
package struct RefClosed: Equatable, Sendable {
    package var tab: RefTab
    package var position: Int
    package var wasActive: Bool
}

/// What an event did: rejected (and why), or the update the view gets.
package struct RefOutcome: Equatable, Sendable {
    package var rejected: String? = nil
    package var update: ViewUpdate = .none
    package var closeAllEnabled: Bool? = nil
    package var flyAwayDuration: Double? = nil

    package init(rejected: String? = nil, update: ViewUpdate = .none, closeAllEnabled: Bool? = nil, flyAwayDuration: Double? = nil) {
        self.rejected = rejected; self.update = update; self.closeAllEnabled = closeAllEnabled; self.flyAwayDuration = flyAwayDuration
    }

    static func reject(_ why: String) -> RefOutcome { RefOutcome(rejected: why) }
}

/// The naive oracle: a second, literal reading of SPEC.md. Everything is recomputed from
/// `tabs` on every read; two things are kept: each title's lowercased characters (with
/// their hashes), redone whenever the title is set, and the displayed ids, dropped whenever
/// `tabs` or `query` is set and filtered afresh at the next read. O(n) per event, by design.
package struct ReferenceGrid: Sendable {
    package var tabs: [RefTab] = [] { didSet { shownCache = nil } }
    package var query = "" { didSet { loweredQuery = LoweredCharacter.lowered(query); shownCache = nil } }
    /// `filteredIDs()` as of the last filtering, or nil: keyed by exactly its inputs, the tabs and the
    /// query (the policy never changes), because setting either drops it (`didSet`). Filled by
    /// `settle()`; `ReferenceCacheTests` compares it with a fresh filtering on random states.
    /// (Internal, not private: ReferenceGrid+Filter.swift fills it. Nothing else writes it.)
    var shownCache: [String]?
    /// Always `LoweredCharacter.lowered(query)`.
    package private(set) var loweredQuery: [LoweredCharacter] = []
    package var cancelVisible = false
    package var active: String? = nil {
        didSet {
            guard policy.activeAfterClose == .mostRecentlyActive, let a = active, a != oldValue else { return }
            activations.removeAll { $0 == a }
            activations.append(a)
        }
    }
    /// The tabs made active since the last restore, most recent last; kept only for
    /// `Policy.ActiveAfterClose.mostRecentlyActive`.
    package internal(set) var activations: [String] = []
    /// The choices where tab models differ; SPEC's by default.
    package let policy: Policy
    package var viewport: RefViewport
    package var swipe = RefSwipe()
    package var pending: [String] = []
    package var movement: RefMovement?                                                   // D4 (ReferenceGrid+Movement.swift)
    /// Oldest first, newest last (U1).
    package var closedEntries: [[RefClosed]] = []
    private var idPrefix: String
    private var nextID = 1

    package init(viewport: RefViewport, idPrefix: String = "t", policy: Policy = .spec) {
        self.viewport = viewport
        self.idPrefix = idPrefix
        self.policy = policy
        if policy.emptyGrid == .replacedByNewTab { _ = replaceEmptyGrid() }
        if policy.emptyGrid == .startsWithOne { _ = appendNewTab() }
    }

    // MARK: Reads (recomputed every time)

    // F1's reads — `matches`, `shows`, `displayed`, `displayedIDs`, `settle`: ReferenceGrid+Filter.swift.
    package var closeAllEnabled: Bool { !tabs.isEmpty }                                   // B1
    package var layout: RefLayout { RefLayout.compute(viewport, displayedCount: displayedIDs.count) }

    private mutating func displayedIndex(of id: String) -> Int? { settle().firstIndex(of: id) }
    private func position(of id: String) -> Int? { tabs.firstIndex { $0.id == id } }

    // MARK: Events

    package mutating func willAppear() -> RefOutcome { RefOutcome(closeAllEnabled: closeAllEnabled) }   // B2

    package mutating func newTab() -> RefOutcome {                                         // F2, A2
        let id = appendNewTab()
        let update: ViewUpdate = displayedIndex(of: id).map { .batch(deletes: [], inserts: [$0], moves: []) } ?? .none
        return RefOutcome(update: update, closeAllEnabled: true)
    }

    package mutating func newBackgroundTab() -> RefOutcome {                               // F11
        let id = appendNewTab(activating: false)   // never active, not even for a moment (A3's history)
        if policy.backgroundTabPlacement == .afterActive, let a = active, let at = position(of: a) { tabs.insert(tabs.removeLast(), at: at + 1) }
        let update: ViewUpdate = displayedIndex(of: id).map { .batch(deletes: [], inserts: [$0], moves: []) } ?? .none
        return RefOutcome(update: update, closeAllEnabled: true)
    }

    package mutating func closeDisplayed(_ i: Int) -> RefOutcome {                       // F3
        let shown = settle()
        guard i >= 0 && i < shown.count else { return .reject("indexOutOfRange") }
        return closeByID(shown[i])
    }

    package mutating func closeByID(_ id: String) -> RefOutcome {                        // F4
        guard let pos = position(of: id) else { return RefOutcome() }
        let shownAt = displayedIndex(of: id)
        let wasActive = active == id
        let closed = tabs.remove(at: pos)
        pushClosed([RefClosed(tab: closed, position: pos, wasActive: wasActive)])            // U1
        if wasActive { active = successor(closedAt: pos, id) }                           // A3
        if swipe.holder == id { swipe = RefSwipe() }                                     // G5
        pending.removeAll { $0 == id }
        let inserted = replaceEmptyGrid()
        let update: ViewUpdate = shownAt == nil && inserted.isEmpty ? .none
            : .batch(deletes: shownAt.map { [$0] } ?? [], inserts: inserted, moves: [])
        return RefOutcome(update: update, closeAllEnabled: closeAllEnabled)
    }

    package mutating func closeAll() -> RefOutcome {                                     // F5
        if tabs.isEmpty { return RefOutcome() }
        var entry: [RefClosed] = []
        for (pos, tab) in tabs.enumerated() { entry.append(RefClosed(tab: tab, position: pos, wasActive: tab.id == active)) }
        pushClosed(entry)
        tabs = []
        active = nil
        swipe = RefSwipe()
        pending = []
        _ = replaceEmptyGrid()
        return RefOutcome(update: .reload, closeAllEnabled: closeAllEnabled)
    }

    package mutating func setQuery(_ q: String) -> RefOutcome {                          // F6
        if q == query { return RefOutcome() }
        let old = settle()
        query = q
        let new = settle()
        if let h = swipe.holder, !new.contains(h) { swipe = RefSwipe() }                 // G5
        if old == new { return RefOutcome() }
        // Both lists keep `tabs` order, so deletes and inserts suffice.
        let oldSet = Set(old), newSet = Set(new)
        let deletes = old.indices.filter { !newSet.contains(old[$0]) }
        let inserts = new.indices.filter { !oldSet.contains(new[$0]) }
        return RefOutcome(update: .batch(deletes: deletes, inserts: inserts, moves: []))
    }

    package mutating func beginSearch() -> RefOutcome { cancelVisible = true; return RefOutcome() }   // F7
    package mutating func endSearch() -> RefOutcome { cancelVisible = false; return RefOutcome() }
    package mutating func cancelSearch() -> RefOutcome {
        let outcome = query.isEmpty ? RefOutcome() : setQuery("")
        cancelVisible = false
        return outcome
    }

    package mutating func setTitle(_ title: String, id: String) -> RefOutcome {          // F8
        guard let pos = position(of: id) else { return RefOutcome() }
        let before = displayedIndex(of: id)
        tabs[pos].title = title
        let shown = settle()
        let after = shown.firstIndex(of: id)
        if let h = swipe.holder, !shown.contains(h) { swipe = RefSwipe() }               // G5
        switch (before, after) {
        case let (b?, _?): return RefOutcome(update: .reloadItems([b]))
        case let (b?, nil): return RefOutcome(update: .batch(deletes: [b], inserts: [], moves: []))
        case let (nil, a?): return RefOutcome(update: .batch(deletes: [], inserts: [a], moves: []))
        case (nil, nil): return RefOutcome()
        }
    }

    package mutating func move(_ i: Int, _ j: Int) -> RefOutcome {                       // F9
        let shown = displayed
        guard i >= 0 && i < shown.count && j >= 0 && j < shown.count else { return .reject("indexOutOfRange") }
        if policy.moveSelection == .activatesMoved { active = shown[i].id }
        if i == j { return RefOutcome() }
        let moving = shown[i]
        var rest = shown
        rest.remove(at: i)
        tabs.removeAll { $0.id == moving.id }
        // A forward move under `moveUnderFilter = targetsPosition` lands just after its target.
        if j < rest.count && !(policy.moveUnderFilter == .targetsPosition && i < j) {
            let before = position(of: rest[j].id) ?? tabs.count
            tabs.insert(moving, at: before)
        } else {
            let after = (position(of: rest[j - 1].id) ?? (tabs.count - 1)) + 1
            tabs.insert(moving, at: after)
        }
        return RefOutcome(update: .batch(deletes: [], inserts: [], moves: [(from: i, to: j)]))
    }

    package mutating func select(_ i: Int) -> RefOutcome {                               // A1
        let shown = settle()
        guard i >= 0 && i < shown.count else { return .reject("indexOutOfRange") }
        active = shown[i]
        return RefOutcome()
    }

    package mutating func setViewport(_ v: RefViewport) -> RefOutcome { viewport = v; return RefOutcome() }  // L7

    package mutating func reopen() -> RefOutcome {                                       // U2, U3
        guard let entry = closedEntries.popLast() else { return RefOutcome() }
        var reopened: [String] = []
        for item in entry.sorted(by: { $0.position < $1.position }) {
            if position(of: item.tab.id) != nil { continue }
            tabs.insert(item.tab, at: min(item.position, tabs.count))
            if item.wasActive { active = item.tab.id }
            reopened.append(item.tab.id)
        }
        if policy.reopenSelection == .activatesReopened, let first = reopened.first, !entry.contains(where: { $0.wasActive && reopened.contains($0.tab.id) }) {
            active = first
        }
        let shown = settle()
        let inserts = shown.indices.filter { reopened.contains(shown[$0]) }
        return RefOutcome(update: inserts.isEmpty ? .none : .batch(deletes: [], inserts: inserts, moves: []),
                          closeAllEnabled: closeAllEnabled)
    }

    private mutating func pushClosed(_ entry: [RefClosed]) {                            // U1
        if entry.isEmpty { return }
        closedEntries.append(entry)
        while closedEntries.count > max(0, policy.reopenLimit) { closedEntries.removeFirst() }
    }

    /// A2: a new tab titled "New Tab", appended and made active; its id. `fresh`: never the
    /// id of a tab a reopen could bring back either — the tab that replaces the last one under
    /// `emptyGrid=replacedByNewTab` is made in the step that closed that one, and closing a
    /// restored "t35" made its replacement "t35" too, one id for two tabs in one step (found by
    /// the value classes' generators, decisions.md, Generation and values). SPEC's new tab (F2) keeps production's rule: an id no open tab has.
    private mutating func appendNewTab(fresh: Bool = false, activating: Bool = true) -> String {
        func taken(_ id: String) -> Bool {
            position(of: id) != nil || (fresh && closedEntries.contains { $0.contains { $0.tab.id == id } })
        }
        var id = "\(idPrefix)\(nextID)"; nextID += 1
        while taken(id) { id = "\(idPrefix)\(nextID)"; nextID += 1 }
        tabs.append(RefTab(id: id, title: "New Tab"))
        if activating { active = id }
        return id
    }

    /// `Policy.EmptyGrid.replacedByNewTab`: an empty grid gets one new tab, active; the
    /// displayed indices it was inserted at (none when the query hides it, or nothing was done).
    mutating func replaceEmptyGrid() -> [Int] {
        guard tabs.isEmpty, policy.emptyGrid == .replacedByNewTab else { return [] }
        let id = appendNewTab(fresh: true)
        return displayedIndex(of: id).map { [$0] } ?? []
    }

    /// A3 under the policy: the tab active after the active one, at `pos`, closed.
    private func successor(closedAt pos: Int, _ closed: String) -> String? {
        let next = pos < tabs.count ? tabs[pos].id : nil
        let previous = pos > 0 && pos - 1 < tabs.count ? tabs[pos - 1].id : nil
        switch policy.activeAfterClose {
        case .nextThenPrevious: return next ?? previous
        case .previousThenNext: return previous ?? next
        case .none: return nil
        case .mostRecentlyActive:
            let open = Set(tabs.map(\.id))
            return activations.last { $0 != closed && open.contains($0) } ?? next ?? previous
        }
    }
}
