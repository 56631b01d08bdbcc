// MARK: - Running the interceptors

extension HTTPClient {
    /// `request` as every one of `interceptors` adapted it, in order.
    static func adapted(_ request: HTTPRequest, by interceptors: [any HTTPInterceptor]) async throws(HTTPClientError)
        -> HTTPRequest
    {
        var request = request
        for interceptor in interceptors { request = try await interceptor.adapt(request) }
        return request
    }

    /// What `interceptors` make of attempt `attempt`'s `result`, in order; the first that asks for a retry
    /// decides.
    static func intercepted(
        _ result: Result<HTTPResponse, HTTPClientError>, for request: HTTPRequest, attempt: Int,
        by interceptors: [any HTTPInterceptor]
    ) async -> InterceptorDecision {
        var outcome = result
        for interceptor in interceptors {
            switch await interceptor.intercept(outcome, for: request, attempt: attempt) {
            case .proceed(let next): outcome = next
            case .retry(let wait): return .retry(after: wait)
            }
        }
        return .proceed(outcome)
    }
}
