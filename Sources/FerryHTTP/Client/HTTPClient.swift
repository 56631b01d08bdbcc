import Foundation

/// Sends requests through a transport, relative to an environment, with async and completion-handler APIs.
///
/// Thread-safe: share one client; each client's ``CurlTransport`` runs all its transfers on one thread.
///
/// ```swift
/// let client = HTTPClient(environment: Environment(baseURL: URL(string: "https://httpbin.org")!))
/// let response = try await client.send(HTTPRequest(path: "/get"))          // any status
/// let user = try await client.value(for: HTTPRequest(path: "/user"), parsing: .decodable(User.self))
/// client.task(for: HTTPRequest(path: "/get")) { result in print(result) }   // completion handler
/// ```
public final class HTTPClient: Sendable {
    /// The transport that moves the bytes.
    public let transport: any HTTPTransport
    /// The cookies kept between requests, or `nil` for none (the default): see ``CookieJar``.
    public let cookieJar: CookieJar?
    private let selectedEnvironment: Locked<Environment?>
    /// The interceptors, default retry policy and cache, which can change after creation.
    let settings: Locked<ClientSettings>
    /// The requests answered by mocks instead of the transport (``mock(_:_:with:times:)``).
    let mocks: MockTransport
    /// What every attempt is started on: ``mocks`` in front of ``transport`` (``MockingTransport``).
    let attemptTransport: MockingTransport
    /// The sends in flight, for ``activity`` and ``metricsHandler``.
    let activityMonitor = ActivityMonitor()

    /// A client over the given transport, sending relative requests to `environment`; with `cookieJar`, every
    /// request whose ``HTTPRequest/usesCookieJar`` is `true` sends the jar's matching cookies and stores the
    /// cookies its response sets; `interceptors` adapt every attempt and look at its outcome, in order;
    /// `defaultTimeout` bounds every request that sets no ``HTTPRequest/timeout`` of its own
    /// (``defaultTimeout``).
    public init(
        transport: any HTTPTransport, environment: Environment? = nil, cookieJar: CookieJar? = nil,
        interceptors: [any HTTPInterceptor] = [], defaultTimeout: Duration? = nil
    ) {
        self.transport = transport
        let mocks = MockTransport()
        self.mocks = mocks
        self.attemptTransport = MockingTransport(mocks: mocks, transport: transport)
        self.cookieJar = cookieJar
        self.settings = Locked(ClientSettings(interceptors: interceptors, defaultTimeout: defaultTimeout))
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

    // MARK: - Internals

    typealias Processor<Value> = @Sendable (HTTPResponse, HTTPRequest) throws(HTTPClientError) -> Value

    /// Starts `task` (made by the caller); with `bodySink`, the response body is streamed into it.
    func start<Value>(
        _ request: HTTPRequest, progress: (@Sendable (TransferProgress) -> Void)?,
        completionQueue: DispatchQueue? = nil,
        completion: (@Sendable (Result<Value, HTTPClientError>) -> Void)?, processor: Processor<Value>?,
        bodySink: ResponseBodyBuffer? = nil
    ) -> HTTPTask<Value> {
        let task = HTTPTask<Value>(
            request: request, progress: progress, completionQueue: completionQueue, completion: completion)
        start(task, processor: processor, bodySink: bodySink)
        return task
    }

    /// Sends the task's request through an ``AttemptDriver``: every attempt under the request's
    /// ``RetryPolicy`` and the interceptors' decisions, unless a `bodySink` streams the body (bytes may have
    /// reached its reader, so the first outcome is final); `report` hears of each attempt's start and each wait
    /// before a retry. Unless `reportsProgress`, nobody reads the task's progress (the caller keeps the task to
    /// itself), so the transport need not report it. The driver is the task's transfer handle, so canceling the
    /// task reaches the attempt in flight or the wait before the next.
    func start<Value>(
        _ task: HTTPTask<Value>, processor: Processor<Value>?, bodySink: ResponseBodyBuffer?,
        reportsProgress: Bool = true, report: @escaping @Sendable (HTTPTransferEvent) -> Void = { _ in }
    ) {
        let send = AttemptDriver.Send(
            run: { driver, attempt in
                var events = TransferEvents(
                    progress: { task.report($0) },
                    completion: { result in
                        driver.conclude(result, of: attempt, isRetryable: bodySink == nil) { verdict in
                            guard case .final(let outcome) = verdict else { return }
                            self.finish(task, with: outcome, of: attempt.sent, processor: processor, bodySink: bodySink)
                        }
                    })
                events.reportsProgress = reportsProgress
                driver.launch(attempt, events: events, bodySink: bodySink)
            },
            fail: { error, _ in
                bodySink?.finish(.failure(error))
                task.finish(.failure(error))
            }, report: report)
        let driver = AttemptDriver(client: self, request: task.request, send: send)
        task.attach(driver)
        driver.start()
    }

    /// Ends `task` with the send's `outcome` (the request went out as `sent`), parsed by `processor` off the
    /// transport's thread; a canceled task keeps its `.canceled` result.
    private func finish<Value>(
        _ task: HTTPTask<Value>, with outcome: Result<HTTPResponse, HTTPClientError>, of sent: HTTPRequest,
        processor: Processor<Value>?, bodySink: ResponseBodyBuffer?
    ) {
        bodySink?.finish(outcome)
        switch outcome {
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
                let outcome = Result { () throws(HTTPClientError) -> Value in try processor(response, sent) }
                task.finish(outcome)
            }
        }
    }
}
