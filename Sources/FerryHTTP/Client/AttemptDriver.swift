import Foundation

/// The attempts of one send, for both of ``HTTPClient``'s ways to send (its tasks and ``HTTPTransfer``): the one
/// place that prepares every attempt (``prepare(_:then:)``), decides whether another follows an outcome
/// (``conclude(_:of:isRetryable:then:)``: the interceptors' ``InterceptorDecision/retry(after:)``, then the request's
/// ``RetryBehavior``, such as a ``RetryPolicy`` with its `Retry-After`), waits before it, and stops on ``cancel()``, waiting included.
///
/// A send says how it runs an attempt and how it ends (``Send``); the driver is its task's transfer handle,
/// so canceling the task reaches whatever the driver is doing.
final class AttemptDriver: TransferHandle, Sendable {
    /// How one kind of send runs its attempts and ends.
    struct Send: Sendable {
        /// Runs a prepared attempt: starts it with ``AttemptDriver/launch(_:events:bodySink:)`` and hands its
        /// outcome to ``AttemptDriver/conclude(_:of:isRetryable:then:)``.
        var run: @Sendable (AttemptDriver, PreparedAttempt) -> Void
        /// Ends the send with a failure that came before an attempt was sent or while waiting for one
        /// (resolution, adaptation, a wire violation, cancel), after `attempts` attempts.
        var fail: @Sendable (_ error: HTTPClientError, _ attempts: Int) -> Void
        /// Hears of every attempt starting and every wait before a retry.
        var report: @Sendable (HTTPTransferEvent) -> Void = { _ in }
    }

    private struct State {
        var isCanceled = false
        /// The transfer of the attempt in flight, until its transport reports its completion.
        var current: (any TransferHandle)?
        /// The attempts whose transport reported a completion (a handle that comes back after that is not kept).
        var completedAttempts = 0
        /// The attempt that starts when the wait before it ends.
        var waitingFor: Int?
        /// Whether the client's activity monitor heard of the send's end.
        var hasEnded = false
    }

    /// The client whose transport, environment, jar and interceptors the attempts use.
    let client: HTTPClient
    /// The request as the caller gave it.
    let request: HTTPRequest
    private let send: Send
    private let state = Locked(State())

    init(client: HTTPClient, request: HTTPRequest, send: Send) {
        self.client = client
        self.request = request
        self.send = send
    }

    /// Starts the first attempt.
    func start() {
        client.activityMonitor.started(request)
        attempt(0)
    }

    /// Tells the client's activity monitor, once, that the send ended with `outcome`.
    func end(_ outcome: Result<HTTPResponse, HTTPClientError>) {
        let first = state.withLock { state -> Bool in
            defer { state.hasEnded = true }
            return !state.hasEnded
        }
        if first { client.activityMonitor.finished(request, outcome) }
    }

    /// Stops the send from any thread: cancels the attempt in flight (which concludes as canceled) or ends
    /// the wait before the next one at once.
    func cancel() {
        let (current, waited) = state.withLock { state -> ((any TransferHandle)?, Int?) in
            state.isCanceled = true
            defer { state.waitingFor = nil }
            return (state.current, state.waitingFor)
        }
        current?.cancel()
        if let waited { fail(canceled, waited) }
    }

    /// Ends the send with `error` after `attempts` attempts (see ``Send/fail``).
    func fail(_ error: HTTPClientError, _ attempts: Int) {
        end(.failure(error))
        send.fail(error, attempts)
    }

    /// Whether ``cancel()`` was called.
    var isCanceled: Bool { state.withLock { $0.isCanceled } }

    /// The error of a send canceled.
    var canceled: HTTPClientError { HTTPClientError(.canceled, request: request) }

    /// At most how many attempts the send makes, as far as the retry policy says after `number` (from 0)
    /// started (an interceptor's retry may go past it).
    private func attempts(after number: Int) -> Int {
        max(retryBehavior.maximumRetries + 1, number + 1)
    }

    /// The request's own retry behavior, or the client's default when it has none.
    var retryBehavior: RetryBehavior {
        request.inheritsRetryPolicy ? client.defaultRetryBehavior : request.retryBehavior
    }

    /// Starts attempt `number` (from 0) unless the send was canceled.
    private func attempt(_ number: Int) {
        guard !isCanceled else { return fail(canceled, number) }
        send.report(.attemptStarted(attempt: number + 1, of: attempts(after: number)))
        prepare(number) { prepared in self.send.run(self, prepared) }
    }

    /// Starts attempt `next` (from 0) after `wait`, reporting the wait and why (`reason`), unless the send is
    /// canceled first.
    func retry(_ next: Int, after wait: Duration, because reason: String) {
        send.report(.retryWaiting(attempt: next + 1, of: attempts(after: next), delay: wait, after: reason))
        let waits = state.withLock { state -> Bool in
            guard !state.isCanceled else { return false }
            state.waitingFor = next
            return true
        }
        guard waits else { return fail(canceled, next) }
        DispatchQueue.handlers.asyncAfter(deadline: .now() + wait.seconds) {
            let goes = self.state.withLock { state -> Bool in
                guard state.waitingFor == next else { return false }
                state.waitingFor = nil
                return true
            }
            if goes { self.attempt(next) }
        }
    }

    /// Hands `attempt` to the client's transport, its mocks in front (``HTTPClient/attemptTransport``; with
    /// redirects to follow in the client, to a ``RedirectHopFollower`` over it), `events` hearing of it; keeps its handle for ``cancel()`` until its completion, and returns it.
    @discardableResult
    func launch(_ attempt: PreparedAttempt, events: TransferEvents, bodySink: ResponseBodyBuffer?)
        -> any TransferHandle
    {
        var attempt = attempt
        var events = events
        let completion = events.completion
        let number = attempt.number
        events.completion = { result in
            self.state.withLock { state in
                state.completedAttempts = max(state.completedAttempts, number + 1)
                state.current = nil
            }
            completion(result)
        }
        let handle: any TransferHandle
        if let cached = answerFromCache(&attempt, events: &events, bodySink: bodySink) {
            handle = cached
        } else if attempt.followsHops {
            handle = RedirectHopFollower(attempt.sent, over: client.attemptTransport, jar: attempt.jar, events: events)
                .start()
        } else {
            events.bodySink = bodySink
            events.perHopCookieLines = attempt.perHopCookieLines
            handle = client.attemptTransport.start(attempt.sent, events: events)
        }
        let isCanceled = state.withLock { state -> Bool in
            if !state.isCanceled, state.completedAttempts <= attempt.number { state.current = handle }
            return state.isCanceled
        }
        if isCanceled { handle.cancel() }
        return handle
    }
}
