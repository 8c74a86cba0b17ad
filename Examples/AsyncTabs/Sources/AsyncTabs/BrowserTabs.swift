import Foundation
import Observation

/// The app's tab list, as its views bind to it: on the main actor, observable, every change
/// sent to the store as a snapshot taken then.
@MainActor @Observable
public final class BrowserTabs {
    public struct Tab: Codable, Equatable, Sendable {
        public var number: Int
        public var title: String
    }
    public private(set) var tabs: [Tab] = []
    public private(set) var current: Int?
    private var made = 0
    private var revision = 0
    private var launching = false
    public let store: SessionStoreActor
    /// A planted mistake, for the tests: each is a bug the checker must find.
    public enum Mistake: String, Sendable, CaseIterable {
        /// Going to the background starts the flush and does not wait for it.
        case flushNotAwaited
        /// The store takes any snapshot that arrives, even one older than what it has.
        case olderSnapshotWins
    }
    let mistake: Mistake?

    public init(store: SessionStoreActor, mistake: Mistake? = nil) {
        self.store = store
        self.mistake = mistake
    }

    public func add() {
        made += 1
        while tabs.contains(where: { $0.number == made }) { made += 1 }
        tabs.append(Tab(number: made, title: "New Tab"))
        current = tabs.count - 1
        changed()
    }

    /// Closes the tab at `i`; the current tab moves to the next one, else the previous one.
    public func close(at i: Int) {
        tabs.remove(at: i)
        if let c = current {
            if c == i { current = tabs.isEmpty ? nil : min(i, tabs.count - 1) } else if c > i { current = c - 1 }
        }
        changed()
    }

    public func retitle(_ i: Int, _ title: String) {
        guard tabs[i].title != title else { return }
        tabs[i].title = title
        changed()
    }

    public func select(_ i: Int) {
        guard current != i else { return }
        current = i
        changed()
    }

    private func changed() {
        guard !launching else { return }
        revision += 1
        let snapshot = Snapshot(tabs: tabs, current: current, revision: revision), store = self.store
        Task { await store.save(snapshot) }
    }

    /// The app goes to the background: the tabs as they are now are on disk when this returns.
    public func didEnterBackground() async {
        revision += 1
        let snapshot = Snapshot(tabs: tabs, current: current, revision: revision), store = self.store
        if mistake == .flushNotAwaited {
            Task { await store.flush(snapshot) }
        } else {
            await store.flush(snapshot)
        }
    }

    /// The app launches: the tabs the store holds.
    public func launch() async {
        launching = true
        defer { launching = false }
        guard let snapshot = await store.load() else { return }
        tabs = snapshot.tabs
        current = snapshot.current
    }
}

/// What is saved: the tabs, the current one, and which change it was.
public struct Snapshot: Codable, Sendable, Equatable {
    public var tabs: [BrowserTabs.Tab]
    public var current: Int?
    public var revision: Int
}

/// The files the app keeps, outliving its process (in memory for the tests).
public final class Disk: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    public init() {}
    public func write(_ d: Data) { lock.withLock { data = d } }
    public func read() -> Data? { lock.withLock { data } }
}

/// The session store: an actor, saves throttled to one a second, a flush writes at once.
public actor SessionStoreActor {
    public nonisolated let disk: Disk
    private var newest: Snapshot?
    private var onDisk = 0
    private var timer = false
    let acceptsOlder: Bool

    public init(disk: Disk, acceptsOlder: Bool = false) {
        self.disk = disk
        self.acceptsOlder = acceptsOlder
    }

    public func save(_ s: Snapshot) {
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

    public func flush(_ s: Snapshot) {
        save(s)
        write()
    }

    private func write() {
        guard let s = newest, let data = try? JSONEncoder().encode(s) else { return }
        newest = nil
        disk.write(data)
        onDisk = s.revision
    }

    public func load() -> Snapshot? {
        disk.read().flatMap { try? JSONDecoder().decode(Snapshot.self, from: $0) }
    }
}
