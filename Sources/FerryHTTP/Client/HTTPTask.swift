import Foundation

/// Where a task is in its life.
public enum HTTPTaskState: Sendable, Hashable {
    /// Created, not yet handed to the transport.
    case idle
    /// Transferring; the latest progress.
    case running(TransferProgress)
    /// The response arrived and its parse handler is running.
    case processing
    /// Finished with a value.
    case completed
    /// Finished with an error.
    case failed(HTTPClientError)
    /// Canceled before it finished.
    case canceled

    /// Whether the task has finished, one way or another.
    public var isFinished: Bool {
        switch self {
        case .idle, .running, .processing: false
        case .completed, .failed, .canceled: true
        }
    }
}

/// One request in flight: its state, its progress, its result, and a way to cancel it.
///
/// Cancel is guaranteed as in PMHTTP: once ``cancel()`` returns and the task had not finished yet, the
/// result is ``HTTPClientError/Reason/canceled``, never a late success or failure, even if the
/// response had already arrived and was being parsed.
///
/// ```swift
/// let task = client.task(for: request)
/// Task { for await progress in task.progress { print(progress.bytesReceived) } }
/// let response = try await task.value()
/// ```
public final class HTTPTask<Value: Sendable>: Sendable {
    fileprivate struct Storage {
        var state: HTTPTaskState = .idle
        var result: Result<Value, HTTPClientError>?
        var transfer: (any TransferHandle)?
        var completion: (@Sendable (Result<Value, HTTPClientError>) -> Void)?
        var completionQueue: DispatchQueue = .handlers
        /// Resumed exactly once: taken out under the lock by the one delivery, or never stored when the result
        /// was already there (so the unchecked kind, which saves an allocation per `await`, is safe).
        var waiters: [UnsafeContinuation<Result<Value, HTTPClientError>, Never>] = []
        var streams: [AsyncStream<TransferProgress>.Continuation] = []
        var progressHandler: (@Sendable (TransferProgress) -> Void)?
        var lastProgressReport: ContinuousClock.Instant?
        /// The latest progress held back by throttling, passed on when the response arrives.
        var heldProgress: TransferProgress?
    }

    /// The request as given by the caller.
    public let request: HTTPRequest
    /// The least time between two progress reports.
    public let progressInterval: Duration
    private let storage = Locked(Storage())

    init(
        request: HTTPRequest, progressInterval: Duration = .milliseconds(50),
        progress: (@Sendable (TransferProgress) -> Void)? = nil, completionQueue: DispatchQueue? = nil,
        completion: (@Sendable (Result<Value, HTTPClientError>) -> Void)? = nil
    ) {
        self.request = request
        self.progressInterval = progressInterval
        storage.withLock {
            $0.progressHandler = progress
            $0.completion = completion
            if let completionQueue { $0.completionQueue = completionQueue }
        }
    }

    // MARK: - Observing

    /// The current state.
    public var state: HTTPTaskState { storage.withLock { $0.state } }

    /// Progress reports, throttled to one per ``progressInterval`` plus the last one; finishes with the task. A
    /// report held back by the throttle goes out with the transport's next one (the curl transport repeats its
    /// progress every quarter second while a transfer is stalled).
    public var progress: AsyncStream<TransferProgress> {
        let (stream, continuation) = AsyncStream<TransferProgress>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let finished = storage.withLock { storage -> Bool in
            guard !storage.state.isFinished else { return true }
            storage.streams.append(continuation)
            return false
        }
        if finished { continuation.finish() }
        return stream
    }

    /// The result, once the task finishes; canceling the calling Swift task cancels this request (the result
    /// is then ``HTTPClientError/Reason/canceled``). Never throws, so no typed `do`/`catch` is needed:
    ///
    /// ```swift
    /// switch await client.task(for: request).result {
    /// case .success(let response): print(response.status)
    /// case .failure(let error): print(error.message)
    /// }
    /// ```
    public var result: Result<Value, HTTPClientError> {
        get async {
            await withTaskCancellationHandler {
                await finished()
            } onCancel: {
                self.cancel()
            }
        }
    }

    /// The value, once the task finishes; canceling the calling Swift task cancels this request.
    public func value() async throws(HTTPClientError) -> Value {
        try await result.get()
    }

    /// Waits for the result without touching the request.
    private func finished() async -> Result<Value, HTTPClientError> {
        await withUnsafeContinuation { waiter in
            let ready = storage.withLock { storage -> Result<Value, HTTPClientError>? in
                if let result = storage.result { return result }
                storage.waiters.append(waiter)
                return nil
            }
            if let ready { waiter.resume(returning: ready) }
        }
    }

    // MARK: - Canceling

    /// Cancels the task from any thread. If it had not finished, its result is `.canceled` and the
    /// transfer stops; if it had, this does nothing.
    public func cancel() {
        let canceled = storage.withLock { storage -> (transfer: (any TransferHandle)?, delivery: Delivery)? in
            guard !storage.state.isFinished else { return nil }
            storage.state = .canceled
            let transfer = storage.transfer
            return (transfer, storage.deliver(.failure(HTTPClientError(.canceled, request: request))))
        }
        guard let canceled else { return }
        canceled.transfer?.cancel()
        canceled.delivery.run()
    }

