import Dispatch

/// A task executor running jobs on a serial dispatch queue, so streamed transfers never wait for Swift's
/// cooperative thread pool (which is as wide as the CPU count and may be busy with blocking work, such
/// as synchronous tests polling the app).
final class QueueTaskExecutor: TaskExecutor, @unchecked Sendable {
    private let queue: DispatchQueue

    /// An executor with its own serial queue named `label`.
    init(label: String) {
        queue = DispatchQueue(label: label, qos: .userInitiated)
    }

    /// Runs `job` on the queue.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
