import Foundation

/// `Bearer` authentication with a token that can expire: the token is fetched when there is none yet and
/// fetched again when the server answers `401`, then the request is sent once more.
///
/// Requests that get a `401` at the same time share one refresh; a request that was sent with a token that
/// has since been replaced is simply sent again with the new one. A request refreshes at most once: if
/// the first attempt's `401` is followed by another, the caller gets that `401`. A request that sets its
/// own `Authorization` header is left alone.
///
/// ```swift
/// let auth = BearerTokenAuth { try await login(client: plainClient) }   // returns a fresh token
/// let client = HTTPClient(transport: CurlTransport(), interceptors: [auth])
/// ```
public final class BearerTokenAuth: HTTPInterceptor {
    /// Fetches a new token (a login or an OAuth refresh grant); errors fail the requests waiting for it.
    public typealias Refresh = @Sendable () async throws -> String

    private struct State {
        var token: String?
        /// The refresh in progress, which every request that needs a token awaits.
        var refreshing: Task<String, any Error>?
        /// How many tokens have been fetched.
        var refreshCount = 0
    }

    /// Where a request's token comes from: one already there, or a refresh to wait for.
    private enum NextToken {
        case ready(String)
        case refreshing(Task<String, any Error>)
    }

    private let refresh: Refresh
    private let state: Locked<State>

    /// Auth starting with `token` (or none: the first request fetches one) and fetching new ones with
    /// `refresh`.
    public init(token: String? = nil, refresh: @escaping Refresh) {
        self.refresh = refresh
        self.state = Locked(State(token: token))
    }

    /// The token requests are sent with now.
    public var token: String? { state.withLock { $0.token } }

    /// How many times a token was fetched.
    public var refreshCount: Int { state.withLock { $0.refreshCount } }

    // MARK: - HTTPInterceptor

    /// Adds `Authorization: Bearer <token>`, fetching a token first when there is none.
    public func adapt(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPRequest {
        guard !request.headers.contains("Authorization") else { return request }
        var adapted = request
        let current = state.withLock { $0.token }
        let token: String
        if let current {
            token = current
        } else {
            token = try await freshToken(replacing: nil, for: request)
        }
        adapted.headers["Authorization"] = "Bearer \(token)"
        return adapted
    }

    /// Asks for another attempt after a `401` to a request sent with this auth's token: at once when the
    /// token has already been replaced, else after fetching a new one. A failed fetch passes the `401` on.
    public func intercept(_ result: Result<HTTPResponse, HTTPClientError>, for request: HTTPRequest, attempt: Int)
        async -> InterceptorDecision
    {
        guard case .success(let response) = result, response.status == 401,
            let sent = Self.token(in: request)
        else { return .proceed(result) }
        let current = state.withLock { $0.token }
        if current != sent { return .retry(after: .zero) }
        guard attempt == 0 else { return .proceed(result) }
        do {
            _ = try await freshToken(replacing: sent, for: request)
            return .retry(after: .zero)
        } catch {
            return .proceed(result)
        }
    }

    // MARK: - Internals

    /// A token other than `stale`: the current one if it already differs, else the result of the refresh in
    /// progress or of a new one.
    private func freshToken(replacing stale: String?, for request: HTTPRequest) async throws(HTTPClientError)
        -> String
    {
        let refresh = self.refresh
        let next = state.withLock { state -> NextToken in
            if let token = state.token, token != stale { return .ready(token) }
            let refreshing = state.refreshing ?? Task { try await refresh() }
            state.refreshing = refreshing
            return .refreshing(refreshing)
        }
        let pending: Task<String, any Error>
        switch next {
        case .ready(let token): return token
        case .refreshing(let task): pending = task
        }
        do {
            let token = try await pending.value
            state.withLock { state in
                // The first waiter to get here stores the token; the others find the refresh gone.
                guard state.refreshing == pending else { return }
                state.token = token
                state.refreshing = nil
                state.refreshCount += 1
            }
            return token
        } catch {
            state.withLock { state in
                if state.refreshing == pending { state.refreshing = nil }
            }
            throw HTTPClientError(.rejected("fetching a bearer token failed: \(error)"), request: request)
        }
    }

    /// The token of a `Bearer` `Authorization` header.
    private static func token(in request: HTTPRequest) -> String? {
        guard let value = request.headers["Authorization"], value.hasPrefix("Bearer ") else { return nil }
        return String(value.dropFirst("Bearer ".count))
    }
}
