import Generators
import Foundation

/// One slot per index, each written by one thread, under a lock: what threads running
/// candidates (here, and in the checker's exhaustive search) share.
package final class Slots<T: Sendable>: @unchecked Sendable {
    private var slots: [T]
    private let lock = NSLock()
    package init(count: Int, empty: T) { slots = Array(repeating: empty, count: count) }
    package func set(_ i: Int, _ value: T) { lock.lock(); slots[i] = value; lock.unlock() }
    package var values: [T] { lock.lock(); defer { lock.unlock() }; return slots }
}
