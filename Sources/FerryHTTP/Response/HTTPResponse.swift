import Foundation

/// What came back: status, headers, where it came from, how long it took, and the body.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code, such as `200`.
    public var status: Int {
        get { storage.fields.status }
        set { uniqueStorage.fields.status = newValue }
    }
    /// The reason phrase from the status line (may be empty, always empty over HTTP/2).
    public var reason: String {
        get { storage.fields.reason }
        set { uniqueStorage.fields.reason = newValue }
    }
    /// The header fields of the final response, in order.
    public var headers: HTTPHeaders {
        get { storage.fields.headers }
        set { uniqueStorage.fields.headers = newValue }
    }
    /// The URL of the final response, after redirects.
    public var url: URL {
        get { storage.fields.url }
        set { uniqueStorage.fields.url = newValue }
    }
    /// The redirects followed, in order: each one's status and the URL it pointed to.
    public var redirects: [Redirect] {
        get { storage.fields.redirects }
        set { uniqueStorage.fields.redirects = newValue }
    }
    /// Timing and connection facts for the transfer, or `nil` where the transport can't measure them.
    public var timing: TransferTiming? {
        get { storage.fields.timing }
        set { uniqueStorage.fields.timing = newValue }
    }
    /// The body when it was kept in memory (after content decoding); empty when streamed to a file.
    public var body: Data {
        get { storage.fields.body }
        set { uniqueStorage.fields.body = newValue }
    }
    /// The file the body was written to, when the request asked for ``ResponseBodyDestination/file(_:)``.
    public var bodyFile: URL? {
        get { storage.fields.bodyFile }
        set { uniqueStorage.fields.bodyFile = newValue }
    }
    /// Whether the request was sent with certificate verification turned off.
    public var tlsVerification: TLSVerification {
        get { storage.fields.tlsVerification }
        set { uniqueStorage.fields.tlsVerification = newValue }
    }
    /// The request heads as written on the wire, in order, when the request asked for them
    /// (``HTTPRequest/recordsSentHead``): one per request libcurl sent in this attempt, so each followed
    /// redirect, an auth round and a proxy's `CONNECT` add one. Empty when not asked for, and always with
    /// ``URLSessionTransport``, which cannot see the wire. After retries, only the last attempt's heads.
    public var sentHeads: [SentRequestHead] {
        get { storage.fields.sentHeads }
        set { uniqueStorage.fields.sentHeads = newValue }
    }

    /// The fields, in one box shared by copies until one of them changes (see `Storage` below).
    private var storage: Storage

    /// A response with the given parts.
    public init(
        status: Int, reason: String = "", headers: HTTPHeaders = [:], url: URL, redirects: [Redirect] = [],
        timing: TransferTiming? = nil, body: Data = Data(), bodyFile: URL? = nil,
        tlsVerification: TLSVerification = .enabled, sentHeads: [SentRequestHead] = []
    ) {
        storage = Storage(
            Fields(
                status: status, reason: reason, headers: headers, url: url, redirects: redirects, timing: timing,
                body: body, bodyFile: bodyFile, tlsVerification: tlsVerification, sentHeads: sentHeads))
    }

    /// The head of the last request sent, the one the final response answers; `nil` when heads were not
    /// recorded (see ``sentHeads``).
    public var sentHead: SentRequestHead? { sentHeads.last }

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
        var url: URL
        var redirects: [Redirect]
        var timing: TransferTiming?
        var body: Data
        var bodyFile: URL?
        var tlsVerification: TLSVerification
        var sentHeads: [SentRequestHead]
    }

    /// The box the fields live in, so that handing a response on (from the transport through the task to
    /// the caller, in results and closures) retains one reference instead of copying every field.
    ///
    /// `@unchecked Sendable`: a box shared by several responses is only read. A setter writes to it only
    /// after ``uniqueStorage`` made sure this response is its one owner, and a setter has exclusive access
    /// to the response, so no other thread can see the box it writes to.
    private final class Storage: @unchecked Sendable {
        var fields: Fields

        init(_ fields: Fields) { self.fields = fields }
    }

    /// The box, first copied when another response shares it: what every setter writes through.
    private var uniqueStorage: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            return storage
        }
    }

    /// Whether both responses have the same fields (the same box always has).
    public static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    /// Hashes every field, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.fields)
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
    /// the transport does not report them (``URLSessionTransport``).
    public var headers: HTTPHeaders

    /// A redirect from one URL to another.
    public init(status: Int, from: URL, to: URL, headers: HTTPHeaders = [:]) {
        self.status = status
        self.from = from
        self.to = to
        self.headers = headers
    }
}
