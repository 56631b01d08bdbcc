import Foundation

/// A request, defined once and sent many times: method, target, headers, query, body and transfer options.
///
/// The target is an absolute URL or a path relative to the client's ``Environment``.
///
/// ```swift
/// var request = HTTPRequest(.post, path: "/users")
/// request.headers["Accept"] = "application/json"
/// request.body = try .json(encoding: NewUser(name: "Ada"))
/// request.timeout = .seconds(10)
/// let response = try await client.send(request)
/// ```
public struct HTTPRequest: Sendable, Hashable {
    /// Where a request goes.
    public enum Target: Sendable, Hashable {
        /// An absolute URL.
        case url(URL)
        /// A path (optionally with a query) appended to the environment's base URL; an absolute
        /// `http(s)://` string is used as it is.
        case path(String)
    }

    /// The method.
    public var method: HTTPMethod {
        get { storage.value.method }
        set { storage.value.method = newValue }
    }
    /// The URL or the path relative to the environment.
    public var target: Target {
        get { storage.value.target }
        set { storage.value.target = newValue }
    }
    /// Header fields, in order.
    public var headers: HTTPHeaders {
        get { storage.value.headers }
        set { storage.value.headers = newValue }
    }
    /// Parameters appended to the URL's query (after any query already in the target).
    public var query: FormParameters {
        get { storage.value.query }
        set { storage.value.query = newValue }
    }
    /// The body.
    public var body: HTTPBody {
        get { storage.value.body }
        set { storage.value.body = newValue }
    }
    /// Credentials; when `nil`, the environment's default credentials apply.
    public var auth: HTTPAuth? {
        get { storage.value.auth }
        set { storage.value.auth = newValue }
    }
    /// The limit for the whole transfer, or `nil` for the client's ``HTTPClient/defaultTimeout`` (none unless
    /// set).
    public var timeout: Duration? {
        get { storage.value.timeout }
        set { storage.value.timeout = newValue }
    }
    /// The limit for resolving the host and connecting (TCP and TLS).
    public var connectTimeout: Duration {
        get { storage.value.connectTimeout }
        set { storage.value.connectTimeout = newValue }
    }
    /// The longest the transfer may go without a byte moving either way (curl's `--speed-time` with a limit
    /// of one byte a second, but measured exactly), or `nil` for no such limit. It fails with
    /// ``HTTPClientError/Reason/timedOut(_:)`` naming the phase it stalled in: connecting, waiting for the
    /// response, or receiving the body. It does not run while a streamed body's reader is behind.
    public var idleTimeout: Duration? {
        get { storage.value.idleTimeout }
        set { storage.value.idleTimeout = newValue }
    }
    /// Whether and how far redirects are followed.
    public var redirectPolicy: RedirectPolicy {
        get { storage.value.redirectPolicy }
        set { storage.value.redirectPolicy = newValue }
    }
    /// Whether the server's TLS certificate and host name are verified.
    public var tlsVerification: TLSVerification {
        get { storage.value.tlsVerification }
        set { storage.value.tlsVerification = newValue }
    }
    /// A PEM file of certificate authorities trusted for this request instead of the system's store (curl's
    /// `--cacert`), such as a private CA or a test's own; `nil` trusts the system's store. Only used while
    /// ``tlsVerification`` is ``TLSVerification/enabled``.
    public var certificateAuthorityBundle: URL? {
        get { storage.value.certificateAuthorityBundle }
        set { storage.value.certificateAuthorityBundle = newValue }
    }
    /// The TLS client certificate presented to a server that asks for one (mutual TLS), or `nil`.
    public var clientCertificate: ClientCertificate? {
        get { storage.value.clientCertificate }
        set { storage.value.clientCertificate = newValue }
    }
    /// A proxy URL such as `http://proxy:3128` or `socks5://127.0.0.1:1080`, or `nil` for none.
    public var proxy: URL? {
        get { storage.value.proxy }
        set { storage.value.proxy = newValue }
    }
    /// Which HTTP version to ask for.
    public var httpVersion: HTTPVersionPreference {
        get { storage.value.httpVersion }
        set { storage.value.httpVersion = newValue }
    }
    /// Where the response body goes.
    public var responseBody: ResponseBodyDestination {
        get { storage.value.responseBody }
        set { storage.value.responseBody = newValue }
    }
    /// Whether and when a failed attempt is sent again: the request's own policy once set, else
    /// ``RetryPolicy/none`` here and the client's ``HTTPClient/defaultRetryPolicy`` when sent (see
    /// ``inheritsRetryPolicy``).
    ///
    /// A request whose ``retryBehavior`` is not a policy reads as a policy of as many retries.
    public var retryPolicy: RetryPolicy {
        get {
            guard let behavior = storage.value.retryBehavior else { return .none }
            return behavior.policy ?? RetryPolicy(maximumRetries: behavior.maximumRetries)
        }
        set { storage.value.retryBehavior = .policy(newValue) }
    }
    /// Whether and when a finished attempt is sent again, in general (``RetryBehavior``): the request's own
    /// behavior once set (setting ``retryPolicy`` sets it too), else ``RetryBehavior/none`` here and the
    /// client's ``HTTPClient/defaultRetryBehavior`` when sent.
    public var retryBehavior: RetryBehavior {
        get { storage.value.retryBehavior ?? .none }
        set { storage.value.retryBehavior = newValue }
    }
    /// Whether the request takes its client's ``HTTPClient/defaultRetryBehavior`` (`true` until
    /// ``retryPolicy`` or ``retryBehavior`` is set; setting this to `true` drops the request's own).
    public var inheritsRetryPolicy: Bool {
        get { storage.value.retryBehavior == nil }
        set {
            if newValue { storage.value.retryBehavior = nil } else { storage.value.retryBehavior = retryBehavior }
        }
    }
    /// The answer this request gets instead of being sent, or `nil` (the default) to send it: a mock for one
    /// request, where ``HTTPClient/mock(_:_:with:times:)`` mocks every request to a URL. It is prepared,
    /// retried, parsed and reported as a sent request is, and listed in ``HTTPClient/mockedRequests``.
    ///
    /// ```swift
    /// var request = HTTPRequest(path: "/feature-flags")
    /// request.mockResponse = .json(#"{"beta": true}"#)
    /// ```
    public var mockResponse: MockResponse? {
        get { storage.value.mockResponse }
        set { storage.value.mockResponse = newValue }
    }
    /// Whether the request goes through its client's ``HTTPClient/cache`` (when it has one; `true` by
    /// default). `false` neither answers it from the cache nor stores its response.
    public var usesCache: Bool {
        get { storage.value.usesCache }
        set { storage.value.usesCache = newValue }
    }
    /// What keeps this request's cached responses apart from others' beyond the URL and the credentials: the
    /// workbench gives the environment's name, so one environment is never answered with another's response.
    /// `nil` by default.
    public var cachePartition: String? {
        get { storage.value.cachePartition }
        set { storage.value.cachePartition = newValue }
    }
    /// How much the request matters next to the client's others: the HTTP/2 stream weight, and the order in
    /// which an ``HTTPBatch`` starts waiting requests (``HTTPRequestPriority/normal`` by default).
    public var priority: HTTPRequestPriority {
        get { storage.value.priority }
        set { storage.value.priority = newValue }
    }
    /// Interceptors this request adds to its client's, and the identified ones it goes without.
    public var interceptors: RequestInterceptors {
        get { storage.value.interceptors }
        set { storage.value.interceptors = newValue }
    }
    /// Whether the transport keeps the request heads it wrote, for ``HTTPResponse/sentHeads`` (`false` by
    /// default: recording turns on libcurl's debug callback, which costs a little on every transfer).
    public var recordsSentHead: Bool {
        get { storage.value.recordsSentHead }
        set { storage.value.recordsSentHead = newValue }
    }
    /// Whether the transfer opens a connection of its own and closes it after (`CURLOPT_FRESH_CONNECT` and
    /// `CURLOPT_FORBID_REUSE`); `false` by default. gRPC calls set it: libcurl 7.88 does not complete a second
    /// HTTP/2 stream on a connection whose earlier stream ended with trailers from grpcio (decision 0090).
    public var usesFreshConnection: Bool {
        get { storage.value.usesFreshConnection }
        set { storage.value.usesFreshConnection = newValue }
    }
    /// Whether the client's ``CookieJar`` (if it has one) adds its cookies to this request and stores the
    /// response's; `false` is the JetBrains `# @no-cookie-jar` directive. `true` by default.
    public var usesCookieJar: Bool {
        get { storage.value.usesCookieJar }
        set { storage.value.usesCookieJar = newValue }
    }

