import Foundation

/// Counts a route's calls from the server's threads.
final class AttemptCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func next() -> Int {
        lock.withLock {
            defer { count += 1 }; return count
        }
    }
}
