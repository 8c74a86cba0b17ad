import Foundation
import TabModel

/// An in-memory file system that can crash in the middle of a save (P4): at the chosen
/// operation a write leaves half its bytes behind and a rename does not happen.
final class CrashingFileSystem: SessionFileSystem, @unchecked Sendable {
    struct Crash: Error {}
    private(set) var files: [String: Data] = [:]
    /// Operations left before the crash; nil: never crash.
    var crashIn: Int?

    private func tick() -> Bool {
        guard let n = crashIn else { return false }
        if n <= 0 { return true }
        crashIn = n - 1
        return false
    }

    func read(_ path: String) throws -> Data? { files[path] }

    func write(_ data: Data, to path: String) throws {
        if tick() { files[path] = data.prefix(data.count / 2); throw Crash() }
        files[path] = data
    }

    func rename(_ from: String, to: String) throws {
        if tick() { throw Crash() }
        guard let data = files.removeValue(forKey: from) else { throw Crash() }
        files[to] = data
    }
}

/// P4/P5 at every save step: a save that crashes at any operation leaves the previous save
/// (or the new one) loadable — never an older one, never nothing.
final class CrashSafeSaves: @unchecked Sendable {
    private let fs = CrashingFileSystem()
    private var saves = 0
    /// What the files hold: each check ends by proving that this loads back, and nothing
    /// else writes to `fs`, so the next check need not load it again.
    private var current = SessionSnapshot(tabs: [], activeTabID: nil)
    private var store: SessionStore { SessionStore(url: URL(fileURLWithPath: "/session.json"), fileSystem: fs) }

    /// Saves `snapshot` once with a crash injected, checks what loads, then (if it crashed)
    /// saves it for real.
    func check(_ snapshot: SessionSnapshot) -> String? {
        let before = current
        let crashAt = saves % 4            // write tmp, rename main→backup, rename tmp→main, none
        saves += 1
        fs.crashIn = crashAt < 3 ? crashAt : nil
        let crashed = (try? store.save(snapshot)) == nil
        fs.crashIn = nil
        let after = store.load()
        var problem: String?
        if after.snapshot != before && after.snapshot != snapshot {
            problem = "after a save that \(crashed ? "crashed at file operation \(crashAt + 1)" : "completed"), loading gave \(after.snapshot.tabs.count) tabs from the \(after.source), neither the previous save (\(before.tabs.count) tabs) nor the new one (\(snapshot.tabs.count) tabs)"
        } else if !crashed && after.snapshot != snapshot {
            problem = "a completed save does not load back"
        } else if crashed {
            do { try store.save(snapshot) } catch { problem = "a save without a crash failed: \(error)" }
            if problem == nil && store.load().snapshot != snapshot { problem = "a completed save does not load back" }
        }
        current = snapshot
        return problem
    }
}
