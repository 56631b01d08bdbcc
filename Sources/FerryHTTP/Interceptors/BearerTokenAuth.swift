import Foundation

/// `Bearer` authentication with a token that can expire: the token is fetched when there is none yet,
/// fetched again shortly before it expires (``refreshMargin``), and when the server answers one of the
/// ``refreshStatuses`` (`401` by default; add `403` for servers that answer so), then the request is sent
/// once more.
///
/// Requests that need a token at the same time share one refresh (a forced ``refresh()`` included); a
/// request that was sent with a token that has since been replaced is simply sent again with the new one.
/// A request refreshes at most once: if the first attempt's `401` is followed by another, the caller gets
/// that `401`. A request that sets its own `Authorization` header is left alone, and one that excludes
/// ``InterceptorID/auth`` (``RequestInterceptors/excluded``) goes without it.
///
/// ```swift
/// let auth = BearerTokenAuth(refreshMargin: .seconds(60)) {
///     let grant = try await login(client: plainClient)               // an OAuth token response
///     return BearerToken(grant.accessToken, expiresIn: .seconds(grant.expiresIn))
/// }
/// let client = HTTPClient(transport: CurlTransport(), interceptors: [auth])
/// auth.setToken(BearerToken(savedToken, expiresAt: savedExpiry))     // a token kept from last time
/// ```
public final class BearerTokenAuth: HTTPInterceptor {
    /// Fetches a new token (a login or an OAuth refresh grant); errors fail the requests waiting for it.
    public typealias Refresh = @Sendable () async throws -> BearerToken

    private struct State {
        var token: BearerToken?
        /// The refresh in progress, which every request that needs a token awaits.
        var refreshing: Task<BearerToken, any Error>?
        /// How many tokens have been fetched.
        var refreshCount = 0
    }

    /// Where a request's token comes from: one already there, or a refresh to wait for.
    private enum NextToken {
        case ready(String)
        case refreshing(Task<BearerToken, any Error>)
    }

    private let fetch: Refresh
    private let state: Locked<State>
    /// How long before its expiry a token is replaced: a request never goes out with a token expiring
    /// sooner than this.
    public let refreshMargin: Duration
    /// The statuses that make a request fetch a new token and go again once.
    public let refreshStatuses: Set<Int>
    /// The identifier a request excludes to go without this auth (``InterceptorID/auth`` by default).
    public let interceptorID: InterceptorID?

    /// Auth starting with `token` (or none: the first request fetches one) and fetching new ones with
    /// `refresh`, `refreshMargin` before they expire or when a response has one of `refreshStatuses`.
    public init(
        token: BearerToken? = nil, refreshMargin: Duration, refreshStatuses: Set<Int> = [401],
        interceptorID: InterceptorID = .auth, refresh: @escaping Refresh
    ) {
        self.fetch = refresh
        self.state = Locked(State(token: token))
        self.refreshMargin = refreshMargin
        self.refreshStatuses = refreshStatuses
        self.interceptorID = interceptorID
    }

    /// Auth with tokens that do not say when they expire: starting with `token` (or none) and fetching
    /// new ones with `refresh` when a response has one of `refreshStatuses`.
    public convenience init(
        token: String? = nil, refreshStatuses: Set<Int> = [401], interceptorID: InterceptorID = .auth,
        refresh: @escaping @Sendable () async throws -> String
    ) {
        self.init(
            token: token.map { BearerToken($0) }, refreshMargin: .zero, refreshStatuses: refreshStatuses,
            interceptorID: interceptorID
        ) { BearerToken(try await refresh()) }
    }

    /// The token requests are sent with now.
    public var token: String? { state.withLock { $0.token?.value } }

    /// When the current token expires, if known.
    public var expiresAt: Date? { state.withLock { $0.token?.expiresAt } }

    /// How many times a token was fetched (for the package's tests; not part of the public API).
    package var refreshCount: Int { state.withLock { $0.refreshCount } }

    /// Replaces the token from outside (one kept from an earlier run, or obtained elsewhere); `nil` makes the
    /// next request fetch one. A refresh in progress still ends, but its token no longer replaces this one.
    public func setToken(_ token: BearerToken?) {
        state.withLock { state in
            state.token = token
            state.refreshing = nil
        }
    }

    /// Fetches a new token now, whatever the current one's expiry (joining a refresh already in progress),
    /// and returns it.
    @discardableResult
    public func refresh() async throws(HTTPClientError) -> String {
        let current = state.withLock { $0.token?.value }
        let request = HTTPRequest(path: "")
        return try await freshToken(replacing: current, for: request)
    }

    // MARK: - HTTPInterceptor

    /// Adds `Authorization: Bearer <token>`, fetching a token first when there is none or it expires within
    /// ``refreshMargin``.
    public func adapt(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPRequest {
        guard !request.headers.contains("Authorization") else { return request }
        var adapted = request
        let current = state.withLock { $0.token }
        let token: String
        if let current, !current.expires(within: refreshMargin, of: Date()) {
            token = current.value
        } else {
            token = try await freshToken(replacing: current?.value, for: request)
        }
        adapted.headers["Authorization"] = "Bearer \(token)"
        return adapted
    }

    /// Asks for another attempt after one of ``refreshStatuses`` to a request sent with this auth's token: at
    /// once when the token has already been replaced, else after fetching a new one. A failed fetch passes
    /// the response on.
    public func intercept(_ result: Result<HTTPResponse, HTTPClientError>, for request: HTTPRequest, attempt: Int)
        async -> InterceptorDecision
    {
        guard case .success(let response) = result, refreshStatuses.contains(response.status),
            let sent = Self.token(in: request)
        else { return .proceed(result) }
        let current = state.withLock { $0.token?.value }
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
        let fetch = self.fetch
        let next = state.withLock { state -> NextToken in
            if let token = state.token, token.value != stale { return .ready(token.value) }
            let refreshing = state.refreshing ?? Task { try await fetch() }
            state.refreshing = refreshing
            return .refreshing(refreshing)
        }
        let pending: Task<BearerToken, any Error>
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
            return token.value
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
