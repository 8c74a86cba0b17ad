import Foundation

/// Session save/restore (P1–P3), read literally.
extension ReferenceGrid {
    private struct File: Codable {
        struct SavedTab: Codable { var id: String; var title: String }
        var version: Int
        var tabs: [SavedTab]
        var activeTabID: String?
    }

    /// P1: `{"activeTabID":…,"tabs":[{"id":…,"title":…}],"version":1}`.
    package func save() -> Data {
        let file = File(version: 1, tabs: tabs.map { File.SavedTab(id: $0.id, title: $0.title) }, activeTabID: active)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(file)) ?? Data()
    }

    /// P2/P3: check everything first; change nothing unless all of it is valid.
    package mutating func restore(_ data: Data) -> RefOutcome {
        guard let file = try? JSONDecoder().decode(File.self, from: data) else { return .reject("invalidSession") }
        if file.version != 1 { return .reject("invalidSession") }
        var seen = Set<String>()
        for t in file.tabs {
            if t.id.isEmpty || !seen.insert(t.id).inserted { return .reject("invalidSession") }
        }
        if let a = file.activeTabID, !seen.contains(a) { return .reject("invalidSession") }
        tabs = file.tabs.map { RefTab(id: $0.id, title: $0.title) }
        active = file.activeTabID
        if policy.activeAfterClose == .mostRecentlyActive { activations = active.map { [$0] } ?? [] }
        query = ""
        swipe = RefSwipe()
        pending = []
        closedEntries = []
        _ = replaceEmptyGrid()
        return RefOutcome(update: .reload, closeAllEnabled: closeAllEnabled)
    }
}
