import Foundation
import Observation

/// The tab grid as an app binds to it: a `@MainActor`, `@Observable` view-model over `TabGrid`
/// whose session is saved through an asynchronous `TabStore` — each change that a session holds
/// (the tabs, their titles, the active tab: P1) sends the store a snapshot taken then, the store
/// writes at most every `interval`, a flush when the app goes to the background writes at once,
/// and a launch restores what the store holds (SPEC S1–S3).
@MainActor @Observable
public final class LiveTabs {
    public private(set) var grid: TabGrid
    public let store: TabStore
    /// Changes counted, so the store can tell a newer snapshot from an older one.
    private var generation = 0
    /// While a launch restores the session, nothing is saved: the empty grid of a restore in
    /// flight must never overwrite the stored session (firefox-ios PR #1236).
    private var restoring = false

    public init(grid: TabGrid, store: TabStore) {
        self.grid = grid
        self.store = store
    }

    /// One event on the grid; saves when it changed what a session holds.
    public func update<R>(_ event: (inout TabGrid) throws -> R) rethrows -> R {
        let before = grid.snapshot()
        defer { if grid.snapshot() != before { changed() } }
        return try event(&grid)
    }

    /// Sends the store the session as it is now.
    private func changed() {
        guard !restoring else { return }
        generation += 1
        let data = grid.encodedSession(), generation = self.generation, store = self.store
        Task { await store.save(data, generation: generation) }
    }

    /// The app goes to the background: the session as it is now is written before this returns.
    public func flush() async {
        generation += 1
        await store.save(grid.encodedSession(), generation: generation)
        await store.flush()
    }

    /// The app is launched: restores what the store holds (nothing saved meanwhile).
    public func launch() async {
        restoring = true
        defer { restoring = false }
        guard let data = await store.load() else { return }
        _ = try? grid.restore(from: data)
    }
}
