import Foundation

/// Sends requests through a transport, relative to an environment, with async and completion-handler APIs.
///
/// Thread-safe: share one client; each client's ``CurlTransport`` runs all its transfers on one thread.
///
/// ```swift
/// let client = HTTPClient(environment: Environment(baseURL: URL(string: "https://httpbin.org")!))
/// let response = try await client.send(HTTPRequest(path: "/get"))          // any status
/// let user = try await client.value(for: HTTPRequest(path: "/user"), parsing: .decodable(User.self))
/// client.send(HTTPRequest(path: "/get")) { result in print(result) }       // completion handler
/// ```
public final class HTTPClient: Sendable {
    /// The transport that moves the bytes.
    public let transport: any HTTPTransport
    /// The cookies kept between requests, or `nil` for none (the default): see ``CookieJar``.
    public let cookieJar: CookieJar?
    /// What runs around every attempt, in order: see ``HTTPInterceptor``.
    public let interceptors: [any HTTPInterceptor]
    private let selectedEnvironment: Locked<Environment?>

    /// A client over the given transport, sending relative requests to `environment`; with `cookieJar`, every
    /// request whose ``HTTPRequest/usesCookieJar`` is `true` sends the jar's matching cookies and stores the
    /// cookies its response sets; `interceptors` adapt every attempt and look at its outcome, in order.
    public init(
        transport: any HTTPTransport, environment: Environment? = nil, cookieJar: CookieJar? = nil,
        interceptors: [any HTTPInterceptor] = []
    ) {
        self.transport = transport
        self.cookieJar = cookieJar
        self.interceptors = interceptors
        self.selectedEnvironment = Locked(environment)
    }

    /// Where relative requests go; changing it re-targets every request sent afterwards.
    public var environment: Environment? {
        get { selectedEnvironment.withLock { $0 } }
        set { selectedEnvironment.withLock { $0 = newValue } }
    }

    // MARK: - Async API

