import Foundation

/// Session save/restore (P1–P3), read literally.
extension ReferenceGrid {
    private struct File: Codable {
        struct SavedTab: Codable { var id: String; var title: String }
        var version: Int
        var tabs: [SavedTab]
        var activeTabID: String?
    }

    /// What P1 saves, kept as values: the file is written from it when it is read (`encoded`),
    /// so a save that nothing restores costs a copy of the tab array, not a JSON encoding.
    package struct SavedSession: Sendable {
        let tabs: [RefTab]
        let active: String?
        /// P1: `{"activeTabID":…,"tabs":[{"id":…,"title":…}],"version":1}`.
        package func encoded() -> Data {
            let file = File(version: 1, tabs: tabs.map { File.SavedTab(id: $0.id, title: $0.title) }, activeTabID: active)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return (try? encoder.encode(file)) ?? Data()
        }
    }

    /// The session P1 saves now.
    package func saving() -> SavedSession { SavedSession(tabs: tabs, active: active) }
    /// P1's file for the session now.
    package func save() -> Data { saving().encoded() }

    /// P2/P3: check everything first; change nothing unless all of it is valid.
    package mutating func restore(_ data: Data) -> RefOutcome {
        guard let file = try? JSONDecoder().decode(File.self, from: data), file.version == 1 else { return .reject("invalidSession") }
        return restore(tabs: file.tabs.map { RefTab(id: $0.id, title: $0.title) }, active: file.activeTabID)
    }

    /// P1–P3 for the session this grid saved: what decoding its file gives (`SavedSession.encoded`
    /// writes each tab's id and title and the active id, and nothing a file can hold is lost),
    /// without the JSON — the file itself is the implementation's to write and read.
    package mutating func restore(_ session: SavedSession) -> RefOutcome { restore(tabs: session.tabs, active: session.active) }

    /// S2: a fresh grid launched with these tabs (what the implementation restored after a
    /// kill); a list a restore would refuse leaves it empty, for `differential` to show.
    package mutating func relaunch(tabs ids: [String], titles: [String], active: String?) {
        _ = restore(tabs: zip(ids, titles).map { RefTab(id: $0, title: $1) }, active: active)
    }

    private mutating func restore(tabs restored: [RefTab], active restoredActive: String?) -> RefOutcome {
        var seen = Set<String>()
        for t in restored {
            if t.id.isEmpty || !seen.insert(t.id).inserted { return .reject("invalidSession") }
        }
        if let a = restoredActive, !seen.contains(a) { return .reject("invalidSession") }
        tabs = restored
        active = restoredActive
        if policy.activeAfterClose == .mostRecentlyActive { activations = active.map { [$0] } ?? [] }
        query = ""
        swipe = RefSwipe()
        pending = []
        closedEntries = []
        _ = replaceEmptyGrid()
        return RefOutcome(update: .reload, closeAllEnabled: closeAllEnabled)
    }
}
