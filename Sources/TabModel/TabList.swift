/// The ordered list of open tabs with the query's match flag cached per tab, stored in
/// chunks of at most `2 * chunkSize` entries, each chunk counting its tabs and its
/// displayed (matching) tabs.
///
/// Every position lookup walks the chunk counts, then one chunk: O(n/B + B) with
/// B = `chunkSize` (≈ 2√n at n = 10,000), instead of rescanning every title. Ids map to
/// their chunk through a dictionary, so a tab is found by id without a linear search.
struct TabList {
    struct Entry {
        var tab: Tab
        /// `tab.title.lowercased()`, computed once per title (F1).
        var lowered: String
        /// Whether the current query shows this tab (F1).
        var matches: Bool
    }

    struct Chunk {
        var entries: [Entry] = []
        var matched = 0
    }

    static let chunkSize = 64

    /// Chunk storage by stable slot number; `order` lists the live slots in tab order.
    private(set) var storage: [Chunk] = [] { didSet { columnsToken = nil } }
    private var freeSlots: [Int] = []
    private(set) var order: [Int] = [] { didSet { columnsToken = nil } }
    /// The token of the columns read from this list since it last changed (`TabColumns`), if any.
    var columnsToken: ColumnsToken?
    private var slotOfID: [TabID: Int] = [:]
    private(set) var count = 0
    private(set) var matchedCount = 0

    // MARK: Reading

    /// O(1).
    func contains(_ id: TabID) -> Bool { slotOfID[id] != nil }

    /// All tabs in order. O(n).
    var tabs: [Tab] {
        var result: [Tab] = []
        result.reserveCapacity(count)
        for slot in order { for e in storage[slot].entries { result.append(e.tab) } }
        return result
    }

    /// Calls `body` with each tab (or each displayed tab) in order. O(n).
    func forEach(displayedOnly: Bool, _ body: (Tab) throws -> Void) rethrows {
        for slot in order where !displayedOnly || storage[slot].matched > 0 {
            for e in storage[slot].entries where !displayedOnly || e.matches { try body(e.tab) }
        }
    }

    /// The displayed tabs in order. O(n).
    var displayed: [Tab] {
        var result: [Tab] = []
        result.reserveCapacity(matchedCount)
        for slot in order where storage[slot].matched > 0 {
            for e in storage[slot].entries where e.matches { result.append(e.tab) }
        }
        return result
    }

    /// The tab displayed at `index` and its position in `tabs`; nil when out of range.
    /// O(n/B + B).
    func displayed(at index: Int) -> (entry: Entry, position: Int)? {
        guard index >= 0 else { return nil }
        var remaining = index, position = 0
        for slot in order {
            let chunk = storage[slot]
            if remaining >= chunk.matched {
                remaining -= chunk.matched
                position += chunk.entries.count
                continue
            }
            for e in chunk.entries {
                if e.matches {
                    if remaining == 0 { return (e, position) }
                    remaining -= 1
                }
                position += 1
            }
        }
        return nil
    }

    /// The tab at position `index` of `tabs`; nil when out of range. O(n/B).
    func entry(at index: Int) -> Entry? {
        guard index >= 0 else { return nil }
        var remaining = index
        for slot in order {
            let n = storage[slot].entries.count
            if remaining < n { return storage[slot].entries[remaining] }
            remaining -= n
        }
        return nil
    }

    /// The entry for `id`, or nil. O(B).
    func entry(for id: TabID) -> Entry? {
        guard let slot = slotOfID[id] else { return nil }
        return storage[slot].entries.first { $0.tab.id == id }
    }

    /// Position of `id` in `tabs` and, if displayed, in `displayed`. O(n/B + B).
    func location(of id: TabID) -> (position: Int, displayedIndex: Int?)? {
        guard let slot = slotOfID[id] else { return nil }
        var position = 0, displayedBefore = 0
        for s in order {
            if s == slot { break }
            position += storage[s].entries.count
            displayedBefore += storage[s].matched
        }
        for e in storage[slot].entries {
            if e.tab.id == id { return (position, e.matches ? displayedBefore : nil) }
            position += 1
            if e.matches { displayedBefore += 1 }
        }
        return nil
    }

    // MARK: Editing

