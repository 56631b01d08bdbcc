import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A value guarded by a lock, for state shared between the caller's threads and the transport's.
///
/// A bare `pthread_mutex_t` rather than `NSLock`: every request takes several of these locks and makes a
/// few of them, and `NSLock` adds an object and dynamic dispatch to each. Not the standard library's `Mutex`
/// either: ThreadSanitizer does not see its lock (the prebuilt library is not instrumented) and reports every
/// access it guards as a race, while it intercepts `pthread_mutex_lock`. The value and the mutex share one
/// heap object (one allocation per lock); copies of a `Locked` share it too.
package struct Locked<Value>: @unchecked Sendable {
    private let storage: Storage

    package init(_ value: Value) {
        storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in value }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            _ = pthread_mutex_init(mutex, nil)
        }
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }

    /// The value (the header) and its mutex (the one element), in one object.
    private final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        deinit {
            _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
        }
    }
}
