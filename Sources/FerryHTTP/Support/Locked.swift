import FerrySystem

/// A value guarded by a lock, for state shared between the caller's threads and the transport's.
///
/// A bare `pthread_mutex_t` rather than `NSLock`: every request takes several of these locks and makes a
/// few of them, and `NSLock` adds an object and dynamic dispatch to each (FerrySystem's ``SystemMutex``, which
/// says why not the standard library's `Mutex`). The value and the mutex share one
/// heap object (one allocation per lock); copies of a `Locked` share it too.
package struct Locked<Value>: @unchecked Sendable {
    private let storage: Storage

    package init(_ value: Value) {
        storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in value }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { SystemMutex.initialize($0) }
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, mutex in
            SystemMutex.lock(mutex)
            defer { SystemMutex.unlock(mutex) }
            return try body(&value.pointee)
        }
    }

    /// The value (the header) and its mutex (the one element), in one object.
    private final class Storage: ManagedBuffer<Value, SystemMutex.Storage> {
        deinit {
            withUnsafeMutablePointerToElements { SystemMutex.destroy($0) }
        }
    }
}
