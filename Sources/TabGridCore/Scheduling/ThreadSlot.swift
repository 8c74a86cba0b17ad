#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One object per thread, set for the length of a call: the queue of the model a thread drives
/// (`JobQueue.enter`), the shrinker's aim for the run on a thread (`ScheduleAim.with`). A
/// thread-specific key, not a task-local: the jobs it concerns run on the thread, outside any task.
final class ThreadSlot<T: AnyObject>: @unchecked Sendable {
    private let key: pthread_key_t

    init() {
        var k = pthread_key_t()
        pthread_key_create(&k, nil)
        key = k
    }

    /// The thread's object, if a call has set one.
    var current: T? {
        guard let raw = pthread_getspecific(key) else { return nil }
        return Unmanaged<T>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Runs `body` with `value` as the thread's object; the one before is back after it (nested calls nest).
    func with<R>(_ value: T, _ body: () throws -> R) rethrows -> R {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(value).toOpaque())
        defer { pthread_setspecific(key, previous) }
        return try body()
    }
}