    /// How a ``HTTPClient/transfer(_:bufferLimit:executor:reportsProgress:finishing:)`` treats a `text/event-stream` answer: with
    /// ``EventStreamOptions/reconnects``, a stream that ends (or breaks) is opened again with `Last-Event-ID`
    /// after the stream's `retry:` time (see ``HTTPTransferEvent/reconnected(connection:lastEventID:)``).
    /// No reconnection by default.
    public var eventStream: EventStreamOptions {
        get { storage.value.eventStream }
        set { storage.value.eventStream = newValue }
    }

    /// Names of headers (compared without case) whose values are secrets, such as `X-Api-Key` built from a secret
    /// variable: like `Authorization`, `Proxy-Authorization` and `Cookie`, which always are, they are dropped
    /// from a followed redirect that leaves the request's origin (see ``isSensitiveHeader(_:)``). Empty by
    /// default.
    public var sensitiveHeaders: Set<String> {
        get { storage.value.sensitiveHeaders }
        set { storage.value.sensitiveHeaders = newValue }
    }

    /// The fields, in one box shared by copies until one of them changes.
    private var storage: CopyOnWrite<Fields>

    /// A request for an absolute URL.
    public init(
        _ method: HTTPMethod = .get, url: URL, headers: HTTPHeaders = [:], query: FormParameters = [:],
        body: HTTPBody = .none
    ) {
        self.init(method, target: .url(url), headers: headers, query: query, body: body)
    }

