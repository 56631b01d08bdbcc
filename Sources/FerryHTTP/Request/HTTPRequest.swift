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
        get { storage.fields.method }
        set { uniqueStorage.fields.method = newValue }
    }
    /// The URL or the path relative to the environment.
    public var target: Target {
        get { storage.fields.target }
        set { uniqueStorage.fields.target = newValue }
    }
    /// Header fields, in order.
    public var headers: HTTPHeaders {
        get { storage.fields.headers }
        set { uniqueStorage.fields.headers = newValue }
    }
    /// Parameters appended to the URL's query (after any query already in the target).
    public var query: FormParameters {
        get { storage.fields.query }
        set { uniqueStorage.fields.query = newValue }
    }
    /// The body.
    public var body: HTTPBody {
        get { storage.fields.body }
        set { uniqueStorage.fields.body = newValue }
    }
    /// Credentials; when `nil`, the environment's default credentials apply.
    public var auth: HTTPAuth? {
        get { storage.fields.auth }
        set { uniqueStorage.fields.auth = newValue }
    }
    /// The limit for the whole transfer, or `nil` for none.
    public var timeout: Duration? {
        get { storage.fields.timeout }
        set { uniqueStorage.fields.timeout = newValue }
    }
    /// The limit for resolving the host and connecting (TCP and TLS).
    public var connectTimeout: Duration {
        get { storage.fields.connectTimeout }
        set { uniqueStorage.fields.connectTimeout = newValue }
    }
    /// Whether and how far redirects are followed.
    public var redirectPolicy: RedirectPolicy {
        get { storage.fields.redirectPolicy }
        set { uniqueStorage.fields.redirectPolicy = newValue }
    }
    /// Whether the server's TLS certificate and host name are verified.
    public var tlsVerification: TLSVerification {
        get { storage.fields.tlsVerification }
        set { uniqueStorage.fields.tlsVerification = newValue }
    }
    /// A PEM file of certificate authorities trusted for this request instead of the system's store (curl's
    /// `--cacert`), such as a private CA or a test's own; `nil` trusts the system's store. Only used while
    /// ``tlsVerification`` is ``TLSVerification/enabled``.
    public var certificateAuthorityBundle: URL? {
        get { storage.fields.certificateAuthorityBundle }
        set { uniqueStorage.fields.certificateAuthorityBundle = newValue }
    }
    /// A proxy URL such as `http://proxy:3128` or `socks5://127.0.0.1:1080`, or `nil` for none.
    public var proxy: URL? {
        get { storage.fields.proxy }
        set { uniqueStorage.fields.proxy = newValue }
    }
    /// Which HTTP version to ask for.
    public var httpVersion: HTTPVersionPreference {
        get { storage.fields.httpVersion }
        set { uniqueStorage.fields.httpVersion = newValue }
    }
    /// Where the response body goes.
    public var responseBody: ResponseBodyDestination {
        get { storage.fields.responseBody }
        set { uniqueStorage.fields.responseBody = newValue }
    }
    /// Whether and when a failed attempt is sent again (``RetryPolicy/none`` by default).
    public var retryPolicy: RetryPolicy {
        get { storage.fields.retryPolicy }
        set { uniqueStorage.fields.retryPolicy = newValue }
    }
    /// Whether the transport keeps the request heads it wrote, for ``HTTPResponse/sentHeads`` (`false` by
    /// default: recording turns on libcurl's debug callback, which costs a little on every transfer).
    public var recordsSentHead: Bool {
        get { storage.fields.recordsSentHead }
        set { uniqueStorage.fields.recordsSentHead = newValue }
    }
    /// Whether the client's ``CookieJar`` (if it has one) adds its cookies to this request and stores the
    /// response's; `false` is the JetBrains `# @no-cookie-jar` directive. `true` by default.
    public var usesCookieJar: Bool {
        get { storage.fields.usesCookieJar }
        set { uniqueStorage.fields.usesCookieJar = newValue }
    }

    /// The fields, in one box shared by copies until one of them changes (see `Storage` below).
    private var storage: Storage

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
        storage = Storage(Fields(method: method, target: target, headers: headers, query: query, body: body))
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
        var redirectPolicy: RedirectPolicy = .follow(limit: 10)
        var tlsVerification: TLSVerification = .enabled
        var certificateAuthorityBundle: URL? = nil
        var proxy: URL? = nil
        var httpVersion: HTTPVersionPreference = .automatic
        var responseBody: ResponseBodyDestination = .memory(limit: 64 << 20)
        var retryPolicy: RetryPolicy = .none
        var recordsSentHead = false
        var usesCookieJar = true
    }

    /// The box the fields live in, so that copying a request (the client copies each one several times per
    /// send) retains one reference instead of copying every field.
    ///
    /// `@unchecked Sendable`: a box shared by several requests is only read. A setter writes to it only
    /// after ``uniqueStorage`` made sure this request is its one owner, and a setter has exclusive access to
    /// the request, so no other thread can see the box it writes to.
    private final class Storage: @unchecked Sendable {
        var fields: Fields

        init(_ fields: Fields) { self.fields = fields }
    }

    /// The box, first copied when another request shares it: what every setter writes through.
    private var uniqueStorage: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            return storage
        }
    }

    /// Whether both requests have the same fields (the same box always has).
    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    /// Hashes every field, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.fields)
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
}
