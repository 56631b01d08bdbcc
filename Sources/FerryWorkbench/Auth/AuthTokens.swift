import FerryHTTP
import Foundation

/// The ``AuthTokenSource`` of the senders: a token cached in `.ferry/auth-tokens.json` for this environment
/// and id while it is fresh (more than ``refreshMargin`` before its expiry, and obtained with the same
/// settings), else refreshed with its refresh token, else obtained again by the configuration's grant
/// (unless `Acquire Automatically` is `false`, or this source only reads the cache).
///
/// ```swift
/// let tokens = AuthTokens(store: AuthTokenStore(stateFolder: workspace.stateFolder), environment: "dev",
///                         client: client, interaction: .standard())
/// let token = try tokens.token(.access, for: settings)
/// ```
public final class AuthTokens: AuthTokenSource {
    /// How long before its expiry a cached token is refreshed.
    public static let refreshMargin: TimeInterval = 60
    /// How long a sign-in that needs the person (browser, device code) may take.
    public static let patience: TimeInterval = 300
    /// One sign-in at a time in a process: two requests needing the same token wait for one browser.
    private static let signingIn = NSLock()

    /// The cache.
    public let store: AuthTokenStore
    /// The environment the tokens belong to (`nil`: `$shared` only).
    public let environment: String?
    /// Whether a missing or stale token may be obtained (`false`: only the cache and refresh tokens are used,
    /// as for copying a request as curl).
    public let acquires: Bool
    private let oauth: OAuthClient

    /// A source caching in `store` for `environment`, signing in through `client` and `interaction`.
    public init(
        store: AuthTokenStore, environment: String?, client: HTTPClient, interaction: SignInInteraction,
        acquires: Bool = true, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.environment = environment
        self.acquires = acquires
        self.oauth = OAuthClient(client: client, interaction: interaction, now: now, patience: Self.patience)
    }

    /// The token `kind` asks for (see ``AuthTokens``).
    public func token(_ kind: AuthTokenKind, for settings: OAuthSettings) throws(AuthError) -> String {
        Self.signingIn.lock()
        defer { Self.signingIn.unlock() }
        let token = try current(settings)
        guard let value = token.value(kind, usingIDToken: settings.usesIDToken) else {
            throw AuthError("'\(settings.shownID)': the server gave no ID token (ask for the openid scope)")
        }
        return value
    }

    /// A fresh token for `settings`: from the cache, refreshed, or obtained.
    func current(_ settings: OAuthSettings) throws(AuthError) -> AuthToken {
        let cached = store.token(for: settings.id, in: environment).flatMap {
            $0.fingerprint == settings.fingerprint ? $0 : nil
        }
        if let cached, !cached.expires(within: Self.refreshMargin, of: oauth.now()) { return cached }
        if let refreshToken = cached?.refreshToken, let refreshed = try? oauth.refresh(refreshToken, settings: settings)
        {
            return try keep(refreshed, for: settings)
        }
        guard acquires, settings.acquiresAutomatically else {
            let state = cached == nil ? "no token" : "its token expired"
            throw AuthError(
                "'\(settings.shownID)' has \(state) and is not signed in automatically; run `ferry auth refresh "
                    + "\(settings.shownID)" + (environment.map { " --env \(InputExcerpt($0).unquoted)" } ?? "") + "`")
        }
        return try keep(try oauth.obtain(settings), for: settings)
    }

    /// Signs in again now, whatever the cache holds (`ferry auth refresh`): with the refresh token when there
    /// is one and `usingRefreshToken`, else by the grant.
    @discardableResult
    public func renew(_ settings: OAuthSettings, usingRefreshToken: Bool = true) throws(AuthError) -> AuthToken {
        Self.signingIn.lock()
        defer { Self.signingIn.unlock() }
        if usingRefreshToken, let cached = store.token(for: settings.id, in: environment),
            cached.fingerprint == settings.fingerprint, let refreshToken = cached.refreshToken,
            let refreshed = try? oauth.refresh(refreshToken, settings: settings)
        {
            return try keep(refreshed, for: settings)
        }
        return try keep(try oauth.obtain(settings), for: settings)
    }

    private func keep(_ token: AuthToken, for settings: OAuthSettings) throws(AuthError) -> AuthToken {
        do {
            try store.set(token, for: settings.id, in: environment)
        } catch {
            throw AuthError("'\(settings.shownID)': signed in, but the token could not be cached: \(error)")
        }
        return token
    }
}