    /// Sends `request` and returns the response whatever its status; throws only when no response came.
    /// Canceling the calling Swift task cancels the request.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        try await task(for: request).value()
    }

    /// Sends `request` and parses the response with `parser` (status, no-content and content-type rules
    /// included, see ``ResponseParser``).
    public func send<Value>(_ request: HTTPRequest, parsing parser: ResponseParser<Value>) async throws(HTTPClientError)
        -> ParsedResponse<Value>
    {
        try await task(for: request, parsing: parser).value()
    }

    /// Sends `request` and returns the parsed value; no content throws
    /// ``HTTPClientError/Reason/unexpectedNoContent(status:)``.
    public func value<Value>(for request: HTTPRequest, parsing parser: ResponseParser<Value>)
        async throws(HTTPClientError)
        -> Value
    {
        try await send(request, parsing: parser).getValue()
    }

    // MARK: - Tasks and completion handlers

    /// Starts `request` and returns its task; `completion` (if any) runs once on a background queue.
    /// `progress` runs on the transport's thread, throttled: keep it quick.
    @discardableResult
    public func task(
        for request: HTTPRequest, progress: (@Sendable (TransferProgress) -> Void)? = nil,
        completion: (@Sendable (Result<HTTPResponse, HTTPClientError>) -> Void)? = nil
    ) -> HTTPTask<HTTPResponse> {
        start(request, progress: progress, completion: completion, processor: nil)
    }

    /// Starts `request`, parsing its response with `parser` on a background queue; returns its task.
    @discardableResult
    public func task<Value>(
        for request: HTTPRequest, parsing parser: ResponseParser<Value>,
        progress: (@Sendable (TransferProgress) -> Void)? = nil,
        completion: (@Sendable (Result<ParsedResponse<Value>, HTTPClientError>) -> Void)? = nil
    ) -> HTTPTask<ParsedResponse<Value>> {
        start(request, progress: progress, completion: completion) { response, request throws(HTTPClientError) in
            try parser.process(response, for: request)
        }
    }

    /// Starts `request`; `completion` runs once on a background queue with the response or the error.
    @discardableResult
    public func send(
        _ request: HTTPRequest, progress: (@Sendable (TransferProgress) -> Void)? = nil,
        completion: @escaping @Sendable (Result<HTTPResponse, HTTPClientError>) -> Void
    ) -> HTTPTask<HTTPResponse> {
        task(for: request, progress: progress, completion: completion)
    }

    // MARK: - Internals

    typealias Processor<Value> = @Sendable (HTTPResponse, HTTPRequest) throws(HTTPClientError) -> Value

    /// Starts `task` (made by the caller); with `bodySink`, the response body is streamed into it.
    func start<Value>(
        _ request: HTTPRequest, progress: (@Sendable (TransferProgress) -> Void)?,
        completion: (@Sendable (Result<Value, HTTPClientError>) -> Void)?, processor: Processor<Value>?,
        bodySink: ResponseBodyBuffer? = nil
    ) -> HTTPTask<Value> {
        let task = HTTPTask<Value>(request: request, progress: progress, completion: completion)
        start(task, processor: processor, bodySink: bodySink)
        return task
    }

    /// Resolves the task's request and hands it to the transport; `retry` counts the attempts made before
    /// this one under the request's ``RetryPolicy`` (a streamed body is never retried: bytes went out).
    func start<Value>(
        _ task: HTTPTask<Value>, processor: Processor<Value>?, bodySink: ResponseBodyBuffer?, retry: Int = 0
    ) {
        let request = task.request
        let resolution = Result { () throws(HTTPClientError) in try request.resolved(in: environment) }
        guard var sent = proceeding(resolution, of: task, bodySink: bodySink) else { return }
        let jar = request.usesCookieJar ? cookieJar : nil
        // Followed hop by hop, each hop gets the jar's cookies for its own URL (RedirectHopFollower).
        let followsHops = sent.followsRedirectHopsInClient(over: transport)
        var perHopCookieLines: [String]?
        if let jar, !followsHops {
            if sent.sendsCookiesPerHop(over: transport) {
                perHopCookieLines = jar.cookieEngineLines(forTransferOf: sent)
            } else {
                sent.addCookies(from: jar)
            }
        }
        guard !interceptors.isEmpty else {
            return startTransfer(
                sent, of: task, processor: processor, bodySink: bodySink, jar: jar, retry: retry,
                perHopCookieLines: perHopCookieLines, followsHops: followsHops)
        }
        let prepared = sent
        Task {
            let adaptation: Result<HTTPRequest, HTTPClientError>
            do throws(HTTPClientError) {
                adaptation = .success(try await self.adapted(prepared))
            } catch {
                adaptation = .failure(error)
            }
            guard let adapted = self.proceeding(adaptation, of: task, bodySink: bodySink) else { return }
            self.startTransfer(
                adapted, of: task, processor: processor, bodySink: bodySink, jar: jar, retry: retry,
                perHopCookieLines: perHopCookieLines, followsHops: followsHops)
        }
    }

    /// The request to go on with, or `nil` after failing `task` with `outcome`'s error, or after ending the
    /// streamed body when the task was canceled meanwhile (it has its `.canceled` result already).
    private func proceeding<Value>(
        _ outcome: Result<HTTPRequest, HTTPClientError>, of task: HTTPTask<Value>, bodySink: ResponseBodyBuffer?
    ) -> HTTPRequest? {
        switch outcome {
        case .failure(let error):
            bodySink?.finish(.failure(error))
            task.finish(.failure(error))
            return nil
        case .success(let request):
            guard !task.isCanceled else {
                bodySink?.finish(.failure(HTTPClientError(.canceled, request: task.request)))
                return nil
            }
            return request
        }
    }

    /// Hands attempt `retry` of `task`, the request `resolved`, to the transport (with `followsHops`, to a
    /// ``RedirectHopFollower`` over it), unless some part of it cannot go on the wire as it is
    /// (``HTTPRequest/wireViolation``): every attempt of every request passes here, after the interceptors
    /// adapted it, so whatever changed it, nothing unsafe reaches any transport.
    private func startTransfer<Value>(
        _ resolved: HTTPRequest, of task: HTTPTask<Value>, processor: Processor<Value>?, bodySink: ResponseBodyBuffer?,
        jar: CookieJar?, retry: Int, perHopCookieLines: [String]?, followsHops: Bool
    ) {
        if let violation = resolved.wireViolation(cookieLines: perHopCookieLines) {
            _ = proceeding(
                .failure(HTTPClientError(.unsendable(violation), request: resolved)), of: task, bodySink: bodySink)
            return
        }
        var events = TransferEvents(
            progress: { task.report($0) },
            completion: { result in
                if let jar, case .success(let response) = result { jar.storeCookies(from: response) }
                guard !self.interceptors.isEmpty else {
                    return self.conclude(
                        result, of: task, resolved: resolved, processor: processor, bodySink: bodySink, retry: retry)
                }
                Task {
                    switch await self.intercepted(result, for: resolved, attempt: retry) {
                    case .retry(let wait) where bodySink == nil:
                        self.retry(task, processor: processor, attempt: retry + 1, after: wait)
                    case .retry:
                        self.conclude(
                            result, of: task, resolved: resolved, processor: processor, bodySink: bodySink,
                            retry: retry)
                    case .proceed(let outcome):
                        self.conclude(
                            outcome, of: task, resolved: resolved, processor: processor, bodySink: bodySink,
                            retry: retry)
                    }
                }
            })
        guard !followsHops else {
            return task.attach(RedirectHopFollower(resolved, over: transport, jar: jar, events: events).start())
        }
        events.bodySink = bodySink
        events.perHopCookieLines = perHopCookieLines
        task.attach(transport.start(resolved, events: events))
    }

    /// Ends attempt `retry` of `task` with `result`: another attempt under the request's retry policy, or
    /// the result (parsed by `processor`, off the transport's thread) to the task.
    private func conclude<Value>(
        _ result: Result<HTTPResponse, HTTPClientError>, of task: HTTPTask<Value>, resolved: HTTPRequest,
        processor: Processor<Value>?, bodySink: ResponseBodyBuffer?, retry: Int
    ) {
        let request = task.request
        if bodySink == nil,
            let wait = Self.delay(request.retryPolicy, beforeRetry: retry + 1, of: request.method, after: result)
        {
            self.retry(task, processor: processor, attempt: retry + 1, after: wait)
            return
        }
        bodySink?.finish(result)
        switch result {
        case .failure(let error):
            task.finish(.failure(error))
        case .success(let response):
            guard let processor else {
                // Without a parser the response is the value (`Value` is `HTTPResponse`).
                if let value = response as? Value { task.finish(.success(value)) }
                return
            }
            guard task.beginProcessing() else { return }
            DispatchQueue.handlers.async {
                let outcome = Result { () throws(HTTPClientError) -> Value in try processor(response, resolved) }
                task.finish(outcome)
            }
        }
    }

    /// Starts attempt `attempt` of `task` after `wait`, unless it is canceled meanwhile.
    private func retry<Value>(_ task: HTTPTask<Value>, processor: Processor<Value>?, attempt: Int, after wait: Duration)
    {
        DispatchQueue.handlers.asyncAfter(deadline: .now() + wait.seconds) {
            guard !task.isCanceled else { return }
            self.start(task, processor: processor, bodySink: nil, retry: attempt)
        }
    }

    /// The policy's wait before another attempt after `result`, or `nil` for none.
    static func delay(
        _ policy: RetryPolicy, beforeRetry retry: Int, of method: HTTPMethod,
        after result: Result<HTTPResponse, HTTPClientError>
    ) -> Duration? {
        switch result {
        case .success(let response): policy.delay(beforeRetry: retry, method: method, response: response)
        case .failure(let error): policy.delay(beforeRetry: retry, method: method, failure: error.reason)
        }
    }
}
