import Foundation

/// The bounded hand-over between a transport, which writes a streamed response body, and the one
/// ``HTTPBodyStream`` that reads it.
///
/// The transport offers bytes on its own thread; past ``limit`` buffered bytes the offer is refused and
/// the transport pauses the transfer (libcurl: `CURL_WRITEFUNC_PAUSE`). Once the reader has taken the
/// buffer down to half the limit, the handler set with ``setResumeHandler(_:)`` asks the transport to continue.
final class ResponseBodyBuffer: @unchecked Sendable {
    private struct State {
        var chunks: [Data] = []
        var firstChunk = 0
        var buffered = 0
        var highWaterMark = 0
        var pauseCount = 0
        var isPaused = false
        /// Set once the body has ended: `nil` inside means success.
        var end: HTTPClientError??
        var waiter: CheckedContinuation<Result<Data?, HTTPClientError>, Never>?
        var head: Result<HTTPResponse, HTTPClientError>?
        var headWaiters: [CheckedContinuation<Result<HTTPResponse, HTTPClientError>, Never>] = []
        var onResume: (@Sendable () -> Void)?
    }

    /// How many bytes may wait for the reader before the transfer pauses.
    let limit: Int
    private let state: Locked<State>
    /// Sees every byte the buffer takes (``HTTPCache`` keeps a copy of a streamed body); set before the
    /// transfer starts, never after, so the transport's thread reads it without a lock.
    var tap: (@Sendable (UnsafeRawBufferPointer) -> Void)?

    init(limit: Int) {
        self.limit = max(1, limit)
        state = Locked(State())
    }

    // MARK: - Transport side

    /// What to call (on any thread) when a paused transfer may continue.
    func setResumeHandler(_ handler: (@Sendable () -> Void)?) {
        state.withLock { $0.onResume = handler }
    }

    /// Hands the status and headers to whoever waits for them; later calls do nothing.
    func deliverHead(_ response: HTTPResponse) {
        let waiters = state.withLock { state -> [CheckedContinuation<Result<HTTPResponse, HTTPClientError>, Never>] in
            guard state.head == nil else { return [] }
            state.head = .success(response)
            defer { state.headWaiters = [] }
            return state.headWaiters
        }
        for waiter in waiters { waiter.resume(returning: .success(response)) }
    }

    /// Takes `bytes` unless the buffer is full; `false` means "pause, and offer the same bytes again later".
    /// Bytes offered after the body ended (canceled by the reader) are dropped.
    func offer(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !bytes.isEmpty else { return true }
        let handOver = state.withLock { state -> CheckedContinuation<Result<Data?, HTTPClientError>, Never>?? in
            guard state.end == nil else { return .some(nil) }
            if state.buffered >= limit {
                state.isPaused = true
                state.pauseCount += 1
                return nil
            }
            if let waiter = state.waiter {
                state.waiter = nil
                return .some(waiter)
            }
            state.chunks.append(Data(bytes))
            state.buffered += bytes.count
            state.highWaterMark = max(state.highWaterMark, state.buffered)
            return .some(nil)
        }
        guard let handOver else { return false }
        tap?(bytes)
        handOver?.resume(returning: .success(Data(bytes)))
        return true
    }

