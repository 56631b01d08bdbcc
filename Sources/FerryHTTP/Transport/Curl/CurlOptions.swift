/// The libcurl settings for one request, decided in Swift and applied by ``CurlEasy/configure(_:for:)``.
struct CurlOptions {
    /// How the method and body map onto libcurl's options.
    enum Method: Equatable {
        /// `GET` without a body.
        case get
        /// `HEAD`: no response body.
        case head
        /// `POST` with a body of `length` bytes (libcurl turns it into `GET` on 301/302/303, like browsers).
        case post(length: Int)
        /// A body of `length` bytes sent with `PUT`, or with `method` when given.
        case upload(length: Int, method: String?)
        /// Any other method without a body.
        case custom(String)
    }

    /// The options that stay the same from one request to the next in the common case: a handle whose last
    /// transfer had the same profile keeps them, and only the URL, the header lines and the callbacks' target
    /// are set again (``CurlEasy/configure(_:for:)``).
    struct Profile: Equatable {
        var method: Method
        var timeoutMilliseconds: Int
        var connectTimeoutMilliseconds: Int
        /// `nil` when redirects are not followed.
        var maxRedirects: Int?
        var verifiesTLS: Bool
        /// The path of a PEM CA bundle replacing the system's, or `nil`.
        var certificateAuthorityBundle: String?
        /// The client certificate presented in the TLS handshake, or `nil`.
        var clientCertificate: ClientCertificate?
        var proxy: String?
        var httpVersion: HTTPVersionPreference
        /// Whether libcurl reports the request heads it writes (``HTTPRequest/recordsSentHead``).
        var recordsSentHead: Bool
        /// Digest credentials for libcurl to answer the server's challenge with, or `nil`.
        var digestCredentials: DigestCredentials?
        /// Whether libcurl's cookie engine is on for the transfer, seeded with ``CurlOptions/cookieLines``.
        var usesCookieEngine = false
        /// libcurl's receive buffer (`CURLOPT_BUFFERSIZE`), or `nil` for its default of 16 KiB.
        var receiveBufferSize: Int?
        /// The HTTP/2 stream weight (``HTTPRequestPriority/http2Weight``), or `nil` for libcurl's default (16).
        var streamWeight: Int?
        /// Whether the request may share a connection with others at once (HTTP/2), so libcurl should wait
        /// for a host's connection still being set up rather than open another (`CURLOPT_PIPEWAIT`).
        var waitsForMultiplexing = false
        /// A connection of the transfer's own, closed after it (``HTTPRequest/usesFreshConnection``).
        var usesFreshConnection = false
        /// Whether libcurl calls the progress callback: someone hears the progress, or the idle limit
        /// (``HTTPRequest/idleTimeout``) is checked there. Off, libcurl skips some ten calls a request.
        var callsProgress = true
    }

    /// The receive buffer of a transfer whose body goes to a file (``ResponseBodyDestination/file(_:)``): large
    /// bodies are what files are for, and libcurl then reads the socket in fewer, larger reads (a 50 MB download
    /// makes some 340 `recv` calls instead of 3,400; the curl CLI reads 100 KiB at a time). The write callback
    /// still gets at most 16 KiB a call.
    static let fileReceiveBufferSize = 256 << 10

    /// A user name and password for Digest authentication.
    struct DigestCredentials: Equatable {
        var user: String
        var password: String
    }

    var url: String
    var headerLines: [String]
    /// The cookies (Netscape cookie file lines) loaded into libcurl's cookie engine when it is on: the jar's and
    /// the request's own (its `Cookie` header is then not sent as a header line).
    var cookieLines: [String]
    var profile: Profile

