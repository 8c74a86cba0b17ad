import Checker
import Foundation
import Generators
import Testing
import TabModel

/// Example scenarios for the P rules: snapshots on both readings, files on the production store.
@Suite struct SessionExamples {
    @Test(arguments: Scenario.drivers)
    func P1_aSnapshotHoldsOrderedTabsActiveTabAndVersion(_ d: String) {
        let s = Scenario.run(d, tabs("a", "b") + [.select(0), .setQuery("a"), .beginSearch, .save, .closeAll, .restoreSaved])
        #expect(s.ids == ["t1", "t2"] && s.observation.active == "t1", "\(d)")
        #expect(s.observation.query == "", "\(d): the query is not persisted")
        let json = String(decoding: TabGrid(ids: .sequential(prefix: "t")).encodedSession(), as: UTF8.self)
        #expect(json == #"{"tabs":[],"version":1}"#)
    }

    @Test(arguments: Scenario.drivers)
    func P2_restoreRoundTripsAnyUnicodeAndDropsFlyAways(_ d: String) {
        let titles = ["", "Café", "Cafe\u{301}", "👩‍👩‍👧", "שלום", "İı ß", "\"quoted\" \\ \n"]
        let s = Scenario.run(d, tabs(titles[0], titles[1], titles[2], titles[3], titles[4], titles[5], titles[6])
            + [.select(3), .save, .tapClose(0), .restoreSaved, .flyAwayFinished("t1")])
        #expect(s.titles == titles && s.observation.active == "t4", "\(d)")
        #expect(s.ids.count == 7, "\(d): a late completion must not close a restored tab sharing its id")
        #expect(s.outcomes[s.outcomes.count - 2].update == .reload, "\(d)")
        #expect(s.outcomes[s.outcomes.count - 2].closeAllSent == true, "\(d)")
    }

    @Test(arguments: Scenario.drivers)
    func P3_badSessionDataIsRejectedAndChangesNothing(_ d: String) {
        let bad = ["", "{", "[]", "null", #"{"version":2,"tabs":[]}"#, #"{"version":1}"#,
                   #"{"version":1,"tabs":[{"id":"a","title":"x"},{"id":"a","title":"y"}]}"#,
                   #"{"version":1,"tabs":[{"id":"a","title":"x"}],"activeTabID":"ghost"}"#,
                   #"{"version":1,"tabs":[{"id":"","title":"x"}]}"#, #"{"version":"1","tabs":[]}"#,
                   #"{"version":1,"tabs":[{"id":"a","title":7}]}"#, #"{"version":1,"tabs":[{"id":"a","title":"x"}"#]
        for text in bad {
            let s = Scenario.run(d, tabs("keep") + [.setQuery("k"), .restoreData(text)])
            #expect(s.last.rejected == "invalidSession", "\(d): \(text)")
            #expect(s.ids == ["t1"] && s.observation.query == "k", "\(d): \(text)")
        }
    }

    @Test func P3_errorsSayWhatAndWhere() {
        var grid = TabGrid(ids: .sequential(prefix: "t"))
        let cases: [(String, String, SessionError.Kind)] = [
            (#"{"version":1,"tabs":[{"id":"a","title":"x"},{"id":"a","title":"y"}]}"#, "tabs[1].id", .duplicateID),
            (#"{"version":1,"tabs":[{"id":"a","title":7}]}"#, "tabs[0].title", .wrongType),
            (#"{"version":1,"tabs":[{"id":"a"}]}"#, "tabs[0].title", .missingField),
            (#"{"version":3,"tabs":[]}"#, "version", .unsupportedVersion),
            (#"{"version":1,"tabs":[],"activeTabID":"x"}"#, "activeTabID", .unknownActiveTab),
        ]
        for (text, path, kind) in cases {
            #expect(throws: TabGridError.self) { try grid.restore(from: Data(text.utf8)) }
            do { _ = try grid.restore(from: Data(text.utf8)) } catch {
                guard case .invalidSession(let e) = error else { Issue.record("wrong error \(error)"); continue }
                #expect(e.path == path && e.kind == kind, "\(text): \(e)")
                #expect("\(error)".contains(path))
            }
        }
    }

    static func tempDir() -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("tabgrid-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func P4_saveIsAtomicAndACorruptFileIsNeverOverwrittenByLoading() throws {
        let dir = Self.tempDir()
        let store = SessionStore(url: dir.appendingPathComponent("session.json"))
        var grid = TabGrid(ids: .sequential(prefix: "t"))
        _ = grid.newTab()
        try store.save(grid.snapshot())
        // A crash mid-save leaves only a temporary file behind: the session is intact.
        try Data("{\"version\":1,\"ta".utf8).write(to: store.temporaryURL)
        #expect(store.load().snapshot.tabs.map(\.id.rawValue) == ["t1"])
        // A corrupt session is reported, and loading leaves it on disk untouched.
        try Data("garbage".utf8).write(to: store.url)
        let loaded = store.load()
        #expect(loaded.problems.count == 1 && loaded.problems[0].contains("session.json"))
        #expect(try Data(contentsOf: store.url) == Data("garbage".utf8))
    }

    @Test func P5_eachSaveKeepsThePreviousGoodSnapshotAsBackup() throws {
        let dir = Self.tempDir()
        let store = SessionStore(url: dir.appendingPathComponent("session.json"))
        var grid = TabGrid(ids: .sequential(prefix: "t"))
        _ = grid.newTab()
        try store.save(grid.snapshot())
        _ = grid.newTab()
        try store.save(grid.snapshot())
        #expect(store.load().source == .main && store.load().snapshot.tabs.count == 2)
        try Data("{broken".utf8).write(to: store.url)
        let fallback = store.load()
        #expect(fallback.source == .backup && fallback.snapshot.tabs.count == 1 && !fallback.problems.isEmpty)
        try Data("also broken".utf8).write(to: store.backupURL)
        let empty = store.load()
        #expect(empty.source == .empty && empty.snapshot.tabs.isEmpty && empty.problems.count == 2)
        #expect(FileManager.default.fileExists(atPath: store.url.path) && FileManager.default.fileExists(atPath: store.backupURL.path))
        // Saving over a corrupt session moves it aside instead of losing it.
        try store.save(grid.snapshot())
        #expect(FileManager.default.fileExists(atPath: store.url.path + ".corrupt"))
    }
}
