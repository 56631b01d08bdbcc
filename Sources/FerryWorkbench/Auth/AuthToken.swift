import Foundation

/// Which token `{{$auth.…}}` asks for.
public enum AuthTokenKind: Sendable, Hashable {
    /// `$auth.token`: the access token (the ID token under `Use ID Token`).
    case access
    /// `$auth.idToken`: the OpenID Connect ID token.
    case id
}

/// What a token endpoint (or an implicit redirect) gave: the tokens, when the access token expires, and the
/// settings they were obtained with.
public struct AuthToken: Sendable, Hashable, Codable {
    /// `access_token`.
    public var accessToken: String
    /// `id_token`, when the server sent one.
    public var idToken: String?
    /// `refresh_token`, when the server sent one.
    public var refreshToken: String?
    /// When the access token expires (`expires_in` after it was obtained); `nil` when the server did not say.
    public var expiresAt: Date?
    /// When it was obtained.
    public var obtainedAt: Date
    /// ``OAuthSettings/fingerprint`` of the settings it was obtained with.
    public var fingerprint: String

    /// A token with the given parts.
    public init(
        accessToken: String, idToken: String? = nil, refreshToken: String? = nil, expiresAt: Date? = nil,
        obtainedAt: Date, fingerprint: String
    ) {
        self.accessToken = accessToken
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.obtainedAt = obtainedAt
        self.fingerprint = fingerprint
    }

    /// Whether the access token has expired at `now`, or will within `margin` seconds.
    public func expires(within margin: TimeInterval, of now: Date) -> Bool {
        expiresAt.map { $0.timeIntervalSince(now) <= margin } ?? false
    }

    /// The token `kind` asks for, as `settings` say (`Use ID Token`).
    public func value(_ kind: AuthTokenKind, usingIDToken: Bool) -> String? {
        switch kind {
        case .access: usingIDToken ? idToken : accessToken
        case .id: idToken
        }
    }
}
