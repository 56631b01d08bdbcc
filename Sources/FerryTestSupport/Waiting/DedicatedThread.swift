import Foundation

/// Runs blocking code under test (a synchronous run loop, a blocking read) on a new thread of its own and
/// awaits its result, so the test does not hold one of the cooperative pool's few threads meanwhile.
///
/// ```swift
/// let final = try await DedicatedThread.run { try loop.run(...) }
/// ```
public enum DedicatedThread {
    /// Runs `body` on a new thread and returns (or throws) what it does.
    public static func run<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        let outcome = OneShot<Result<Value, any Error>>()
        Thread.detachNewThread { outcome.fulfill(Result { try body() }) }
        return try await outcome.value.get()
    }
}
