import FerryHTTP
import Foundation

/// One request and its outcome as a HAR entry needs them, from either source Ferry has: a history line
/// (``init(history:)``, secrets already masked, bodies capped, some facts not recorded) or an exchange just
/// made (``init(prepared:response:started:)``, masked the same way). ``HARExporter`` writes these as HAR 1.2.
///
/// What a source does not hold stays unknown (`nil`, `-1` in the HAR) rather than guessed.
public struct HARExchange: Sendable, Hashable {
    /// When the send started.
    public var started: Date
    /// The method.
    public var method: String
    /// The URL as sent (secrets masked).
    public var url: String
    /// The request and response HTTP version (`HTTP/1.1`, `HTTP/2`), or `nil` when not known.
    public var httpVersion: String?
    /// The request header fields in order (secrets masked).
    public var requestHeaders: HTTPHeaders
    /// The request body as text (masked), `nil` for none or bytes that are not text.
    public var requestBody: String?
    /// The request body's size in bytes (0 for none).
    public var requestBodySize: Int
    /// The size of the request head as sent, or `nil` when it was not recorded.
    public var requestHeadersSize: Int?
    /// The status, or `nil` when the transfer failed.
    public var status: Int?
    /// The reason phrase as received ("" when none or not recorded).
    public var statusText: String
    /// The response header fields in order.
    public var responseHeaders: HTTPHeaders
    /// The response body (after content decoding), or `nil` when it was not kept (binary in the history).
    public var responseBody: Data?
    /// Whether ``responseBody`` is only the first part of the body (the history caps bodies).
    public var responseBodyTruncated: Bool
    /// The response body's size in bytes after content decoding.
    public var responseBodySize: Int
    /// The phases of the transfer, when measured.
    public var timings: HARTimings?
    /// The server's IP address, when known.
    public var serverIPAddress: String?
    /// The connection, as Firefox names it: the server's port, when known.
    public var connection: String?
    /// The transport error of a failed send.
    public var error: String?
    /// Facts for the reader (redirects followed, what the source did not record).
    public var comment: String?

    /// An exchange from its parts; everything not given is unknown.
    public init(started: Date, method: String, url: String) {
        self.started = started
        self.method = method
        self.url = url
        httpVersion = nil
        requestHeaders = [:]
        requestBody = nil
        requestBodySize = 0
        requestHeadersSize = nil
        status = nil
        statusText = ""
        responseHeaders = [:]
        responseBody = nil
        responseBodyTruncated = false
        responseBodySize = 0
        timings = nil
        serverIPAddress = nil
        connection = nil
        error = nil
        comment = nil
    }
}