    /// Inserts `tab` at `position` (0…count) with its match flag for `query`.
    /// O(n/B + B) amortized. The caller guarantees the id is not present.
    mutating func insert(_ tab: Tab, at position: Int, matches: Bool, lowered: String) {
        let entry = Entry(tab: tab, lowered: lowered, matches: matches)
        if order.isEmpty { order.append(newSlot()) }
        // Find the chunk holding `position`; the end goes into the last chunk.
        var remaining = position
        var orderIndex = order.count - 1
        for (i, slot) in order.enumerated() {
            let n = storage[slot].entries.count
            if remaining <= n && (remaining < n || i == order.count - 1) { orderIndex = i; break }
            remaining -= n
        }
        let slot = order[orderIndex]
        storage[slot].entries.insert(entry, at: remaining)
        if matches { storage[slot].matched += 1; matchedCount += 1 }
        slotOfID[tab.id] = slot
        count += 1
        if storage[slot].entries.count > 2 * Self.chunkSize { split(orderIndex: orderIndex) }
    }

    /// Removes `id` and returns its entry and where it was. O(n/B + B).
    mutating func remove(_ id: TabID) -> (entry: Entry, position: Int, displayedIndex: Int?)? {
        guard let loc = location(of: id), let slot = slotOfID[id],
              let i = storage[slot].entries.firstIndex(where: { $0.tab.id == id }) else { return nil }
        let entry = storage[slot].entries.remove(at: i)
        if entry.matches { storage[slot].matched -= 1; matchedCount -= 1 }
        slotOfID[id] = nil
        count -= 1
        if storage[slot].entries.isEmpty, let oi = order.firstIndex(of: slot) {
            order.remove(at: oi)
            freeSlots.append(slot)
        }
        return (entry, loc.position, loc.displayedIndex)
    }

    /// Changes a tab's title and match flag. O(B).
    mutating func setTitle(_ title: String, lowered: String, matches: Bool, for id: TabID) {
        guard let slot = slotOfID[id],
              let i = storage[slot].entries.firstIndex(where: { $0.tab.id == id }) else { return }
        let old = storage[slot].entries[i].matches
        storage[slot].entries[i].tab.title = title
        storage[slot].entries[i].lowered = lowered
        storage[slot].entries[i].matches = matches
        let delta = (matches ? 1 : 0) - (old ? 1 : 0)
        storage[slot].matched += delta
        matchedCount += delta
    }

    /// Re-evaluates every match flag and returns the old displayed indices that stopped
    /// matching and the new displayed indices that started to. O(n) calls of `matches`.
    mutating func refilter(_ matches: (String) -> Bool) -> (deletes: [Int], inserts: [Int]) {
        var deletes: [Int] = [], inserts: [Int] = []
        var oldIndex = 0, newIndex = 0
        matchedCount = 0
        for slot in order {
            var m = 0
            for i in storage[slot].entries.indices {
                let was = storage[slot].entries[i].matches
                let hit = matches(storage[slot].entries[i].lowered)
                storage[slot].entries[i].matches = hit
                if was && !hit { deletes.append(oldIndex) }
                if hit && !was { inserts.append(newIndex) }
                if was { oldIndex += 1 }
                if hit { newIndex += 1; m += 1 }
            }
            storage[slot].matched = m
            matchedCount += m
        }
        return (deletes, inserts)
    }

    /// Empties the list. O(n).
    mutating func removeAll() { self = TabList() }

    /// A list of `entries` in order, built in one pass, in the very chunks that inserting them
    /// one by one at the end gives (`TabListTests`): the last chunk splits in halves each time
    /// it passes `2 * chunkSize`, so all but the last hold `chunkSize`. O(n).
    init(_ entries: [Entry]) {
        slotOfID.reserveCapacity(entries.count)
        let n = entries.count
        let splits = n > 2 * Self.chunkSize ? (n - 2 * Self.chunkSize - 1) / Self.chunkSize + 1 : 0
        var start = 0
        while start < n {
            let end = storage.count < splits ? start + Self.chunkSize : n
            var chunk = Chunk(entries: Array(entries[start..<end]))
            chunk.matched = chunk.entries.reduce(0) { $0 + ($1.matches ? 1 : 0) }
            for e in chunk.entries { slotOfID[e.tab.id] = storage.count }
            order.append(storage.count)
            storage.append(chunk)
            matchedCount += chunk.matched
            start = end
        }
        count = entries.count
    }

    init() {}

    private mutating func newSlot() -> Int {
        if let s = freeSlots.popLast() { storage[s] = Chunk(); return s }
        storage.append(Chunk())
        return storage.count - 1
    }

    private mutating func split(orderIndex: Int) {
        let slot = order[orderIndex]
        let half = storage[slot].entries.count / 2
        let moved = Array(storage[slot].entries[half...])
        storage[slot].entries.removeSubrange(half...)
        let newS = newSlot()
        storage[newS].entries = moved
        let movedMatched = moved.reduce(0) { $0 + ($1.matches ? 1 : 0) }
        storage[newS].matched = movedMatched
        storage[slot].matched -= movedMatched
        for e in moved { slotOfID[e.tab.id] = newS }
        order.insert(newS, at: orderIndex + 1)
    }
}
