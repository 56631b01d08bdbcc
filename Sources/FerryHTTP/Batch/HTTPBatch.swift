import Foundation

/// Several requests sent together (NamadaEatr's aggregation): each ``add(_:)`` returns the request's own typed
/// ``HTTPTask``; ``start()`` sends them, at most ``limit`` at a time, the waiting ones by
/// ``HTTPRequest/priority`` (then in the order added); ``completions`` tells which finished, as they do;
/// ``cancel()`` cancels them all.
///
/// ```swift
/// let batch = client.batch(limit: 2)
/// let user = batch.add(HTTPRequest(path: "/user"), parsing: .decodable(User.self))
/// let avatar = batch.add(HTTPRequest(path: "/avatar"))
/// batch.start()
/// for await index in batch.completions { print("request \(index) finished") }
/// let name = try await user.value().value?.name   // typed per request
/// let bytes = try await avatar.value().body.count
/// ```
///
/// Requests added after ``start()`` are sent as slots free up; requests added after ``cancel()`` end canceled
/// at once. A batch keeps its requests until it is started: start every batch you add to.
public final class HTTPBatch: Sendable {
    /// How many requests a batch sends at once unless told otherwise: 6, a browser's connections per host.
    public static let defaultLimit = 6

    /// The most requests in flight at once (at least 1).
    public let limit: Int
    private let client: HTTPClient
    private let state = Locked(State())

    /// A batch sending through `client`, at most `limit` requests at once.
    init(client: HTTPClient, limit: Int) {
        self.client = client
        self.limit = max(1, limit)
    }

    // MARK: - Adding

    /// Adds `request`, whose task ends with the response (any status) or the error.
    @discardableResult
    public func add(_ request: HTTPRequest) -> HTTPTask<HTTPResponse> {
        enqueue(request, processor: nil)
    }

    /// Adds `request`, whose response is parsed with `parser` off the transport's thread.
    @discardableResult
    public func add<Value>(_ request: HTTPRequest, parsing parser: ResponseParser<Value>)
        -> HTTPTask<ParsedResponse<Value>>
    {
        enqueue(request, processor: HTTPClient.processor(parser))
    }

    // MARK: - Running

    /// Starts sending: up to ``limit`` requests now, the others as the first ones finish. A second call does
    /// nothing.
    public func start() {
        state.withLock { $0.isStarted = true }
        launchReady()
        finishStreamsIfDone()
    }

    /// Cancels every request of the batch that has not finished, waiting or in flight; their tasks end with
    /// ``HTTPClientError/Reason/canceled``, and so do requests added later.
    public func cancel() {
        let cancels = state.withLock { state -> [@Sendable () -> Void] in
            state.isCanceled = true
            return Array(state.cancels.values)
        }
        for cancel in cancels { cancel() }
    }

    /// How many requests were added.
    public var count: Int { state.withLock { $0.count } }

    /// The positions (in the order added, from 0) of the requests as they finish, those already finished
    /// first; the sequence ends once the batch is started and every request added has finished.
    public var completions: AsyncStream<Int> {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let finished = state.withLock { state -> [Int] in
            state.streams.append(continuation)
            return state.finishedOrder
        }
        for index in finished { continuation.yield(index) }
        finishStreamsIfDone()
        return stream
    }

    /// How the whole batch went, once every request finished: waits for the batch to be started and done.
    ///
    /// ```swift
    /// let summary = await batch.summary()
    /// if !summary.allSucceeded { print("\(summary.failed.count) failed, \(summary.canceled.count) canceled") }
    /// ```
    public func summary() async -> HTTPBatchSummary {
        for await _ in completions {}
        return state.withLock { state in
            HTTPBatchSummary(
                count: state.count, failed: state.failures.filter { !$0.value.isCanceled },
                canceled: state.failures.filter(\.value.isCanceled).keys.sorted())
        }
    }

    // MARK: - Internals

    /// A request added and not yet started.
    private struct Waiting {
        var index: Int
        var priority: HTTPRequestPriority
        var start: @Sendable () -> Void
    }

    private struct State {
        var count = 0
        var isStarted = false
        var isCanceled = false
        var waiting: [Waiting] = []
        var running: Set<Int> = []
        /// How to cancel each request that has not finished, by position.
        var cancels: [Int: @Sendable () -> Void] = [:]
        var finishedOrder: [Int] = []
        /// The errors of the requests that failed, by position.
        var failures: [Int: HTTPClientError] = [:]
        var streams: [AsyncStream<Int>.Continuation] = []

        var isDone: Bool { isStarted && finishedOrder.count == count }

        /// Takes the next request to start: the highest priority, the first added among equals.
        mutating func takeNext() -> Waiting? {
            guard let best = waiting.indices.max(by: { waiting[$0].priority < waiting[$1].priority }) else {
                return nil
            }
            return waiting.remove(at: best)
        }
    }

    private func enqueue<Value>(_ request: HTTPRequest, processor: HTTPClient.Processor<Value>?) -> HTTPTask<Value> {
        let index = state.withLock { state -> Int in
            defer { state.count += 1 }
            return state.count
        }
        // The completion holds the batch until the task finished; the batch holds the task until it started.
        let task = HTTPTask<Value>(
            request: request,
            completion: { result in
                switch result {
                case .success: self.finished(index, failure: nil)
                case .failure(let error): self.finished(index, failure: error)
                }
            })
        let client = client
        let isCanceled = state.withLock { state -> Bool in
            state.cancels[index] = { task.cancel() }
            state.waiting.append(
                Waiting(index: index, priority: request.priority) {
                    // Canceled while waiting: its completion is on its way and frees the slot.
                    guard !task.isCanceled else { return }
                    client.start(task, processor: processor, bodySink: nil)
                })
            return state.isCanceled
        }
        if isCanceled { task.cancel() } else { launchReady() }
        return task
    }

    /// Starts waiting requests while there are free slots.
    private func launchReady() {
        let ready = state.withLock { state -> [Waiting] in
            guard state.isStarted, !state.isCanceled else { return [] }
            var ready: [Waiting] = []
            while state.running.count < limit, let next = state.takeNext() {
                state.running.insert(next.index)
                ready.append(next)
            }
            return ready
        }
        for request in ready { request.start() }
    }

    /// Notes that the request at `index` finished (or was canceled, maybe while waiting) and starts the next.
    private func finished(_ index: Int, failure: HTTPClientError?) {
        let streams = state.withLock { state -> [AsyncStream<Int>.Continuation] in
            if let failure { state.failures[index] = failure }
            state.running.remove(index)
            state.waiting.removeAll { $0.index == index }
            state.cancels[index] = nil
            state.finishedOrder.append(index)
            return state.streams
        }
        for stream in streams { stream.yield(index) }
        launchReady()
        finishStreamsIfDone()
    }

    /// Ends the ``completions`` sequences once everything finished.
    private func finishStreamsIfDone() {
        let streams = state.withLock { state -> [AsyncStream<Int>.Continuation] in
            guard state.isDone else { return [] }
            defer { state.streams = [] }
            return state.streams
        }
        for stream in streams { stream.finish() }
    }
}
