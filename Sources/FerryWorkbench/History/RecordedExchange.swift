/// A request and its response as another tool recorded them (a HAR capture's entry), to be kept in the
/// history as if Ferry had sent it: see ``HistoryEntry/init(recorded:requestID:requestPath:bodyCap:)``.
public struct RecordedExchange: Sendable, Hashable {
    /// When the request was sent, in seconds since 1970.
    public var started: Double
    /// The method.
    public var method: String
    /// The URL.
    public var url: String
    /// The request headers as recorded (in clear; masked when kept).
    public var requestHeaders: [HistoryEntry.Header]
    /// The request body as text, `nil` for none.
    public var requestBody: String?
    /// The response status.
    public var status: Int
    /// The status line's reason phrase, when recorded.
    public var reason: String?
    /// The response's HTTP version, when recorded.
    public var httpVersion: String?
    /// The response headers as recorded.
    public var responseHeaders: [HistoryEntry.Header]
    /// The response body as text, `nil` when none was recorded or it is not text.
    public var responseBody: String?
    /// The response body's size in bytes.
    public var responseSize: Int
    /// The timing breakdown, when recorded.
    public var timing: HistoryEntry.Timing?

    /// An exchange sent at `started` with the request parts, answered with `status` and the response parts.
    public init(
        started: Double, method: String, url: String, requestHeaders: [HistoryEntry.Header], requestBody: String?,
        status: Int, reason: String?, httpVersion: String?, responseHeaders: [HistoryEntry.Header],
        responseBody: String?, responseSize: Int, timing: HistoryEntry.Timing?
    ) {
        self.started = started
        self.method = method
        self.url = url
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.status = status
        self.reason = reason
        self.httpVersion = httpVersion
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
        self.responseSize = responseSize
        self.timing = timing
    }
}
