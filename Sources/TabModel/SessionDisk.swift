import Foundation

/// The device's storage for the session, as an app's files outlive its process: what a
/// relaunch after a kill reads. In memory here (the checker's disk); a file would do the same.
/// Each call is atomic (a file written elsewhere, then renamed: P4).
public final class SessionDisk: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: Data?
    /// How many writes reached it (for tests and the storyboard).
    public private(set) var writes = 0

    public init(_ bytes: Data? = nil) { self.bytes = bytes }

    /// The stored session, handed to `completion` (once), as a file API with a callback does.
    public func read(_ completion: (Data?) -> Void) {
        let data = lock.withLock { bytes }
        completion(data)
    }
    /// The stored session.
    public var contents: Data? { lock.withLock { bytes } }
    /// Replaces the stored session in one step.
    public func replace(with data: Data) { lock.withLock { bytes = data; writes += 1 } }
    /// Deletes the stored session.
    public func remove() { lock.withLock { bytes = nil } }
}
