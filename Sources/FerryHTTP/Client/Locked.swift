import Synchronization

/// A value guarded by a lock, for state shared between the caller's threads and the transport's.
///
/// The lock is the standard library's `Mutex`, stored inline: every request makes a few of these and takes
/// them several times, and a separately allocated `pthread_mutex_t` or an `NSLock` costs an allocation or
/// dynamic dispatch each.
final class Locked<Value>: @unchecked Sendable {
    private let mutex = Mutex(())
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { _ in try body(&value) }
    }
}