    /// The options for a resolved `request` whose body is `bodyLength` bytes (`nil` for no body); with
    /// `cookieLines`, libcurl's cookie engine is on for the transfer, seeded with them, and the request's
    /// `Cookie` header lines are left out (`cookieLines` must hold their cookies). Unless `reportsProgress`,
    /// libcurl calls the progress callback only to check the request's idle limit, if it has one.
    init(_ request: HTTPRequest, bodyLength: Int?, cookieLines: [String]? = nil, reportsProgress: Bool = true) {
        url = request.url?.absoluteString ?? ""
        let name = request.method.rawValue
        let method: Method
        switch (request.method, bodyLength) {
        case (.get, nil): method = .get
        case (.head, _): method = .head
        case (.post, let length): method = .post(length: length ?? 0)
        case (.put, let length): method = .upload(length: length ?? 0, method: nil)
        case (_, let length?): method = .upload(length: length, method: name)
        case (_, nil): method = .custom(name)
        }
        // The default User-Agent goes in as a header line: libcurl's CURLOPT_USERAGENT formats it anew on
        // every request with its printf (about 9k instructions; a line costs half that).
        var lines: [String] = request.headers.contains("User-Agent") ? [] : [Self.defaultUserAgentLine]
        // With the cookie engine on, the request's own `Cookie` header is among its cookies (HTTPClient put it
        // there): libcurl sends them all in one line per hop, and would send the header as a second line.
        let leavesOutCookieHeader = cookieLines != nil
        for (name, value) in request.headers {
            if leavesOutCookieHeader, name.caseInsensitiveCompare("Cookie") == .orderedSame { continue }
            // "Name;" sends an empty header; "Name: value" a normal one.
            lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
        }
        // libcurl adds these on its own to uploads; an empty "Name:" line removes its default. A GET, HEAD or
        // bodyless custom method gets neither, so it needs no such line (each costs libcurl work per request).
        switch method {
        case .get, .head, .custom: break
        case .post, .upload:
            if !request.headers.contains("Expect") { lines.append("Expect:") }
            if !request.headers.contains("Content-Type"), bodyLength != nil { lines.append("Content-Type:") }
        }
        headerLines = lines
        let maxRedirects: Int? =
            switch request.redirectPolicy {
            case .follow(let limit): max(0, limit)
            case .none: nil
            }
        var digest: DigestCredentials?
        if case .digest(let user, let password) = request.auth {
            digest = DigestCredentials(user: user, password: password)
        }
        profile = Profile(
            method: method,
            timeoutMilliseconds: request.timeout.map(Self.milliseconds) ?? 0,
            connectTimeoutMilliseconds: Self.milliseconds(request.connectTimeout), maxRedirects: maxRedirects,
            verifiesTLS: request.tlsVerification == .enabled,
            certificateAuthorityBundle: request.certificateAuthorityBundle?.path,
            clientCertificate: request.clientCertificate, proxy: request.proxy?.absoluteString,
            httpVersion: request.httpVersion, recordsSentHead: request.recordsSentHead, digestCredentials: digest,
            usesCookieEngine: cookieLines != nil,
            receiveBufferSize: request.responseBody.fileURL == nil ? nil : Self.fileReceiveBufferSize,
            streamWeight: request.priority == .normal ? nil : request.priority.http2Weight,
            waitsForMultiplexing: Self.mayMultiplex(scheme: request.url?.scheme, version: request.httpVersion)
                && !request.usesFreshConnection,
            usesFreshConnection: request.usesFreshConnection,
            callsProgress: reportsProgress || request.idleTimeout != nil)
        self.cookieLines = cookieLines ?? []
    }

    /// Whether a request to a URL of `scheme` with `version` can end up on an HTTP/2 connection: over TLS when ALPN may
    /// choose it, with prior knowledge, or by an upgrade from HTTP/1.1 when asked for. A plain HTTP/1.1
    /// request cannot, and waiting (libcurl's `CURLOPT_PIPEWAIT`) would hold every further request to a new
    /// host until the first one's response, one connection at a time.
    static func mayMultiplex(scheme: String?, version: HTTPVersionPreference) -> Bool {
        switch version {
        case .http1_1: false
        case .http2, .http2PriorKnowledge: true
        case .automatic: scheme.map { ASCII.equalsIgnoringCase($0.utf8, "https") } ?? false
        }
    }

    /// `Ferry/1.0 (libcurl/7.88.1)`, built once.
    static let defaultUserAgent = "Ferry/1.0 (\(Curl.shortVersion))"

    /// `User-Agent: Ferry/1.0 (libcurl/7.88.1)`, built once.
    static let defaultUserAgentLine = "User-Agent: " + defaultUserAgent

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}
