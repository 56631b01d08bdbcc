import Foundation

/// What a ``MockTransport`` answers: a response (status, headers, body) or a transport failure, after an
/// optional delay.
///
/// ```swift
/// MockResponse.json(#"{"id": 1}"#)
/// MockResponse.status(503, headers: ["Retry-After": "1"])
/// MockResponse.failure(.connectionReset, after: .milliseconds(20))
/// ```
public struct MockResponse: Sendable, Hashable {
    /// The status code (ignored when ``failure`` is set).
    public var status: Int
    /// The response headers, in order.
    public var headers: HTTPHeaders
    /// The body bytes.
    public var body: Data
    /// How long the transport waits before answering; a cancel during the wait ends the request at once.
    public var delay: Duration
    /// A transport failure to report instead of a response.
    public var failure: HTTPClientError.Reason?

    /// A response with the given parts; `Content-Length` is added when `headers` lack it.
    public init(status: Int = 200, headers: HTTPHeaders = [:], body: Data = Data(), delay: Duration = .zero) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.failure = nil
    }

    /// A JSON body (`Content-Type: application/json`).
    public static func json(_ text: String, status: Int = 200, headers: HTTPHeaders = [:]) -> MockResponse {
        var headers = headers
        if !headers.contains("Content-Type") { headers.add("Content-Type", "application/json") }
        return MockResponse(status: status, headers: headers, body: Data(text.utf8))
    }

    /// A UTF-8 text body (`Content-Type: text/plain; charset=utf-8`).
    public static func text(_ text: String, status: Int = 200, headers: HTTPHeaders = [:]) -> MockResponse {
        var headers = headers
        if !headers.contains("Content-Type") { headers.add("Content-Type", "text/plain; charset=utf-8") }
        return MockResponse(status: status, headers: headers, body: Data(text.utf8))
    }

    /// A bodyless response with `status`.
    public static func status(_ status: Int, headers: HTTPHeaders = [:]) -> MockResponse {
        MockResponse(status: status, headers: headers)
    }

    /// A transport failure (no response), reported after `delay`.
    public static func failure(_ reason: HTTPClientError.Reason, after delay: Duration = .zero) -> MockResponse {
        var response = MockResponse(delay: delay)
        response.failure = reason
        return response
    }

    /// The same answer, given after `delay`.
    public func delayed(by delay: Duration) -> MockResponse {
        var copy = self
        copy.delay = delay
        return copy
    }
}
