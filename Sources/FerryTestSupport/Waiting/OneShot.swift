import Foundation

/// A value that arrives once, set from any thread (a reader thread, a process's termination handler)
/// and awaited without blocking a thread.
///
/// ```swift
/// let exit = OneShot<Int32>()
/// process.terminationHandler = { exit.fulfill($0.terminationStatus) }
/// try process.run()
/// let status = await exit.value
/// ```
public final class OneShot<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Value?
    private var waiters: [CheckedContinuation<Value, Never>] = []

    /// Creates an empty one.
    public init() {}

    /// Sets the value and wakes everyone waiting; later calls are ignored.
    public func fulfill(_ value: Value) {
        let woken: [CheckedContinuation<Value, Never>]? = lock.withLock {
            guard result == nil else { return nil }
            result = value
            defer { waiters = [] }
            return waiters
        }
        woken?.forEach { $0.resume(returning: value) }
    }

    /// The value, once it has arrived (waits without blocking a thread).
    public var value: Value {
        get async {
            await withCheckedContinuation { continuation in
                let ready: Value? = lock.withLock {
                    if let result { return result }
                    waiters.append(continuation)
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }

    /// The value if it has arrived, else `nil`.
    public var current: Value? { lock.withLock { result } }
}
