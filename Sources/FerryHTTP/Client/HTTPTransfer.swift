import Foundation

/// One send as a stream of events (``HTTPTransferEvent``), made by ``HTTPClient/transfer(_:bufferLimit:executor:reportsProgress:finishing:)``:
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

    /// A transfer whose one event is the ``HTTPTransferEvent/ended(_:)`` that `work` returns (a call made over
    /// another protocol, such as gRPC, handed to code that reads transfers); ``cancel()`` cancels `work`'s task,
    /// which should then return its own end.
    public static func running(_ work: @escaping @Sendable () async -> TransferEnd) -> HTTPTransfer {
        let (events, continuation) = AsyncStream<HTTPTransferEvent>.makeStream()
        let transfer = HTTPTransfer(events: events)
        let task = Task {
            continuation.yield(.ended(await work()))
            continuation.finish()
        }
        transfer.onCancel { task.cancel() }
        return transfer
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
    /// when given, else on the global concurrent executor. Unless `reportsProgress`, the attempts' starts, the
    /// head, progress and body chunks are not events (the body is still kept, and comes with the end): a
    /// reader that wants only the outcome is not woken for each of them. `finishing`, when given, runs to
    /// completion before the end is handed on, whether or not anyone still reads: for work that must be done
    /// by the time a reader sees the end, such as recording it. It runs in the attempt's own task (no task
    /// relays the events to run it), or in a task of its own when the send ends from a cancel or before an
    /// attempt started.
    public func transfer(
        _ request: HTTPRequest, bufferLimit: Int = defaultStreamBufferLimit, executor: (any TaskExecutor)? = nil,
        reportsProgress: Bool = true, finishing: (@Sendable (TransferEnd) async -> Void)? = nil
    ) -> HTTPTransfer {
        let (events, continuation) = AsyncStream.makeStream(of: HTTPTransferEvent.self)
        let transfer = HTTPTransfer(events: events)
        let destination: ReceivedBodyWriter
        do throws(ReceivedBodyWriter.Refusal) {
            destination = try ReceivedBodyWriter(request.responseBody)
        } catch {
            let end = TransferEnd(.failure(HTTPClientError(error.reason, request: request)), attempts: 0)
            guard let finishing else {
                continuation.yield(.ended(end))
                continuation.finish()
                return transfer
            }
            Task(executorPreference: executor) {
                await finishing(end)
                continuation.yield(.ended(end))
                continuation.finish()
            }
            return transfer
        }
        continuation.onTermination = { reason in
            if case .cancelled = reason { transfer.cancel() }
        }
        let streamed = StreamedAttempts(
            client: self, request: request, bufferLimit: bufferLimit, executor: executor,
            reportsProgress: reportsProgress, finishing: finishing, output: continuation,
            destination: Locked(destination),
            connections: Locked(EventStreamConnections(request.eventStream)))
        transfer.onCancel { streamed.cancel() }
        streamed.connect(request)
        return transfer
    }
}

/// How an ``HTTPTransfer`` runs the attempts its ``AttemptDriver`` makes: each streams into a buffer of its
/// own, its head decides whether another attempt follows (before any body byte reaches the reader), and the
/// body of the one that goes on flows out as events into the destination. An event stream whose request asks
/// for it (``HTTPRequest/eventStream``) is connected again when it ends, each connection with attempts of its
/// own, its body flowing on into the same destination (``EventStreamConnections``).
private struct StreamedAttempts: Sendable {
    let client: HTTPClient
    let request: HTTPRequest
    let bufferLimit: Int
    let executor: (any TaskExecutor)?
    /// Whether attempts' starts, the head, progress and body chunks are events.
    let reportsProgress: Bool
    /// What runs before the end is handed on.
    let finishing: (@Sendable (TransferEnd) async -> Void)?
    let output: AsyncStream<HTTPTransferEvent>.Continuation
    /// Used by one attempt at a time: the attempts run one after another.
    let destination: Locked<ReceivedBodyWriter>
    /// The connections so far, when the answer is an event stream to reconnect.
    let connections: Locked<EventStreamConnections>

    var send: AttemptDriver.Send {
        AttemptDriver.Send(
            run: { driver, attempt in
                Task(executorPreference: executor) { await run(attempt, of: driver) }
            },
            fail: { error, attempts in endEarly(error, partialHead: nil, attempts: attempts) },
            report: { event in
                // A reconnection's attempts are its own: only its retries are worth reporting.
                if case .attemptStarted = event, !reportsProgress || connections.withLock({ $0.head != nil }) {
                    return
                }
                output.yield(event)
            })
    }

