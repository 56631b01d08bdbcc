// MARK: - Running the interceptors

extension HTTPClient {
    /// `request` as every interceptor adapted it, in order.
    func adapted(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPRequest {
        var request = request
        for interceptor in interceptors { request = try await interceptor.adapt(request) }
        return request
    }

    /// What the interceptors make of attempt `attempt`'s `result`, in order; the first that asks for a retry
    /// decides.
    func intercepted(_ result: Result<HTTPResponse, HTTPClientError>, for request: HTTPRequest, attempt: Int) async
        -> InterceptorDecision
    {
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
