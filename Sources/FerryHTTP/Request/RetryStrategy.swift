import Foundation

/// Decides whether a finished attempt is sent again, and after how long: implement it for a rule of your own
/// and wrap it in a ``RetryBehavior`` (``RetryBehavior/custom(_:)``) to set it on a request or a client.
///
/// ``RetryPolicy`` is one (idempotency-aware, with back-off and `Retry-After`); ``RetryBehavior`` holds the
/// seeds' other rules as values that combine.
public protocol RetryStrategy: Sendable {
    /// At most how many times a request is sent again after its first attempt, for reports such as "attempt
    /// 2 of 4" (an interceptor's ``InterceptorDecision/retry(after:)`` may go past it).
    var maximumRetries: Int { get }

    /// How long to wait before retry number `retry` (1 for the first) of `request` after `outcome` (the
    /// attempt's response, whatever its status, or its failure), or `nil` for no retry. A canceled send is
    /// never retried, whatever this says.
    func delay(beforeRetry retry: Int, of request: HTTPRequest, after outcome: Result<HTTPResponse, HTTPClientError>)
        -> Duration?
}

extension RetryPolicy: RetryStrategy {
    /// The policy's decision: ``delay(beforeRetry:method:response:)`` or
    /// ``delay(beforeRetry:method:failure:)``.
    public func delay(
        beforeRetry retry: Int, of request: HTTPRequest, after outcome: Result<HTTPResponse, HTTPClientError>
    ) -> Duration? {
        switch outcome {
        case .success(let response): delay(beforeRetry: retry, method: request.method, response: response)
        case .failure(let error): delay(beforeRetry: retry, method: request.method, failure: error.reason)
        }
    }
}
