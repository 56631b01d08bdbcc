import Dispatch

/// Runs `body` in the current task on a thread of its own, not on Swift's cooperative pool: for a test that
/// computes for seconds (a corpus pass, a fuzz loop), which would otherwise hold one of the pool's few threads
/// (two on a 2-core machine) and delay every other test's `await` by as long. The operating system then
/// shares the cores between it and the rest, as it does between any threads.
///
/// `#expect` and `#require` work inside, since `body` still runs in the test's task.
///
/// ```swift
/// @Test func everyCorpusFileReadsBack() async throws {
///     try await offThePool { for file in files { #expect(try read(file) == expected(file)) } }
/// }
/// ```
public func offThePool<Value: Sendable>(_ body: () async throws -> Value) async rethrows -> Value {
    try await withTaskExecutorPreference(SerialQueueExecutor(), operation: body)
}

/// A task executor running jobs on a serial dispatch queue of its own: such a queue gets its own thread when it
/// has work, outside the cooperative pool's width.
private final class SerialQueueExecutor: TaskExecutor, @unchecked Sendable {
    private let queue = DispatchQueue(label: "ferry.tests.off-the-pool")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
