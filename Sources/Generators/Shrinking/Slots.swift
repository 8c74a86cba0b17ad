import Foundation

/// One slot per index, each written by one thread, under a lock: what threads running
/// candidates (here, and in the checker's exhaustive search) share.
public final class Slots<T: Sendable>: @unchecked Sendable {
    private var slots: [T]
    private let lock = NSLock()
    public init(count: Int, empty: T) { slots = Array(repeating: empty, count: count) }
    public func set(_ i: Int, _ value: T) { lock.lock(); slots[i] = value; lock.unlock() }
    public var values: [T] { lock.lock(); defer { lock.unlock() }; return slots }
}
