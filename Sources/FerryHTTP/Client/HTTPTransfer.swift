import Foundation

/// One send as a stream of events (``HTTPTransferEvent``), made by ``HTTPClient/transfer(_:bufferLimit:executor:)``:
/// the client's attempts and retries, the head, progress, the body as it arrives and, last, exactly one
/// ``HTTPTransferEvent/ended(_:)``.
///
/// The request's ``HTTPRequest/retryPolicy`` applies to every attempt until a body byte was delivered; its
/// ``HTTPRequest/responseBody`` destination says where the body is kept (``TransferEnd/body``). ``cancel()``
/// stops the send and still ends the stream with what arrived; a reader that stops iterating cancels it too.
///
/// ```swift
/// let transfer = client.transfer(request)
/// for await event in transfer.events {
///     if case .bodyChunk(let chunk) = event { print(chunk.count, "bytes") }
///     if case .ended(let end) = event { print(end.response?.status ?? 0, end.error?.message ?? "complete") }
/// }
/// ```
public final class HTTPTransfer: Sendable {
    /// The events, in order; iterate once.
    public let events: AsyncStream<HTTPTransferEvent>
    private let state = Locked(State())

    private struct State {
        var isCanceled = false
        /// What stops the work: cancels the task that drives the attempts, or the transfer relayed.
        var stop: (@Sendable () -> Void)?
    }

    init(events: AsyncStream<HTTPTransferEvent>) {
        self.events = events
    }

    /// Stops the send from any thread: the stream still ends with ``HTTPTransferEvent/ended(_:)``, whose error
    /// is ``HTTPClientError/Reason/canceled``, with the head and body that had arrived.
    public func cancel() {
        let stop = state.withLock { state -> (@Sendable () -> Void)? in
            state.isCanceled = true
            return state.stop
        }
        stop?()
    }

    /// Whether ``cancel()`` was called.
    public var isCanceled: Bool { state.withLock { $0.isCanceled } }

    /// Sets what ``cancel()`` does (done at once when the transfer already was canceled).
    func onCancel(_ stop: @escaping @Sendable () -> Void) {
        let isCanceled = state.withLock { state -> Bool in
            state.stop = stop
            return state.isCanceled
        }
        if isCanceled { stop() }
    }
}

extension HTTPClient {
    /// Starts `request` and returns its events: see ``HTTPTransfer``. At most about `bufferLimit` body bytes
    /// wait for the reader (a slower reader pauses the transfer); the send's work runs on `executor` when
    /// given, else on the global concurrent executor.
    public func transfer(
        _ request: HTTPRequest, bufferLimit: Int = defaultStreamBufferLimit, executor: (any TaskExecutor)? = nil
    ) -> HTTPTransfer {
        let (events, continuation) = AsyncStream.makeStream(of: HTTPTransferEvent.self)
        let transfer = HTTPTransfer(events: events)
        continuation.onTermination = { reason in
            if case .cancelled = reason { transfer.cancel() }
        }
        let driver = Task(executorPreference: executor) {
            await TransferDriver(
                client: self, request: request, bufferLimit: bufferLimit, executor: executor, output: continuation
            ).run()
            continuation.finish()
        }
        transfer.onCancel { driver.cancel() }
        return transfer
    }
}

/// The attempts of one ``HTTPTransfer``, run in its task.
private struct TransferDriver {
    let client: HTTPClient
    let request: HTTPRequest
    let bufferLimit: Int
    let executor: (any TaskExecutor)?
    let output: AsyncStream<HTTPTransferEvent>.Continuation

    /// What one attempt came to.
    private enum Step {
        case end(TransferEnd)
        case retry(after: String, wait: Duration)
    }

    func run() async {
        let policy = request.retryPolicy
        let attempts = policy.maximumRetries + 1
        var attempt = 1
        while true {
            output.yield(.attemptStarted(attempt: attempt, of: attempts))
            switch await send(attempt: attempt) {
            case .end(var end):
                end.attempts = attempt
                output.yield(.ended(end))
                return
            case .retry(let why, let wait):
                output.yield(.retryWaiting(attempt: attempt + 1, of: attempts, delay: wait, after: why))
                do {
                    try await Task.sleep(for: wait)
                } catch {
                    output.yield(.ended(TransferEnd(.failure(canceled), attempts: attempt)))
                    return
                }
                attempt += 1
            }
        }
    }

    private var canceled: HTTPClientError { HTTPClientError(.canceled, request: request) }