    /// Opens a connection for `request` (the first, or a reconnection) unless the transfer was canceled.
    func connect(_ request: HTTPRequest) {
        let driver = AttemptDriver(client: client, request: request, send: send)
        let isCanceled = connections.withLock { state -> Bool in
            state.driver = driver
            return state.isCanceled
        }
        if isCanceled { driver.cancel() }
        driver.start()
    }

    /// Stops the connection in flight, the wait before the next, or the finishing step.
    func cancel() {
        let (driver, wait) = connections.withLock { state in
            state.isCanceled = true
            return (state.driver, state.wait)
        }
        driver?.cancel()
        wait?.cancel()
    }

    /// Ends the stream with `error` after `attempts` attempts: the body that arrived comes with it once an
    /// event stream went on to another connection.
    private func endEarly(_ error: HTTPClientError, partialHead: HTTPResponse?, attempts: Int) {
        let first = connections.withLock { $0.head }
        let body = first == nil ? ReceivedBody.none : destination.withLock { $0.finish(isComplete: false) }
        end(TransferEnd(.failure(error), partialHead: first ?? partialHead, body: body, attempts: attempts))
    }

    /// Ends a stream that is not connected again, after its last connection ended as `outcome`.
    private func endStream(after outcome: Result<HTTPResponse, HTTPClientError>, attempts: Int) {
        switch outcome {
        case .failure(let error):
            endEarly(error, partialHead: nil, attempts: attempts)
        case .success(let response):
            if let refusal = destination.withLock({ $0.close() }) {
                return endEarly(HTTPClientError(refusal.reason, request: request), partialHead: nil, attempts: attempts)
            }
            let body = destination.withLock { $0.finish(isComplete: true) }
            end(TransferEnd(.success(response), body: body, attempts: attempts))
        }
    }

    /// Connects again after the reconnection time, with `Last-Event-ID`, once a connection ended as `outcome`
    /// (after `attempts` attempts in all); ends the stream instead when canceled or past the limit of
    /// reconnections that brought no event.
    private func reconnect(after outcome: Result<HTTPResponse, HTTPClientError>, attempts: Int) {
        let next = connections.withLock { state -> (request: HTTPRequest, wait: Duration)? in
            state.attempts = attempts
            if case .success(let response) = outcome { state.finished = response }
            return state.nextConnection(for: request)
        }
        guard let next else { return endStream(after: outcome, attempts: attempts) }
        let canceled = HTTPClientError(.canceled, request: request)
        let wait = Task(executorPreference: executor) {
            try? await Task.sleep(for: next.wait)
            if connections.withLock({ $0.isCanceled }) {
                return endEarly(canceled, partialHead: nil, attempts: attempts)
            }
            connect(next.request)
        }
        let isCanceled = connections.withLock { state -> Bool in
            state.wait = wait
            return state.isCanceled
        }
        if isCanceled { wait.cancel() }
    }

    /// Ends the stream with `end`, letting go of the last connection's driver (which holds this send); from a
    /// context that may not wait (a cancel, a failure before an attempt), the finishing step runs in a task.
    private func end(_ end: TransferEnd) {
        guard finishing != nil else { return endingNow(end) }
        Task(executorPreference: executor) { await ending(end) }
    }

    /// Ends the stream with `end` after the finishing step. The step waits until the events already handed out
    /// were read (a reader on the same serial executor is never held up behind it: the head shows while a
    /// response handler runs), runs in a task of its own, and ``cancel()`` cancels that task (a handler that
    /// checks for it stops).
    private func ending(_ end: TransferEnd) async {
        guard let finishing else { return endingNow(end) }
        await Task.yield()
        let step = Task(executorPreference: executor) { await finishing(end) }
        let isCanceled = connections.withLock { state -> Bool in
            state.wait = step
            return state.isCanceled
        }
        if isCanceled { step.cancel() }
        await step.value
        endingNow(end)
    }

