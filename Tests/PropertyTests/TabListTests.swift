@testable import TabModel
import Testing

/// The tab list built in one pass (a restore, #40) is the list that appending its tabs one by
/// one builds: the same chunks, slot by slot, the same counts, each id found where it is.
@Suite struct TabListTests {
    static func layout(_ list: TabList) -> [[String]] { list.order.map { list.storage[$0].entries.map(\.tab.id.rawValue) } }

    @Test func aListBuiltInOnePassIsTheListAppendedTabByTab() {
        for n in Array(0...300) + [383, 384, 385, 1000, 4097] {
            let entries = (0..<n).map { i in
                TabList.Entry(tab: Tab(id: TabID("t\(i)"), title: "\(i)"), lowered: "\(i)", matches: i % 3 != 0)
            }
            var appended = TabList()
            for e in entries { appended.insert(e.tab, at: appended.count, matches: e.matches, lowered: e.lowered) }
            let built = TabList(entries)
            #expect(Self.layout(built) == Self.layout(appended), "\(n) tabs")
            #expect(built.order == appended.order && built.storage.map(\.matched) == appended.storage.map(\.matched), "\(n) tabs")
            #expect(built.count == appended.count && built.matchedCount == appended.matchedCount, "\(n) tabs")
            for e in entries where built.location(of: e.tab.id)! != appended.location(of: e.tab.id)! {
                Issue.record("\(n) tabs: \(e.tab.id) is found elsewhere")
            }
        }
    }
}
