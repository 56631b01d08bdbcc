import Foundation

/// What came back: status, headers, where it came from, how long it took, and the body.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code, such as `200`.
    public var status: Int {
        get { storage.value.status }
        set { storage.value.status = newValue }
    }
    /// The reason phrase from the status line (may be empty, always empty over HTTP/2).
    public var reason: String {
        get { storage.value.reason }
        set { storage.value.reason = newValue }
    }
    /// The header fields of the final response, in order; any trailers (fields sent after the body, as gRPC's
    /// `grpc-status`) come last (see ``trailerCount``).
    public var headers: HTTPHeaders {
        get { storage.value.headers }
        set { storage.value.headers = newValue }
    }
    /// How many of the last fields of ``headers`` are trailers: they arrived after the body (HTTP/2 trailers,
    /// a chunked body's trailer section). `0` where the transport cannot tell (`URLSessionTransport`, a mock).
    public var trailerCount: Int {
        get { storage.value.trailerCount }
        set { storage.value.trailerCount = newValue }
    }
    /// The URL of the final response, after redirects.
    public var url: URL {
        get { storage.value.url }
        set { storage.value.url = newValue }
    }
    /// The redirects followed, in order: each one's status and the URL it pointed to.
    public var redirects: [Redirect] {
        get { storage.value.redirects }
        set { storage.value.redirects = newValue }
    }
    /// Timing and connection facts for the transfer, or `nil` where the transport can't measure them.
    public var timing: TransferTiming? {
        get { storage.value.timing }
        set { storage.value.timing = newValue }
    }
    /// The body when it was kept in memory (after content decoding); empty when streamed to a file.
    public var body: Data {
        get { storage.value.body }
        set { storage.value.body = newValue }
    }
    /// The file the body was written to, when the request asked for ``ResponseBodyDestination/file(_:)``.
    public var bodyFile: URL? {
        get { storage.value.bodyFile }
        set { storage.value.bodyFile = newValue }
    }
    /// The temporary file holding the body, when ``ResponseBodyDestination/spilling(memoryLimit:folder:)``
    /// put it there (``body`` is then empty).
    public var spilledBody: SpillFile? {
        get { storage.value.spilledBody }
        set { storage.value.spilledBody = newValue }
    }
    /// Whether the request was sent with certificate verification turned off.
    public var tlsVerification: TLSVerification {
        get { storage.value.tlsVerification }
        set { storage.value.tlsVerification = newValue }
    }
    /// The request heads as written on the wire, in order, when the request asked for them
    /// (``HTTPRequest/recordsSentHead``): one per request libcurl sent in this attempt, so each followed
    /// redirect, an auth round and a proxy's `CONNECT` add one. Empty when not asked for, and always with
    /// `URLSessionTransport` (FerryURLSession), which cannot see the wire. After retries, only the last attempt's heads.
    public var sentHeads: [SentRequestHead] {
        get { storage.value.sentHeads }
        set { storage.value.sentHeads = newValue }
    }

    /// The fields, in one box shared by copies until one of them changes.
    private var storage: CopyOnWrite<Fields>

    /// A response with the given parts.
    public init(
        status: Int, reason: String = "", headers: HTTPHeaders = [:], trailerCount: Int = 0, url: URL,
        redirects: [Redirect] = [],
        timing: TransferTiming? = nil, body: Data = Data(), bodyFile: URL? = nil,
        tlsVerification: TLSVerification = .enabled, sentHeads: [SentRequestHead] = []
    ) {
        storage = CopyOnWrite(
            Fields(
                status: status, reason: reason, headers: headers, trailerCount: trailerCount, url: url,
                redirects: redirects, timing: timing,
                body: body, bodyFile: bodyFile, tlsVerification: tlsVerification, sentHeads: sentHeads))
    }

    /// The head of the last request sent, the one the final response answers; `nil` when heads were not
    /// recorded (see ``sentHeads``).
    public var sentHead: SentRequestHead? { sentHeads.last }

    /// The fields that arrived before the body: ``headers`` without the trailers.
    public var headersWithoutTrailers: HTTPHeaders { HTTPHeaders(Array(headers.dropLast(shownTrailerCount))) }

    /// The trailers: the last ``trailerCount`` fields of ``headers``, which arrived after the body.
    public var trailers: HTTPHeaders { HTTPHeaders(Array(headers.suffix(shownTrailerCount))) }

    /// ``trailerCount`` within the fields there are (a response whose headers were replaced may hold fewer).
    private var shownTrailerCount: Int { min(max(0, trailerCount), headers.count) }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The `Content-Type` header parsed, if present.
    public var mediaType: MediaType? { headers["Content-Type"].map(MediaType.init) }

    /// The body as text, decoded with the charset from `Content-Type` (UTF-8 when absent or unknown).
    public var text: String { mediaType?.decode(body) ?? String(decoding: body, as: UTF8.self) }
}

// MARK: - Storage

extension HTTPResponse {
    /// Every stored field of a response. Its synthesized `==` and `hash(into:)` are the response's.
    private struct Fields: Sendable, Hashable {
        var status: Int
        var reason: String
        var headers: HTTPHeaders
        var trailerCount: Int
        var url: URL
        var redirects: [Redirect]
        var timing: TransferTiming?
        var body: Data
        var bodyFile: URL?
        var spilledBody: SpillFile? = nil
        var tlsVerification: TLSVerification
        var sentHeads: [SentRequestHead]
    }
}

/// One redirect that was followed.
public struct Redirect: Sendable, Hashable {
    /// The redirect's status code, such as `302`.
    public var status: Int
    /// The URL that answered with the redirect.
    public var from: URL
    /// The URL it pointed to.
    public var to: URL
    /// The redirect response's header fields (its `Set-Cookie` fields reach the ``CookieJar``); empty where
    /// the transport does not report them (`URLSessionTransport` (FerryURLSession)).
    public var headers: HTTPHeaders

    /// A redirect from one URL to another.
    public init(status: Int, from: URL, to: URL, headers: HTTPHeaders = [:]) {
        self.status = status
        self.from = from
        self.to = to
        self.headers = headers
    }
}
