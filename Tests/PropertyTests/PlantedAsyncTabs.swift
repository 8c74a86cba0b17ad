import Foundation
import Observation

/// A small `@MainActor @Observable` tab list saving through an actor store — the shape of an
/// app's model in 2026 — with one planted mistake per rule of S, for the tests that show the
/// `lifecycle` property catches each (a check that cannot fail is a defect). This file imports
/// no module of this package: inside it, `Observation` is the engine's name for `GridObservation`,
/// which `@Observable`'s expansion would pick up.
@MainActor @Observable
final class PlantedAsyncTabs {
    enum Mistake: String, CaseIterable, Sendable {
        /// S1: a finished save sets the tabs back to its snapshot: a tab closed meanwhile returns.
        case saveReloadsItsSnapshot
        /// S2: going to the background starts the flush and does not wait for it.
        case flushNotAwaited
        /// S2: the store takes whichever snapshot arrives last, an older one too.
        case olderSnapshotWins
        /// S3: a launch with nothing stored awaits a continuation nobody resumes.
        case launchNeverResumes
        /// S3: every change starts a refresh that enqueues itself again, forever.
        case endlessRefresh
    }
    private(set) var tabs: [Int] = []
    private var made = 0
    private var revision = 0
    let store: PlantedStore
    let mistake: Mistake?

    init(store: PlantedStore, mistake: Mistake?) { self.store = store; self.mistake = mistake }

    /// A new tab takes the next number not in use (after a relaunch, numbering starts afresh).
    func add() {
        made += 1
        while tabs.contains(made) { made += 1 }
        tabs.append(made)
        changed()
    }
    func close(at i: Int) { tabs.remove(at: i); changed() }

    private func changed() {
        revision += 1
        let snapshot = PlantedStore.Snapshot(tabs: tabs, revision: revision), store = self.store
        Task {
            await store.save(snapshot)
            if mistake == .saveReloadsItsSnapshot { tabs = snapshot.tabs }
        }
        if mistake == .endlessRefresh { Task { await Self.refresh() } }
    }

    private static func refresh() async { Task { await refresh() } }

    func didEnterBackground() async {
        revision += 1
        let snapshot = PlantedStore.Snapshot(tabs: tabs, revision: revision), store = self.store
        if mistake == .flushNotAwaited { Task { await store.flush(snapshot) } } else { await store.flush(snapshot) }
    }

    func launch() async {
        if mistake == .launchNeverResumes, store.disk.read() == nil {
            await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
        }
        if let s = await store.load() { tabs = s.tabs; made = 0 }
    }
}

/// The store: an actor, saves throttled to one a second (a sleeping task), a flush at once.
actor PlantedStore {
    struct Snapshot: Codable, Sendable { var tabs: [Int]; var revision: Int }
    nonisolated let disk: PlantedDisk
    private var newest: Snapshot?
    private var onDisk = 0
    private var timer = false
    let acceptsOlder: Bool

    init(disk: PlantedDisk, acceptsOlder: Bool) { self.disk = disk; self.acceptsOlder = acceptsOlder }

    func save(_ s: Snapshot) {
        if !acceptsOlder { guard s.revision > max(onDisk, newest?.revision ?? 0) else { return } }
        newest = s
        guard !timer else { return }
        timer = true
        Task {
            try? await Task.sleep(for: .seconds(1))
            self.timer = false
            self.write()
        }
    }

    func flush(_ s: Snapshot) { save(s); write() }

    private func write() {
        guard let s = newest, let data = try? JSONEncoder().encode(s) else { return }
        newest = nil
        disk.write(data)
        onDisk = s.revision
    }

    func load() -> Snapshot? { disk.read().flatMap { try? JSONDecoder().decode(Snapshot.self, from: $0) } }
}

/// The file that outlives the process.
final class PlantedDisk: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    func write(_ d: Data) { lock.withLock { data = d } }
    func read() -> Data? { lock.withLock { data } }
}

