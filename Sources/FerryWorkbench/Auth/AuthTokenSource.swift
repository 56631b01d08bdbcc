/// Where `{{$auth.token("id")}}` gets its token: ``AuthTokens`` (a cache and the OAuth 2.0 flows) in the
/// senders; tests may give their own.
public protocol AuthTokenSource: Sendable {
    /// The token `kind` asks for, signed in with `settings`: cached and fresh, refreshed, or newly obtained.
    /// Throws ``AuthError`` saying why there is none.
    func token(_ kind: AuthTokenKind, for settings: OAuthSettings) throws(AuthError) -> String
}
