import Foundation

/// The session's store, as real apps write theirs (firefox-ios's `TabDataStore`: an actor, async
/// save and load, a minimum interval between writes): every change sends the store a snapshot
/// taken on the main actor when the change happened; the store keeps the newest it was sent —
/// an older one arriving late never replaces it (S2) — and writes it once the interval has
/// passed since the first unwritten change, or at once when flushed (the app going to the
/// background). A write replaces the stored session in one step: nothing is deleted first.
public actor TabStore {
    public nonisolated let disk: SessionDisk
    /// The least time between two writes (firefox-ios: 5 s).
    public nonisolated let interval: Duration
    /// The newest snapshot sent and not yet written, with its generation.
    private var pending: (data: Data, generation: Int)?
    /// The generation on disk (0: none written by this store).
    private var written = 0
    /// Whether a timed write is waiting for the interval to pass.
    private var timerSet = false

    public init(disk: SessionDisk, interval: Duration = .seconds(5)) {
        self.disk = disk
        self.interval = interval
    }

    /// Takes a snapshot to write; `generation` orders snapshots (the model counts its changes).
    public func save(_ data: Data, generation: Int) {
        guard generation > max(written, pending?.generation ?? 0) else { return }   // an older snapshot never replaces a newer one
        pending = (data, generation)
        guard !timerSet else { return }   // coalesced: the timer already set writes the newest
        timerSet = true
        Task {
            try? await Task.sleep(for: interval)
            self.timerFired()
        }
    }

    /// Writes the newest snapshot now (the app is going to the background) and returns once it
    /// is on disk.
    public func flush() {
        writePending()
    }

    private func timerFired() {
        timerSet = false
        writePending()
    }

    private func writePending() {
        guard let (data, generation) = pending else { return }
        pending = nil
        disk.replace(with: data)
        written = generation
    }

    /// The stored session, if any.
    public func load() async -> Data? {
        await withCheckedContinuation { continuation in
            disk.read { continuation.resume(returning: $0) }
        }
    }
}
