import Foundation

/// What a client's settings hold besides its transport, jar and environment.
struct ClientSettings: Sendable {
    /// The client's own interceptors, run after the global ones.
    var interceptors: [any HTTPInterceptor]
    /// The retry behavior of requests that have none of their own.
    var defaultRetryBehavior = RetryBehavior.none
    /// The whole-request timeout of requests that have none of their own.
    var defaultTimeout: Duration?
    /// The HTTP cache, or `nil` for none.
    var cache: HTTPCache?
}

extension HTTPClient {
    /// The interceptors every client runs before its own, in order, for the whole process (none by
    /// default); changes apply to attempts prepared afterwards.
    public static var globalInterceptors: [any HTTPInterceptor] {
        get { global.withLock { $0 } }
        set { global.withLock { $0 = newValue } }
    }

    private static let global = Locked<[any HTTPInterceptor]>([])

    /// What runs around every attempt, in order, after the ``globalInterceptors``: see ``HTTPInterceptor``.
    /// Changes apply to attempts prepared afterwards; a request adds and leaves out its own
    /// (``HTTPRequest/interceptors``).
    public var interceptors: [any HTTPInterceptor] {
        get { settings.withLock { $0.interceptors } }
        set { settings.withLock { $0.interceptors = newValue } }
    }

    /// The retry policy of every request that has none of its own (``HTTPRequest/inheritsRetryPolicy``);
    /// ``RetryPolicy/none`` by default.
    ///
    /// A ``defaultRetryBehavior`` that is not a policy reads as a policy of as many retries.
    public var defaultRetryPolicy: RetryPolicy {
        get {
            let behavior = defaultRetryBehavior
            return behavior.policy ?? RetryPolicy(maximumRetries: behavior.maximumRetries)
        }
        set { defaultRetryBehavior = .policy(newValue) }
    }

    /// The retry behavior of every request that has none of its own (``HTTPRequest/inheritsRetryPolicy``):
    /// a ``RetryPolicy``, the seeds' rules or your own ``RetryStrategy`` (see ``RetryBehavior``);
    /// ``RetryBehavior/none`` by default.
    ///
    /// ```swift
    /// client.defaultRetryBehavior = .failures(count: 3)  // Neorequest's numberOfRetries
    /// ```
    public var defaultRetryBehavior: RetryBehavior {
        get { settings.withLock { $0.defaultRetryBehavior } }
        set { settings.withLock { $0.defaultRetryBehavior = newValue } }
    }

    /// How long a whole request may take when it sets no ``HTTPRequest/timeout`` of its own (PMHTTP's
    /// `timeoutIntervalForRequest`), or `nil` (the default) for no limit; each attempt is bounded by it, as by
    /// a request's own. Changes apply to attempts prepared afterwards.
    ///
    /// ```swift
    /// let client = HTTPClient(environment: production, defaultTimeout: .seconds(30))
    /// ```
    public var defaultTimeout: Duration? {
        get { settings.withLock { $0.defaultTimeout } }
        set { settings.withLock { $0.defaultTimeout = newValue } }
    }

    /// The HTTP cache GET and HEAD requests go through, or `nil` (the default) for none: see ``HTTPCache``.
    public var cache: HTTPCache? {
        get { settings.withLock { $0.cache } }
        set { settings.withLock { $0.cache = newValue } }
    }

    /// The interceptors attempts of `request` run: the global ones, the client's and the request's
    /// additions, without those the request excludes.
    func interceptors(for request: HTTPRequest) -> [any HTTPInterceptor] {
        request.interceptors.applied(toGlobal: Self.globalInterceptors, client: interceptors)
    }

    // MARK: - Mocking single requests

    /// Answers requests to `url` with `response` instead of sending them, while every other request goes
    /// through the transport as before; with `method`, only requests with that method. `url` is matched as
    /// ``MockTransport/respond(to:_:with:times:)`` does (a trailing `*` matches a prefix; without `?` the
    /// query is ignored); a mock given `times` answers that many requests, then steps aside.
    ///
    /// ```swift
    /// let client = HTTPClient(transport: CurlTransport(), environment: production)
    /// client.mock(.get, "https://api.example.com/feature-flags", with: .json(#"{"beta": true}"#))
    /// ```
    public func mock(_ method: HTTPMethod? = nil, _ url: String, with response: MockResponse, times: Int? = nil) {
        mocks.respond(to: method, url, with: response, times: times)
    }

    /// Answers requests `matches` accepts with whatever `answer` returns, instead of sending them.
    public func mock(
        matching matches: @escaping MockTransport.Matcher, times: Int? = nil,
        answer: @escaping @Sendable (HTTPRequest) -> MockResponse
    ) {
        mocks.respond(matching: matches, times: times, answer: answer)
    }

    /// Removes every mock: all requests go to the transport again.
    public func removeMocks() { mocks.reset() }

    /// The requests a mock answered, in order (as they would have gone out).
    public var mockedRequests: [HTTPRequest] { mocks.receivedRequests }
}
