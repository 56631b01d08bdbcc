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
    /// wait for the reader (a slower reader pauses the transfer); each attempt's streaming runs on `executor`
    /// when given, else on the global concurrent executor.
    public func transfer(
        _ request: HTTPRequest, bufferLimit: Int = defaultStreamBufferLimit, executor: (any TaskExecutor)? = nil
    ) -> HTTPTransfer {
        let (events, continuation) = AsyncStream.makeStream(of: HTTPTransferEvent.self)
        let transfer = HTTPTransfer(events: events)
        let destination: ReceivedBodyWriter
        do throws(ReceivedBodyWriter.Refusal) {
            destination = try ReceivedBodyWriter(request.responseBody)
        } catch {
            continuation.yield(
                .ended(TransferEnd(.failure(HTTPClientError(error.reason, request: request)), attempts: 0)))
            continuation.finish()
            return transfer
        }
        continuation.onTermination = { reason in
            if case .cancelled = reason { transfer.cancel() }
        }
        let streamed = StreamedAttempts(
            request: request, bufferLimit: bufferLimit, executor: executor, output: continuation,
            destination: Locked(destination))
        let driver = AttemptDriver(client: self, request: request, send: streamed.send)
        transfer.onCancel { driver.cancel() }
        driver.start()
        return transfer
    }
}

/// How an ``HTTPTransfer`` runs the attempts its ``AttemptDriver`` makes: each streams into a buffer of its
/// own, its head decides whether another attempt follows (before any body byte reaches the reader), and the
/// body of the one that goes on flows out as events into the destination.
private struct StreamedAttempts: Sendable {
    let request: HTTPRequest
    let bufferLimit: Int
    let executor: (any TaskExecutor)?
    let output: AsyncStream<HTTPTransferEvent>.Continuation
    /// Used by one attempt at a time: the attempts run one after another.
    let destination: Locked<ReceivedBodyWriter>

    var send: AttemptDriver.Send {
        AttemptDriver.Send(
            run: { driver, attempt in
                Task(executorPreference: executor) { await run(attempt, of: driver) }
            },
            fail: { error, attempts in end(TransferEnd(.failure(error), attempts: attempts)) },
            report: { output.yield($0) })
    }

    /// Ends the stream with `end`.
    private func end(_ end: TransferEnd) {
        output.yield(.ended(end))
        output.finish()
    }

    /// Keeps `chunk` in the destination; the reason it cannot, if it cannot.
    private func keep(_ chunk: Data) -> ReceivedBodyWriter.Refusal? {
        destination.withLock { writer -> ReceivedBodyWriter.Refusal? in
            do throws(ReceivedBodyWriter.Refusal) {
                try writer.append(chunk)
                return nil
            } catch {
                return error
            }
        }
    }

    /// Attempt `attempt`: the head (or the verdict on its status or failure), then the body into its
    /// destination.
    private func run(_ attempt: PreparedAttempt, of driver: AttemptDriver) async {
        let attempts = attempt.number + 1
        let buffer = ResponseBodyBuffer(limit: bufferLimit)
        let task = HTTPTask<HTTPResponse>(request: request)
        let reader = StreamReader(buffer: buffer, task: task)
        let output = self.output
        let relay = Task(executorPreference: executor) {
            for await progress in task.progress { output.yield(.progress(progress)) }
        }
        defer { relay.cancel() }
        let events = TransferEvents(
            progress: { task.report($0) },
            completion: { result in
                buffer.finish(result)
                task.finish(result)
            })
        task.attach(driver.launch(attempt, events: events, bodySink: buffer))
        let arrived = await buffer.head()
        let head: HTTPResponse
        switch await driver.conclude(arrived, of: attempt, isRetryable: true) {
        case .retrying:
            return reader.cancel()
        case .final(.failure(let error)):
            reader.cancel()
            return end(
                TransferEnd(
                    .failure(driver.isCanceled ? driver.canceled : error), partialHead: try? arrived.get(),
                    attempts: attempts))
        case .final(.success(let response)):
            head = response
        }
        output.yield(.head(head))
        destination.withLock { $0.begin(head) }
        var failure: HTTPClientError?
        do throws(HTTPClientError) {
            for try await chunk in HTTPBodyStream(reader: reader) {
                if let refusal = keep(chunk) {
                    failure = HTTPClientError(refusal.reason, request: request)
                    reader.cancel()
                    break
                }
                output.yield(.bodyChunk(chunk))
            }
        } catch {
            failure = error
        }
        if failure == nil, driver.isCanceled { failure = driver.canceled }
        if failure == nil, let refusal = destination.withLock({ $0.close() }) {
            failure = HTTPClientError(refusal.reason, request: request)
        }
        if let failure {
            let body = destination.withLock { $0.finish(isComplete: false) }
            return end(TransferEnd(.failure(failure), partialHead: head, body: body, attempts: attempts))
        }
        // The body ended: the task finishes with the timing (its response carries no body).
        switch await task.result {
        case .success(var finished):
            finished.bodyFile = request.responseBody.fileURL
            let body = destination.withLock { $0.finish(isComplete: true) }
            end(TransferEnd(.success(finished), body: body, attempts: attempts))
        case .failure(let error):
            let body = destination.withLock { $0.finish(isComplete: false) }
            end(TransferEnd(.failure(error), partialHead: head, body: body, attempts: attempts))
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
