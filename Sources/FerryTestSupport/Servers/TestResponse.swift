import Foundation

/// What the loopback ``TestHTTPServer`` sends back for one request, including the faults to inject.
///
/// ```swift
/// server.route("/slow") { _ in
///     TestResponse(status: 200, body: Data(count: 10_000)).dripping(1_000, every: .milliseconds(50))
/// }
/// ```
public struct TestResponse: Sendable {
    /// How the body is framed on the wire.
    public enum Framing: Sendable {
        /// A `Content-Length` header; `declared` overrides the true length to inject a wrong one.
        case contentLength(declared: Int? = nil)
        /// `Transfer-Encoding: chunked` with chunks of at most `chunkSize` bytes.
        case chunked(chunkSize: Int = 4096)
        /// Raw bytes written after the headers as they are, for malformed chunking and the like.
        case raw
        /// No length: the body ends when the server closes the connection.
        case closeDelimited
    }

    /// How the server ends the exchange early, if at all.
    public enum Abort: Sendable {
        /// Send everything.
        case none
        /// Close the connection cleanly (FIN) after this many body bytes.
        case closeAfter(bodyBytes: Int)
        /// Reset the connection (RST, `SO_LINGER` 0) after this many body bytes.
        case resetAfter(bodyBytes: Int)
        /// Reset the connection before sending anything.
        case resetImmediately
    }

    /// The status code.
    public var status: Int
    /// The reason phrase; derived from the status when `nil`.
    public var reason: String?
    /// Header fields in order; framing headers are added by the server.
    public var headers: [(name: String, value: String)]
    /// The body bytes (for ``Framing/raw`` the bytes after the header block).
    public var body: Data
    /// How the body is framed.
    public var framing: Framing
    /// A pause before the status line is written.
    public var delayBeforeHeaders: Duration
    /// When set, the body is written `bytes` at a time with `interval` between writes.
    public var drip: (bytes: Int, interval: Duration)?
    /// How the exchange ends.
    public var abort: Abort
    /// Whether the connection stays open for another request.
    public var keepAlive: Bool
    /// Where the server waits: at each `gate`, before the status line (`afterBodyBytes` `nil`) or once it has
    /// written that many body bytes; see ``held(until:afterBodyBytes:)``.
    public var holds: [(gate: TestGate, afterBodyBytes: Int?)]

    /// A response with the given status, headers and body, framed by `Content-Length`.
    public init(
        status: Int = 200, reason: String? = nil, headers: [(name: String, value: String)] = [],
        body: Data = Data(), framing: Framing = .contentLength(), keepAlive: Bool = true
    ) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
        self.framing = framing
        self.delayBeforeHeaders = .zero
        self.drip = nil
        self.abort = .none
        self.keepAlive = keepAlive
        self.holds = []
    }

    /// A `200 OK` with a UTF-8 text body.
    public static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8")
        -> TestResponse
    {
        TestResponse(status: status, headers: [("Content-Type", contentType)], body: Data(text.utf8))
    }

    /// A response with a JSON body given as text.
    public static func json(_ json: String, status: Int = 200) -> TestResponse {
        text(json, status: status, contentType: "application/json")
    }

    /// A redirect to `location`.
    public static func redirect(to location: String, status: Int = 302) -> TestResponse {
        TestResponse(status: status, headers: [("Location", location)])
    }

    /// A `503 Service Unavailable` asking the client to retry after `seconds`.
    public static func unavailable(retryAfter seconds: Int) -> TestResponse {
        TestResponse(status: 503, headers: [("Retry-After", String(seconds))], body: Data("busy".utf8))
    }

    /// This response, sent only after `delay`.
    public func delayed(by delay: Duration) -> TestResponse {
        var copy = self
        copy.delayBeforeHeaders = delay
        return copy
    }

    /// This response with its body written `bytes` at a time, `interval` apart.
    public func dripping(_ bytes: Int, every interval: Duration) -> TestResponse {
        var copy = self
        copy.drip = (max(1, bytes), interval)
        return copy
    }

    /// This response, held at `gate` until the test opens it: before the status line when `bodyBytes` is
    /// `nil`, else once that many body bytes were written (all of them when the body is shorter). Held again,
    /// it waits at each gate in turn, in the order of their byte counts:
    /// `.held(until: first, afterBodyBytes: 10).held(until: second, afterBodyBytes: 20)`.
    public func held(until gate: TestGate, afterBodyBytes bodyBytes: Int? = nil) -> TestResponse {
        var copy = self
        copy.holds.append((gate, bodyBytes.map { max(0, $0) }))
        return copy
    }

    /// This response, ended early as `abort` says.
    public func aborted(_ abort: Abort) -> TestResponse {
        var copy = self
        copy.abort = abort
        return copy
    }

    /// The reason phrase for well-known codes.
    static func standardReason(for status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 205: "Reset Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status \(status)"
        }
    }
}
