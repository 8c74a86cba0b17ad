import Checker
import Foundation
import TabModel

/// An in-memory file system (one folder) that can crash in the middle of a save (P4).
///
/// It keeps two views, as a disk does: what the running program sees, and what would
/// survive a power loss — a file's bytes only after `sync`, names (new files, renames) only
/// after `syncDirectory`; a file whose name is durable but whose bytes were never synced
/// comes back empty. At the chosen operation a write leaves half its bytes behind and any
/// other operation does not happen; then `powerLoss()` may drop everything not durable.
final class CrashingFileSystem: SessionFileSystem, @unchecked Sendable {
    struct Crash: Error {}
    private final class Inode {
        var data: Data
        var durable = Data()
        init(_ data: Data) { self.data = data }
    }
    private var names: [String: Inode] = [:]
    private var durableNames: [String: Inode] = [:]
    /// Operations left before the crash; nil: never crash.
    var crashIn: Int?

    private func tick() -> Bool {
        guard let n = crashIn else { return false }
        if n <= 0 { return true }
        crashIn = n - 1
        return false
    }

    func read(_ path: String) throws -> Data? { names[path]?.data }

    func exists(_ path: String) -> Bool { names[path] != nil }

    /// Whether some file holds exactly `data` now (to check that nothing was lost): lengths
    /// first, so the session itself is not compared byte by byte with every corrupt copy.
    func holds(_ data: Data) -> Bool { names.values.contains { $0.data.count == data.count && $0.data == data } }

    func write(_ data: Data, to path: String) throws {
        let inode = names[path] ?? Inode(Data())
        names[path] = inode
        if tick() { inode.data = data.prefix(data.count / 2); throw Crash() }
        inode.data = data
    }

    func sync(_ path: String) throws {
        if tick() { throw Crash() }
        guard let inode = names[path] else { throw Crash() }
        inode.durable = inode.data
    }

    func rename(_ from: String, to: String) throws {
        if tick() { throw Crash() }
        guard let inode = names.removeValue(forKey: from) else { throw Crash() }
        names[to] = inode
    }

    func syncDirectory(of path: String) throws {
        if tick() { throw Crash() }
        durableNames = names
    }

    /// Puts `data` at `path` durably, bypassing crashes (a file damaged outside the app).
    func place(_ data: Data, at path: String) {
        let inode = names[path] ?? Inode(Data())
        inode.data = data
        inode.durable = data
        names[path] = inode
        durableNames = names
    }

    /// The power goes out: only what was made durable remains.
    func powerLoss() {
        names = durableNames
        for inode in names.values { inode.data = inode.durable }
    }
}

/// P4/P5 at every save step: a save that crashes at any file operation — the process dies,
/// or the power goes out and takes everything not yet synced — leaves the previous save
/// (or the new one) loadable, never an older one, never nothing; a completed save survives
/// a power loss; a corrupt session is moved aside, never lost.
final class CrashSafeSaves: @unchecked Sendable {
    /// Operations of a save: write tmp, sync tmp, rename main→backup (or →.corrupt),
    /// rename tmp→main, sync the folder; and a sixth position, no crash.
    static let positions = 6
    private let fs = CrashingFileSystem()
    /// What the store writes through: the crashing file system itself, or (in tests of this
    /// check) a wrapper around it that breaks the protocol, to see the check fail.
    private let storeFileSystem: any SessionFileSystem
    private var saves = 0
    /// Every corrupt session file placed so far: each must stay on disk somewhere.
    private var damages: [Data] = []
    /// What the files hold: each check ends by proving that this loads back, so the next
    /// check need not load it again (unless it damages the file first).
    private var current = SessionSnapshot(tabs: [], activeTabID: nil)
    /// What the backup file holds, known from the saves made (nil: no backup yet) — never
    /// read through the store under test (decisions.md, Shrinking: a load that skips the backup used to judge
    /// itself). A completed save over a valid main file moves it to the backup; over a
    /// corrupt one, it moves it aside and leaves the backup as it was.
    private var backup: SessionSnapshot?
    private var mainExists = false
    private let store: SessionStore
    private static let path = "/session.json"
    /// Made once: a file URL made from a path asks the disk whether it is a folder (a system call per sequence).
    private static let url = URL(fileURLWithPath: path, isDirectory: false)

    init(wrap: (CrashingFileSystem) -> any SessionFileSystem = { $0 }) {
        storeFileSystem = wrap(fs)
        store = SessionStore(url: Self.url, fileSystem: storeFileSystem)
    }

    /// Saves `snapshot` once with a crash injected, checks what loads, then (if it crashed)
    /// saves it for real. Every third save first finds the session file corrupt, so within
    /// nine saves a crash hits the main→.corrupt rename, with and without a power loss.
    func check(_ snapshot: SessionSnapshot) -> String? {
        let crashAt = saves % Self.positions
        let powerLoss = (saves / Self.positions) % 2 == 1
        let damaged = saves % 3 == 2
        saves += 1
        if damaged {
            let garbage = Data("{\"version\": 1, \"tabs\": [ damaged \(saves)".utf8)
            damages.append(garbage)
            fs.place(garbage, at: Self.path)
        }
        // What a correct load gives now: the last completed save, or — its file corrupt —
        // the backup, or nothing.
        let before = damaged ? backup ?? SessionSnapshot(tabs: [], activeTabID: nil) : current
        fs.crashIn = crashAt < Self.positions - 1 ? crashAt : nil
        let crashed = (try? store.save(snapshot)) == nil
        fs.crashIn = nil
        if powerLoss { fs.powerLoss() }
        let after = store.load()
        let what = "a save that \(crashed ? "crashed at file operation \(crashAt + 1) of 5" : "completed")\(powerLoss ? ", then a power loss" : "")\(damaged ? ", over a corrupt session file" : "")"
        var problem: String?
        if after.snapshot != before && after.snapshot != snapshot {
            problem = "after \(what), loading gave \(after.snapshot.tabs.count) tabs from the \(after.source), neither the previous save (\(before.tabs.count) tabs) nor the new one (\(snapshot.tabs.count) tabs)"
        } else if !crashed && (after.snapshot != snapshot || after.source != .main) {
            problem = "after \(what), the new save does not load back from the session file (got \(after.snapshot.tabs.count) tabs from the \(after.source))"
        } else if damaged && after.snapshot == before && before != snapshot && backup != nil && after.source != .backup {
            problem = "after \(what), the previous session loaded from the \(after.source), not from the backup that holds it"
        } else if let lost = damages.first(where: { !fs.holds($0) }) {
            problem = "after \(what), the corrupt session file \"\(String(decoding: lost, as: UTF8.self))\" is gone: every corrupt file must be kept as its own .corrupt copy"
        } else if crashed {
            do { try store.save(snapshot) } catch { problem = "a save without a crash failed: \(error)" }
            if problem == nil && store.load().snapshot != snapshot { problem = "a completed save does not load back" }
        }
        if !damaged && mainExists { backup = current }
        mainExists = true
        current = snapshot
        return problem
    }
}
