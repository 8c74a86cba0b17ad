import Foundation
import Testing
@testable import Checker
@testable import ProductionDriver
import TabModel

/// SessionStore's promises (P4, P5) on the real disk and under the crash simulation, and
/// the simulation itself seen failing on broken save protocols.
@Suite struct SessionStoreTests {
    static func snapshot(_ n: Int) -> SessionSnapshot {
        let tabs = (1...n).map { Tab(id: TabID("t\($0)"), title: "tab \($0)") }
        return SessionSnapshot(tabs: tabs, activeTabID: tabs.last?.id)
    }

    static func tempStore() -> SessionStore {
        var template = Array(URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("tabgrid-store-XXXXXX").path.utf8CString)
        let dir = String(cString: mkdtemp(&template)!)
        return SessionStore(url: URL(fileURLWithPath: dir + "/session.json"))
    }

    /// Issue 13.11: a second corrupt session must not overwrite the first copy.
    @Test func P4_everyCorruptSessionIsKeptInItsOwnCopy() throws {
        let store = Self.tempStore()
        try store.save(Self.snapshot(1))
        for k in 1...3 {
            try Data("corrupt \(k)".utf8).write(to: store.url)
            try store.save(Self.snapshot(k + 1))
        }
        let copies = [store.corruptURL.path, store.corruptURL.path + ".2", store.corruptURL.path + ".3"]
        #expect(copies.map { (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "missing" } == ["corrupt 1", "corrupt 2", "corrupt 3"])
        #expect(store.load().snapshot == Self.snapshot(4))
    }

    /// Records the operations a save performs.
    final class Recording: SessionFileSystem, @unchecked Sendable {
        let base = LocalFileSystem()
        var log: [String] = []
        func name(_ p: String) -> String { URL(fileURLWithPath: p).lastPathComponent }
        func read(_ path: String) throws -> Data? { try base.read(path) }
        func exists(_ path: String) -> Bool { base.exists(path) }
        func write(_ data: Data, to path: String) throws { log.append("write \(name(path))"); try base.write(data, to: path) }
        func sync(_ path: String) throws { log.append("sync \(name(path))"); try base.sync(path) }
        func rename(_ from: String, to: String) throws { log.append("rename \(name(from))→\(name(to))"); try base.rename(from, to: to) }
        func syncDirectory(of path: String) throws { log.append("syncDirectory"); try base.syncDirectory(of: path) }
    }

    /// Issue 13.12: the temporary file is synced before any rename, the folder after them.
    @Test func P4_aSaveSyncsTheFileBeforeTheRenameAndTheFolderAfter() throws {
        let fs = Recording()
        let store = SessionStore(url: Self.tempStore().url, fileSystem: fs)
        try store.save(Self.snapshot(1))
        try store.save(Self.snapshot(2))
        #expect(fs.log == ["write session.json.tmp", "sync session.json.tmp", "rename session.json.tmp→session.json", "syncDirectory",
                           "write session.json.tmp", "sync session.json.tmp", "rename session.json→session.json.backup",
                           "rename session.json.tmp→session.json", "syncDirectory"])
    }

    /// Issues 13.12–13: every crash position (including the main→.corrupt rename), with and
    /// without a power loss, over 60 saves: the check passes on the real protocol.
    @Test func P4_theCrashSimulationPassesOnTheRealProtocol() {
        let check = CrashSafeSaves()
        for k in 1...60 { #expect(check.check(Self.snapshot(1 + k % 7)) == nil, "save \(k)") }
    }

    /// A file system that breaks one promise, to see the simulation catch it.
    struct Broken: SessionFileSystem {
        /// `backupOnlyWhenMainMissing`: a load that reads the backup when the main file is gone
        /// but gives up on a corrupt one and starts empty (#24.2: it passed while "before" was
        /// the store's own load).
        enum Fault { case noFileSync, noFolderSync, corruptCopiesReuseOneName, backupOnlyWhenMainMissing }
        let fault: Fault
        let base: CrashingFileSystem
        func read(_ path: String) throws -> Data? {
            if fault == .backupOnlyWhenMainMissing, path.hasSuffix(".backup"), base.exists(String(path.dropLast(".backup".count))) { return nil }
            return try base.read(path)
        }
        func exists(_ path: String) -> Bool { fault == .corruptCopiesReuseOneName ? false : base.exists(path) }
        func write(_ data: Data, to path: String) throws { try base.write(data, to: path) }
        func sync(_ path: String) throws { if fault != .noFileSync { try base.sync(path) } }
        func rename(_ from: String, to: String) throws { try base.rename(from, to: to) }
        func syncDirectory(of path: String) throws { if fault != .noFolderSync { try base.syncDirectory(of: path) } }
    }

    /// The check can fail: each broken protocol is caught within 60 saves.
    @Test(arguments: [Broken.Fault.noFileSync, .noFolderSync, .corruptCopiesReuseOneName, .backupOnlyWhenMainMissing])
    func P4_theCrashSimulationCatchesABrokenProtocol(_ fault: Broken.Fault) {
        let check = CrashSafeSaves { Broken(fault: fault, base: $0) }
        let problems = (1...60).compactMap { check.check(Self.snapshot(1 + $0 % 7)) }
        #expect(!problems.isEmpty, "\(fault) went unnoticed")
    }
}
