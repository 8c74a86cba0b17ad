/// The tabs as three columns of plain strings — every id, every title, the displayed ids — for
/// an observer that reads the grid after every event (the checker's driver, package access).
///
/// Read again only when the list changed: the columns keep the list's storage they were read
/// from, so a later change to the list cannot happen in place (copy-on-write copies the
/// shared buffer first), and a list whose chunk storage and order are still the very buffers
/// the columns keep has not changed since. Holding them costs the list one copy of its chunk
/// array and of the chunk it changes next — O(n/B + B), the cost of an event.
package struct TabColumns: Sendable {
    package internal(set) var ids: [String] = []
    package internal(set) var titles: [String] = []
    package internal(set) var displayed: [String] = []
    fileprivate let storage: [TabList.Chunk]
    fileprivate let order: [Int]
}

extension TabList {
    /// `previous` when the list is the one it was read from, else the columns read afresh. O(1) or O(n).
    func columns(reusing previous: TabColumns?) -> TabColumns {
        if let previous, Self.sameBuffer(previous.storage, storage) && Self.sameBuffer(previous.order, order) { return previous }
        var c = TabColumns(storage: storage, order: order)
        c.ids.reserveCapacity(count)
        c.titles.reserveCapacity(count)
        c.displayed.reserveCapacity(matchedCount)
        for slot in order {
            storage[slot].entries.withUnsafeBufferPointer { entries in
                for i in entries.indices {
                    c.ids.append(entries[i].tab.id.rawValue)
                    c.titles.append(entries[i].tab.title)
                    if entries[i].matches { c.displayed.append(entries[i].tab.id.rawValue) }
                }
            }
        }
        return c
    }

    /// Whether two arrays are one buffer (so, while either is kept, equal).
    private static func sameBuffer<T>(_ a: [T], _ b: [T]) -> Bool {
        a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress && x.count == y.count } }
    }
}

extension TabGrid {
    /// The tabs' columns, `previous` itself when nothing changed the tabs since it was read. O(1) or O(n).
    package func columns(reusing previous: TabColumns?) -> TabColumns { list.columns(reusing: previous) }
}

/// Nothing of its own to show: the columns are read from the list, which a dump shows already.
extension TabColumns: CustomReflectable {
    package var customMirror: Mirror { Mirror(self, children: []) }
}
