import Glibc

/// The operations on a `pthread_mutex_t` kept in memory its owner allocates (FerryHTTP's `Locked` keeps one beside
/// the value it guards, in one heap object). A pthread mutex rather than the standard library's `Mutex`:
/// ThreadSanitizer intercepts `pthread_mutex_lock` and so sees what it orders, and it does not see `Mutex`'s lock.
///
/// ```swift
/// SystemMutex.initialize(mutex)
/// SystemMutex.lock(mutex); defer { SystemMutex.unlock(mutex) }
/// ```
public enum SystemMutex {
    /// The mutex itself, as its owner stores it.
    public typealias Storage = pthread_mutex_t

    /// Makes the uninitialized memory at `mutex` an unlocked mutex.
    @inlinable
    public static func initialize(_ mutex: UnsafeMutablePointer<Storage>) {
        mutex.initialize(to: pthread_mutex_t())
        _ = pthread_mutex_init(mutex, nil)
    }

    /// Waits for and takes `mutex`.
    @inlinable
    public static func lock(_ mutex: UnsafeMutablePointer<Storage>) {
        pthread_mutex_lock(mutex)
    }

    /// Releases `mutex`, taken by this thread.
    @inlinable
    public static func unlock(_ mutex: UnsafeMutablePointer<Storage>) {
        pthread_mutex_unlock(mutex)
    }

    /// Ends `mutex`, which no thread holds.
    @inlinable
    public static func destroy(_ mutex: UnsafeMutablePointer<Storage>) {
        pthread_mutex_destroy(mutex)
    }
}
