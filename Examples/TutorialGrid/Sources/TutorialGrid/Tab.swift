import Foundation

// Chapter 3, step 2, and chapter 7, step 2 (Equatable) — verbatim.
final class Tab: Identifiable {
    var id: String
    var title: String
    init() {
        self.id = UUID().uuidString
        self.title = Tab.DEFAULT_TITLE
    }
}

extension Tab {
    private static let DEFAULT_TITLE = "New Tab"
}

extension Tab: Equatable {
    static func == (lhs: Tab, rhs: Tab) -> Bool {
        lhs.id == rhs.id
    }
}
