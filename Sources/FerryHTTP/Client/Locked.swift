import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A value guarded by a lock, for state shared between the caller's threads and the transport's.
///
/// A bare `pthread_mutex_t` rather than `NSLock`: every request takes several of these locks and makes a
/// few of them, and `NSLock` adds an object and dynamic dispatch to each. Not the standard library's `Mutex`
/// either: ThreadSanitizer does not see its lock (the prebuilt library is not instrumented) and reports every
/// access it guards as a race, while it intercepts `pthread_mutex_lock`.
final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