    private func endingNow(_ end: TransferEnd) {
        connections.withLock { state in
            state.driver = nil
            state.wait = nil
        }
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
        let (earlier, first) = connections.withLock { ($0.attempts, $0.head) }
        let attempts = earlier + attempt.number + 1
        let buffer = ResponseBodyBuffer(limit: bufferLimit)
        let output = self.output
        // Progress goes out from where it is reported: a task relaying it would be woken for each report.
        var relay: (@Sendable (TransferProgress) -> Void)?
        if reportsProgress { relay = { progress in output.yield(.progress(progress)) } }
        let task = HTTPTask<HTTPResponse>(request: request, progress: relay)
        let reader = StreamReader(buffer: buffer, task: task)
        defer { task.stopReportingProgress() }
        var events = TransferEvents(
            progress: { task.report($0) },
            completion: { result in
                buffer.finish(result)
                task.finish(result)
            })
        events.reportsProgress = reportsProgress
        task.attach(driver.launch(attempt, events: events, bodySink: buffer))
        let arrived = await buffer.head()
        let head: HTTPResponse
        switch await driver.conclude(arrived, of: attempt, isRetryable: true) {
        case .retrying:
            return reader.cancel()
        case .final(.failure(let error)):
            reader.cancel()
            if first != nil, !driver.isCanceled, !error.isCanceled {
                return reconnect(after: .failure(error), attempts: attempts)
            }
            return endEarly(
                driver.isCanceled ? driver.canceled : error, partialHead: try? arrived.get(), attempts: attempts)
        case .final(.success(let response)):
            head = response
        }
        if let first {
            guard let connection = reconnected(head, after: first, reader: reader, attempts: attempts) else { return }
            output.yield(.reconnected(connection: connection.number, lastEventID: connection.lastEventID))
        } else {
            if reportsProgress { output.yield(.head(head)) }
            destination.withLock { $0.begin(head) }
            if request.eventStream.reconnects, head.status == 200, head.isEventStream {
                connections.withLock { $0.head = head }
            }
        }
        let follows = connections.withLock { $0.head != nil }
        var failure: HTTPClientError?
        var isRefused = false
        do throws(HTTPClientError) {
            for try await chunk in HTTPBodyStream(reader: reader) {
                if let refusal = keep(chunk) {
                    failure = HTTPClientError(refusal.reason, request: request)
                    isRefused = true
                    reader.cancel()
                    break
                }
                if follows { connections.withLock { $0.follow(chunk) } }
                if reportsProgress { output.yield(.bodyChunk(chunk)) }
            }
        } catch {
            failure = error
        }
        if failure == nil, driver.isCanceled { failure = driver.canceled }
        if follows, !isRefused, !driver.isCanceled, failure?.isCanceled != true,
            connections.withLock({ $0.keepsFollowing })
        {
            if let failure { return reconnect(after: .failure(failure), attempts: attempts) }
            var finished = try? await task.result.get()
            finished?.bodyFile = request.responseBody.fileURL
            let outcome = finished.map { Result<HTTPResponse, HTTPClientError>.success($0) } ?? .success(head)
            return reconnect(after: outcome, attempts: attempts)
        }
        if failure == nil, let refusal = destination.withLock({ $0.close() }) {
            failure = HTTPClientError(refusal.reason, request: request)
        }
        if let failure {
            let body = destination.withLock { $0.finish(isComplete: false) }
            return await ending(TransferEnd(.failure(failure), partialHead: head, body: body, attempts: attempts))
        }
        // The body ended: the task finishes with the timing (its response carries no body).
        switch await task.result {
        case .success(var finished):
            finished.bodyFile = request.responseBody.fileURL
            let body = destination.withLock { $0.finish(isComplete: true) }
            await ending(TransferEnd(.success(finished), body: body, attempts: attempts))
        case .failure(let error):
            let body = destination.withLock { $0.finish(isComplete: false) }
            await ending(TransferEnd(.failure(error), partialHead: head, body: body, attempts: attempts))
        }
    }
}

extension StreamedAttempts {
    /// Connection `number` of an event stream and the id it was asked to resume after.
    fileprivate struct Reconnection {
        var number: Int
        var lastEventID: String
    }

    /// The reconnection whose answer is `head`, when it goes on with the stream begun by `first`; otherwise
    /// the stream is ended (a 204 as the standard's end, another status or type as a failure) and `nil`.
    fileprivate func reconnected(
        _ head: HTTPResponse, after first: HTTPResponse, reader: StreamReader, attempts: Int
    ) -> Reconnection? {
        if head.status == 200, head.isEventStream {
            return connections.withLock { Reconnection(number: $0.connection, lastEventID: $0.parser.lastEventID) }
        }
        reader.cancel()
        if head.status == 204 {
            let finished = connections.withLock { $0.finished } ?? first
            endStream(after: .success(finished), attempts: attempts)
            return nil
        }
        let reason: HTTPClientError.Reason =
            head.status == 200
            ? .unexpectedContentType(expected: "text/event-stream", actual: head.headers["Content-Type"])
            : .failedStatus(code: head.status, headers: head.headers, body: Data())
        endEarly(HTTPClientError(reason, request: request), partialHead: nil, attempts: attempts)
        return nil
    }
}
