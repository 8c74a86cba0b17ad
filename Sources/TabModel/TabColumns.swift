/// The tabs as three columns of plain strings — every id, every title, the displayed ids — for
/// an observer that reads the grid after every event (the checker's driver, package access).
///
/// Read again only when the list changed: reading them gives the list a token, which any
/// change to the list's chunks or order drops (`didSet`), so columns whose token the list
/// still holds were read from the list as it is. A copy of the list shares the token until
/// either copy changes; nothing is copied to keep it.
package struct TabColumns: Sendable {
    package internal(set) var ids: [String] = []
    package internal(set) var titles: [String] = []
    package internal(set) var displayed: [String] = []
    fileprivate let token: ColumnsToken
}

/// An identity and nothing else (`TabList.columnsToken`).
final class ColumnsToken: Sendable {}

extension TabList {
    /// The columns of the list as it is, `previous` itself when it was read from the list unchanged.
    /// O(1) or O(n).
    func columns(reusing previous: TabColumns?) -> TabColumns {
        if let previous, let token = columnsToken, previous.token === token { return previous }
        var c = TabColumns(token: ColumnsToken())
        c.ids.reserveCapacity(count)
        c.titles.reserveCapacity(count)
        c.displayed.reserveCapacity(matchedCount)
        for slot in order {
            // As `displayed` reads them: a chunk whose count of shown tabs is 0 is skipped, flags and all.
            let shows = storage[slot].matched > 0
            storage[slot].entries.withUnsafeBufferPointer { entries in
                for i in entries.indices {
                    c.ids.append(entries[i].tab.id.rawValue)
                    c.titles.append(entries[i].tab.title)
                    if shows && entries[i].matches { c.displayed.append(entries[i].tab.id.rawValue) }
                }
            }
        }
        return c
    }
}

extension TabGrid {
    /// The tabs' columns, `previous` itself when nothing changed the tabs since it was read. O(1) or O(n).
    package func columns(reusing previous: TabColumns?) -> TabColumns { list.columns(reusing: previous) }

    /// The same, and the grid remembers that these are its columns (so the next call with them
    /// returns them until the tabs change). O(1) or O(n).
    package mutating func keepColumns(reusing previous: TabColumns?) -> TabColumns {
        let c = list.columns(reusing: previous)
        list.columnsToken = c.token
        return c
    }
}

/// Nothing of its own to show: the columns are read from the list, which a dump shows already.
extension TabColumns: CustomReflectable {
    package var customMirror: Mirror { Mirror(self, children: []) }
}
