import Testing

/// Runs each test it is given to (every test of a suite it is attached to) off Swift's cooperative pool, as
/// ``offThePool(_:)`` does for one body: for suites whose tests compute for seconds (corpus passes, fuzz loops,
/// property checks). On a busy 2-core machine such a test holds one of the pool's two threads until it ends,
/// and every other test's `await` (a loopback server's answer, a deadline) waits as long: a whole test process
/// was seen stalled for two minutes that way, failing tests that were only waiting.
///
/// ```swift
/// @Suite(.offThePool) struct WireFuzzTests {
///     @Test func generatedBytesDecodeOrFail() throws { … }
/// }
/// ```
public struct OffThePoolTrait: SuiteTrait, TestTrait, TestScoping {
    /// Whether the suite's tests, and those of the suites inside it, run off the pool too: they do.
    public var isRecursive: Bool { true }

    /// This trait for a test function; none for a suite as a whole (its tests get their own).
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? { test.isSuite ? nil : self }

    /// Runs `function`, the test's body, on a thread of its own.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await FerryTestSupport.offThePool { try await function() }
    }
}

extension Trait where Self == OffThePoolTrait {
    /// Runs each test off Swift's cooperative pool, on a thread of its own (``OffThePoolTrait``).
    public static var offThePool: Self { OffThePoolTrait() }
}