    // MARK: - Driven by the client

    /// Records the transport's handle; cancels it at once if the task was canceled meanwhile.
    ///
    /// The transfer can finish on the transport's thread before this runs (the caller was preempted
    /// between starting it and attaching it). A finished task keeps no handle: the transfer's events hold
    /// the task and the client, so a handle stored after `deliver` cleared it would keep the task, the
    /// client, its transport and the transport's event-loop thread alive for good.
    func attach(_ transfer: any TransferHandle) {
        let canceled = storage.withLock { storage -> Bool in
            if storage.state == .canceled { return true }
            guard !storage.state.isFinished else { return false }
            storage.transfer = transfer
            if case .idle = storage.state { storage.state = .running(TransferProgress()) }
            return false
        }
        if canceled { transfer.cancel() }
    }

    /// Whether the task was canceled (checked by the client before starting and after parsing).
    var isCanceled: Bool { storage.withLock { $0.state == .canceled } }

    /// Stops calling the progress handler given at creation (an attempt whose reader is done with it).
    func stopReportingProgress() {
        storage.withLock { $0.progressHandler = nil }
    }

    /// Records progress and passes it on, throttled.
    func report(_ progress: TransferProgress) {
        let now = ContinuousClock.now
        let listeners = storage.withLock { storage -> Listeners? in
            guard case .running = storage.state else { return nil }
            storage.state = .running(progress)
            let isLast = progress.bytesExpectedToReceive.map { progress.bytesReceived >= $0 && $0 > 0 } ?? false
            if !isLast, let last = storage.lastProgressReport, now - last < progressInterval {
                storage.heldProgress = progress
                return nil
            }
            storage.lastProgressReport = now
            storage.heldProgress = nil
            return Listeners(handler: storage.progressHandler, streams: storage.streams)
        }
        listeners?.tell(progress)
    }

    /// Marks the response as being parsed, passing on progress held back by throttling; returns `false`
    /// when the task was canceled.
    func beginProcessing() -> Bool {
        let outcome = storage.withLock { storage -> (listeners: Listeners, held: TransferProgress?)? in
            guard !storage.state.isFinished else { return nil }
            storage.state = .processing
            defer { storage.heldProgress = nil }
            return (Listeners(handler: storage.progressHandler, streams: storage.streams), storage.heldProgress)
        }
        guard let outcome else { return false }
        if let held = outcome.held { outcome.listeners.tell(held) }
        return true
    }

    /// Finishes the task with `result` unless it already finished (a canceled task keeps `.canceled`); a
    /// success first passes on progress held back by throttling.
    func finish(_ result: Result<Value, HTTPClientError>) {
        let delivery = storage.withLock { storage -> Delivery? in
            guard !storage.state.isFinished else { return nil }
            switch result {
            case .success: storage.state = .completed
            case .failure(let error): storage.state = error.isCanceled ? .canceled : .failed(error)
            }
            return storage.deliver(result)
        }
        delivery?.run()
    }

    // MARK: - Internals

    /// Who hears about progress.
    fileprivate struct Listeners {
        var handler: (@Sendable (TransferProgress) -> Void)?
        var streams: [AsyncStream<TransferProgress>.Continuation]

        func tell(_ progress: TransferProgress) {
            handler?(progress)
            for stream in streams { stream.yield(progress) }
        }
    }

    /// What finishing hands out, gathered under the lock and run outside it.
    fileprivate struct Delivery {
        var result: Result<Value, HTTPClientError>
        var completion: (@Sendable (Result<Value, HTTPClientError>) -> Void)?
        var completionQueue: DispatchQueue
        var waiters: [UnsafeContinuation<Result<Value, HTTPClientError>, Never>]
        var listeners: Listeners
        var heldProgress: TransferProgress?

        /// Passes on the held progress, ends the progress streams, and hands the result to the completion
        /// handler (on its queue, never inside `cancel()` or on a transport thread) and every waiter.
        func run() {
            if let heldProgress { listeners.tell(heldProgress) }
            for stream in listeners.streams { stream.finish() }
            if let completion {
                let result = result
                completionQueue.async { completion(result) }
            }
            for waiter in waiters { waiter.resume(returning: result) }
        }
    }
}

extension HTTPTask.Storage {
    /// Stores `result` and takes out everyone who hears about it, once (the caller has set the final state).
    fileprivate mutating func deliver(_ result: Result<Value, HTTPClientError>) -> HTTPTask.Delivery {
        self.result = result
        transfer = nil
        var held: TransferProgress?
        if case .success = result { held = heldProgress }
        defer {
            completion = nil
            waiters = []
            streams = []
            progressHandler = nil
            heldProgress = nil
        }
        return HTTPTask.Delivery(
            result: result, completion: completion, completionQueue: completionQueue, waiters: waiters,
            listeners: HTTPTask.Listeners(handler: progressHandler, streams: streams), heldProgress: held)
    }
}
