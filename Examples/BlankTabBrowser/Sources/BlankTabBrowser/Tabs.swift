/// A browser's tab list as many apps keep it: the tabs and the index of the current one.
/// Never empty: it starts with a blank tab, and closing the last tab or clearing all leaves
/// one. A new tab becomes current; closing the current tab makes the previous one current
/// (the next one when it was first); a move keeps the current tab current.
public final class Tabs {
    public struct Tab: Equatable, Sendable {
        public let number: Int
        public var title: String
    }

    /// Mistakes a change to this class could make, planted one at a time by the tests.
    public enum Mistake: String, CaseIterable, Sendable {
        case nextBecomesCurrent, emptyAfterLastClose, clearKeepsStaleIndex, moveForgetsCurrent, addKeepsCurrent
    }

    public private(set) var tabs: [Tab] = []
    public private(set) var current = 0
    private var made = 0
    let mistake: Mistake?

    public init(mistake: Mistake? = nil) {
        self.mistake = mistake
        openBlank()
    }

    public var currentTab: Tab { tabs[current] }

    public func add() {
        made += 1
        tabs.append(Tab(number: made, title: Self.blankTitle))
        if mistake != .addKeepsCurrent || tabs.count == 1 { current = tabs.count - 1 }
    }

    public func close(at index: Int) {
        tabs.remove(at: index)
        if tabs.isEmpty {
            if mistake == .emptyAfterLastClose { current = 0; return }
            openBlank()
            return
        }
        if mistake == .nextBecomesCurrent {
            if index < current { current -= 1 }
            current = min(current, tabs.count - 1)
            return
        }
        if index < current || (index == current && current > 0) { current -= 1 }
    }

    public func clear() {
        tabs.removeAll()
        if mistake == .clearKeepsStaleIndex { made += 1; tabs.append(Tab(number: made, title: Self.blankTitle)); return }
        openBlank()
    }

    public func move(from: Int, to: Int) {
        let kept = tabs[current].number
        tabs.insert(tabs.remove(at: from), at: to)
        if mistake != .moveForgetsCurrent { current = tabs.firstIndex { $0.number == kept } ?? 0 }
    }

    public func select(_ index: Int) { current = index }
    public func retitle(_ index: Int, _ title: String) { tabs[index].title = title }

    /// The title of a blank tab.
    public static let blankTitle = "New Tab"

    private func openBlank() {
        made += 1
        tabs.append(Tab(number: made, title: Self.blankTitle))
        current = tabs.count - 1
    }
}