    /// One attempt: the head (or a retry on its status or failure), then the body into its destination;
    /// a failure before the first body byte may be retried too.
    private func send(attempt: Int) async -> Step {
        let policy = request.retryPolicy
        let buffer = ResponseBodyBuffer(limit: bufferLimit)
        let task = HTTPTask<HTTPResponse>(request: request)
        let reader = StreamReader(buffer: buffer, task: task)
        let output = self.output
        let relay = Task(executorPreference: executor) {
            for await progress in task.progress { output.yield(.progress(progress)) }
        }
        defer { relay.cancel() }
        client.start(task, processor: nil, bodySink: buffer)
        let headResult = await withTaskCancellationHandler {
            await buffer.head()
        } onCancel: {
            reader.cancel()
        }
        let head: HTTPResponse
        switch headResult {
        case .failure(let error):
            if !Task.isCancelled,
                let wait = policy.delay(beforeRetry: attempt, method: request.method, failure: error.reason)
            {
                return .retry(after: error.message, wait: wait)
            }
            return .end(TransferEnd(.failure(Task.isCancelled ? canceled : error)))
        case .success(let response):
            head = response
        }
        if !Task.isCancelled, let wait = policy.delay(beforeRetry: attempt, method: request.method, response: head) {
            reader.cancel()
            return .retry(after: "HTTP \(head.status)", wait: wait)
        }
        output.yield(.head(head))

        var destination = ReceivedBodyWriter(request.responseBody, head: head)
        var failure: HTTPClientError?
        var delivered = false
        do throws(HTTPClientError) {
            for try await chunk in HTTPBodyStream(reader: reader) {
                do {
                    try destination.append(chunk)
                } catch {
                    failure = HTTPClientError(error.reason, request: request)
                    reader.cancel()
                    break
                }
                delivered = true
                output.yield(.bodyChunk(chunk))
            }
        } catch {
            failure = error
        }
        if failure == nil, Task.isCancelled { failure = canceled }
        if let failure {
            if !delivered, !Task.isCancelled,
                let wait = policy.delay(beforeRetry: attempt, method: request.method, failure: failure.reason)
            {
                return .retry(after: failure.message, wait: wait)
            }
            return .end(TransferEnd(.failure(failure), partialHead: head, body: destination.finish(isComplete: false)))
        }
        // The body ended: the task finishes with the timing (its response carries no body).
        switch await task.result {
        case .success(var finished):
            finished.bodyFile = request.responseBody.fileURL
            return .end(TransferEnd(.success(finished), body: destination.finish(isComplete: true)))
        case .failure(let error):
            return .end(TransferEnd(.failure(error), partialHead: head, body: destination.finish(isComplete: false)))
        }
    }
}

/// Keeps a streamed body where the request's ``ResponseBodyDestination`` says.
private struct ReceivedBodyWriter {
    private enum Storage {
        case memory([UInt8], limit: Int)
        case collector(BodyCollector)
        case file(FileHandle?, URL, count: Int)
    }

    private var storage: Storage

    init(_ destination: ResponseBodyDestination, head: HTTPResponse) {
        switch destination {
        case .memory(let limit): storage = .memory([], limit: limit)
        case .spilling(let memoryLimit, let folder):
            storage = .collector(BodyCollector(head: head, memoryLimit: memoryLimit, folder: folder))
        case .file(let url):
            let handle =
                FileManager.default.createFile(atPath: url.path, contents: nil)
                ? FileHandle(forWritingAtPath: url.path) : nil
            storage = .file(handle, url, count: 0)
        }
    }

    /// Why a chunk could not be kept.
    struct Refusal: Error {
        var reason: HTTPClientError.Reason
    }

    /// Keeps `chunk`; throws the reason the body cannot be kept.
    mutating func append(_ chunk: Data) throws(Refusal) {
        switch storage {
        case .memory(var bytes, let limit):
            guard bytes.count + chunk.count <= limit else { throw Refusal(reason: .bodyTooLarge(limit: limit)) }
            storage = .memory([], limit: limit)
            bytes.append(contentsOf: chunk)
            storage = .memory(bytes, limit: limit)
        case .collector(let collector):
            do {
                try collector.append(chunk)
            } catch {
                throw Refusal(reason: .fileFailed("\(error)"))
            }
        case .file(let handle, let url, let count):
            guard let handle else { throw Refusal(reason: .fileFailed("cannot create \(url.path)")) }
            do {
                try handle.write(contentsOf: chunk)
            } catch {
                throw Refusal(reason: .fileFailed("cannot write the response body: \(error.localizedDescription)"))
            }
            storage = .file(handle, url, count: count + chunk.count)
        }
    }

    /// The body as kept.
    mutating func finish(isComplete: Bool) -> ReceivedBody {
        switch storage {
        case .memory(let bytes, let limit):
            storage = .memory([], limit: limit)
            return ReceivedBody(storage: .memory(bytes), count: bytes.count, isComplete: isComplete, isBinary: false)
        case .collector(let collector):
            return collector.finish(isComplete: isComplete)
        case .file(let handle, let url, let count):
            try? handle?.close()
            storage = .file(nil, url, count: count)
            return ReceivedBody(storage: .memory([]), count: count, isComplete: isComplete, isBinary: false)
        }
    }
}

extension HTTPTransfer {
    /// This transfer's events, with `beforeEnd` run (to completion) before the end is handed on: for work
    /// that must be done by the time a reader sees the end, such as recording it. Canceling the result
    /// cancels this transfer; iterate only the result. The relaying runs on `executor` when given.
    public func finishing(
        on executor: (any TaskExecutor)? = nil, with beforeEnd: @escaping @Sendable (TransferEnd) async -> Void
    ) -> HTTPTransfer {
        let (events, continuation) = AsyncStream.makeStream(of: HTTPTransferEvent.self)
        let relayed = HTTPTransfer(events: events)
        let source = self
        continuation.onTermination = { reason in
            if case .cancelled = reason { source.cancel() }
        }
        // Canceling the relay cancels the source, whose end still comes through: the relaying task itself is
        // never canceled (its iteration would stop before the end).
        relayed.onCancel { source.cancel() }
        Task(executorPreference: executor) {
            for await event in source.events {
                if case .ended(let end) = event { await beforeEnd(end) }
                continuation.yield(event)
            }
            continuation.finish()
        }
        return relayed
    }
}
