import Foundation

/// A thread-safe counter shared with server routes and interceptors: `next()` returns 0, 1, 2, …
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.withLock {
            defer { value += 1 }
            return value
        }
    }
}