    /// Ends the body with the transfer's outcome; the reader gets what is buffered, then the end or the
    /// error. A response arriving here without a head delivered first (a transport that does not stream)
    /// supplies the head and its whole body as one chunk. Later calls do nothing.
    func finish(_ result: Result<HTTPResponse, HTTPClientError>) {
        var headWaiters: [CheckedContinuation<Result<HTTPResponse, HTTPClientError>, Never>] = []
        var headResult: Result<HTTPResponse, HTTPClientError>?
        let (waiter, next) = state.withLock {
            state -> (CheckedContinuation<Result<Data?, HTTPClientError>, Never>?, Result<Data?, HTTPClientError>?) in
            guard state.end == nil else { return (nil, nil) }
            if state.head == nil {
                switch result {
                case .success(var response):
                    if !response.body.isEmpty {
                        state.chunks.append(response.body)
                        state.buffered += response.body.count
                        state.highWaterMark = max(state.highWaterMark, state.buffered)
                        response.body = Data()
                    }
                    state.head = .success(response)
                case .failure(let error):
                    state.head = .failure(error)
                }
                headResult = state.head
                headWaiters = state.headWaiters
                state.headWaiters = []
            }
            switch result {
            case .success: state.end = .some(nil)
            case .failure(let error): state.end = .some(error)
            }
            state.onResume = nil
            guard let waiter = state.waiter else { return (nil, nil) }
            state.waiter = nil
            return (waiter, Self.take(from: &state, limit: limit).result)
        }
        if let headResult { for headWaiter in headWaiters { headWaiter.resume(returning: headResult) } }
        if let waiter, let next { waiter.resume(returning: next) }
    }

    // MARK: - Reader side

    /// The status and headers, once the first body byte or the end arrived.
    func head() async -> Result<HTTPResponse, HTTPClientError> {
        await withCheckedContinuation { waiter in
            let ready = state.withLock { state -> Result<HTTPResponse, HTTPClientError>? in
                if let head = state.head { return head }
                state.headWaiters.append(waiter)
                return nil
            }
            if let ready { waiter.resume(returning: ready) }
        }
    }

    /// The next chunk, `nil` at the end, or the error that ended the body.
    func next() async -> Result<Data?, HTTPClientError> {
        let resume = Locked<(@Sendable () -> Void)?>(nil)
        let result = await withCheckedContinuation { waiter in
            let ready = state.withLock { state -> Result<Data?, HTTPClientError>? in
                let taken = Self.take(from: &state, limit: limit)
                resume.withLock { $0 = taken.resume }
                if let result = taken.result { return result }
                state.waiter = waiter
                return nil
            }
            if let ready { waiter.resume(returning: ready) }
        }
        resume.withLock { $0 }?()
        return result
    }

    /// Ends the body with `error` at once, dropping what is buffered (the reader canceled).
    func cancel(with error: HTTPClientError) {
        let (waiter, headWaiters) = state.withLock { state in
            defer {
                state.waiter = nil
                state.headWaiters = []
            }
            state.chunks = []
            state.firstChunk = 0
            state.buffered = 0
            state.onResume = nil
            state.end = .some(error)
            if state.head == nil { state.head = .failure(error) }
            return (state.waiter, state.headWaiters)
        }
        waiter?.resume(returning: .failure(error))
        for headWaiter in headWaiters { headWaiter.resume(returning: .failure(error)) }
    }

    /// The most bytes that waited for the reader at once.
    var highWaterMark: Int { state.withLock { $0.highWaterMark } }

    /// How many times a full buffer paused the transfer.
    var pauseCount: Int { state.withLock { $0.pauseCount } }

    // MARK: - Internals

    /// The next result for the reader, if one is ready, and the resume handler to call when taking a chunk
    /// brought a paused transfer's buffer down to half the limit.
    private static func take(from state: inout State, limit: Int) -> (
        result: Result<Data?, HTTPClientError>?, resume: (@Sendable () -> Void)?
    ) {
        if state.firstChunk < state.chunks.count {
            let chunk = state.chunks[state.firstChunk]
            state.firstChunk += 1
            if state.firstChunk == state.chunks.count || state.firstChunk >= 64 {
                state.chunks.removeFirst(state.firstChunk)
                state.firstChunk = 0
            }
            state.buffered -= chunk.count
            var resume: (@Sendable () -> Void)?
            if state.isPaused, state.buffered <= limit / 2 {
                state.isPaused = false
                resume = state.onResume
            }
            return (.success(chunk), resume)
        }
        switch state.end {
        case .none: return (nil, nil)
        case .some(.none): return (.success(nil), nil)
        case .some(.some(let error)): return (.failure(error), nil)
        }
    }
}