    /// A request for a path relative to the environment (or an absolute `http(s)://` string).
    public init(
        _ method: HTTPMethod = .get, path: String, headers: HTTPHeaders = [:], query: FormParameters = [:],
        body: HTTPBody = .none
    ) {
        self.init(method, target: .path(path), headers: headers, query: query, body: body)
    }

    /// A request for the given target.
    public init(
        _ method: HTTPMethod, target: Target, headers: HTTPHeaders = [:], query: FormParameters = [:],
        body: HTTPBody = .none
    ) {
        storage = CopyOnWrite(Fields(method: method, target: target, headers: headers, query: query, body: body))
    }

    /// The target as text, for messages: the URL, or the path as written.
    public var targetDescription: String {
        switch target {
        case .url(let url): url.absoluteString
        case .path(let path): path
        }
    }
}

// MARK: - Storage

extension HTTPRequest {
    /// Every stored field of a request, with a new request's defaults. Its synthesized `==` and `hash(into:)`
    /// are the request's: all fields, in this order.
    private struct Fields: Sendable, Hashable {
        var method: HTTPMethod
        var target: Target
        var headers: HTTPHeaders
        var query: FormParameters
        var body: HTTPBody
        var auth: HTTPAuth? = nil
        var timeout: Duration? = nil
        var connectTimeout: Duration = .seconds(30)
        var idleTimeout: Duration? = nil
        var redirectPolicy: RedirectPolicy = .follow(limit: 10)
        var tlsVerification: TLSVerification = .enabled
        var certificateAuthorityBundle: URL? = nil
        var clientCertificate: ClientCertificate? = nil
        var proxy: URL? = nil
        var httpVersion: HTTPVersionPreference = .automatic
        var responseBody: ResponseBodyDestination = .memory(limit: 64 << 20)
        var retryBehavior: RetryBehavior? = nil
        var recordsSentHead = false
        var usesFreshConnection = false
        var usesCookieJar = true
        var sensitiveHeaders: Set<String> = []
        var interceptors = RequestInterceptors()
        var usesCache = true
        var cachePartition: String? = nil
        var priority = HTTPRequestPriority.normal
        var eventStream = EventStreamOptions()
        var mockResponse: MockResponse? = nil
    }
}

// MARK: - Options

/// Whether redirects are followed.
public enum RedirectPolicy: Sendable, Hashable {
    /// Follow up to `limit` redirects, then fail with ``HTTPClientError/Reason/tooManyRedirects(limit:)``.
    case follow(limit: Int)
    /// Return the redirect response itself.
    case none
}

/// Whether TLS certificates are verified.
public enum TLSVerification: Sendable, Hashable {
    /// Verify the certificate chain and host name (the default).
    case enabled
    /// Accept any certificate. Responses report it (``HTTPResponse/tlsVerification``).
    case disabled
}

/// Which HTTP version a request asks for.
public enum HTTPVersionPreference: Sendable, Hashable {
    /// HTTP/2 over TLS when the server offers it, else HTTP/1.1.
    case automatic
    /// HTTP/1.1 only.
    case http1_1
    /// HTTP/2, also over plain-text connections (with an upgrade), falling back to HTTP/1.1.
    case http2
    /// HTTP/2 without negotiation ("prior knowledge"), for servers known to speak it.
    case http2PriorKnowledge
}

/// Where a response body goes.
public enum ResponseBodyDestination: Sendable, Hashable {
    /// In memory, failing with ``HTTPClientError/Reason/bodyTooLarge(limit:)`` past `limit` bytes.
    case memory(limit: Int)
    /// Streamed into a file, created or replaced; ``HTTPResponse/body`` stays empty.
    case file(URL)
    /// In memory while it is small text; in an unlinked temporary file in `folder` (`nil`: the system's
    /// temporary folder) once it is binary (by media type or NUL bytes) or passes `memoryLimit` bytes, then
    /// in ``HTTPResponse/spilledBody`` with ``HTTPResponse/body`` empty. The file goes away with the last
    /// reference to it, or with the process.
    case spilling(memoryLimit: Int, folder: URL?)
}
