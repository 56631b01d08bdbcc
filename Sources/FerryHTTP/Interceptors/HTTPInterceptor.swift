/// Code that runs around every attempt of every request a client sends: it can change the request before
/// it goes out (add a header, sign it, fetch a token first) and look at the outcome before the caller does
/// (turn a response into a failure, or ask for another attempt).
///
/// A client runs its interceptors in order on the way out and again in order on the way back, off the
/// caller's thread. A client without interceptors takes none of these steps.
///
/// ```swift
/// struct RequestID: HTTPInterceptor {
///     func adapt(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPRequest {
///         var request = request
///         request.headers["X-Request-ID"] = UUID().uuidString
///         return request
///     }
/// }
/// let client = HTTPClient(transport: CurlTransport(), interceptors: [RequestID(), ResponseValidator.successfulStatus])
/// ```
public protocol HTTPInterceptor: Sendable {
    /// The name a request uses to go without this interceptor (``RequestInterceptors/excluded``), or `nil`
    /// (the default) for one that cannot be left out.
    var interceptorID: InterceptorID? { get }

    /// The request to send for this attempt, made from `request` (already resolved against the client's
    /// environment: absolute URL, final headers); throwing fails the request without sending it.
    func adapt(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPRequest

    /// What to do with the outcome of attempt `attempt` (0 for the first) of `request` (as adapted):
    /// pass it on, changed or not, or send the request again.
    func intercept(_ result: Result<HTTPResponse, HTTPClientError>, for request: HTTPRequest, attempt: Int) async
        -> InterceptorDecision
}

extension HTTPInterceptor {
    /// No identifier.
    public var interceptorID: InterceptorID? { nil }

    /// Sends `request` unchanged.
    public func adapt(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPRequest { request }

    /// Passes `result` on unchanged.
    public func intercept(_ result: Result<HTTPResponse, HTTPClientError>, for request: HTTPRequest, attempt: Int)
        async -> InterceptorDecision
    {
        .proceed(result)
    }
}

/// What an ``HTTPInterceptor`` makes of an attempt's outcome.
public enum InterceptorDecision: Sendable {
    /// Hand this outcome to the next interceptor, then to the caller.
    case proceed(Result<HTTPResponse, HTTPClientError>)
    /// Send the request again (adapted anew) after `delay`; later interceptors don't see this outcome.
    /// A send that may have handed body bytes to a reader (``HTTPClient/stream(_:bufferLimit:)``) is never
    /// sent again: it gets the outcome instead; ``HTTPClient/transfer(_:bufferLimit:executor:reportsProgress:finishing:)`` asks on the head.
    case retry(after: Duration)
}
