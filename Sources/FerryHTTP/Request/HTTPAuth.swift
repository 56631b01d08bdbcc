import Foundation

/// Credentials for a request: `Basic` and `Bearer` go in the `Authorization` header; `Digest` needs the
/// server's challenge first, so the transport answers it.
public enum HTTPAuth: Sendable, Hashable {
    /// `Basic` with a user name and password.
    case basic(user: String, password: String)
    /// `Bearer` with a token.
    case bearer(token: String)
    /// HTTP Digest (RFC 7616) with a user name and password: the request goes out without credentials, and
    /// the answer to the server's `401` challenge is computed by libcurl (``CurlTransport``).
    /// `URLSessionTransport` (FerryURLSession) does not support it and fails the request with a message saying so.
    case digest(user: String, password: String)

    /// The `Authorization` header value, or `nil` for ``digest(user:password:)``, which has no fixed value.
    public var headerValue: String? {
        switch self {
        case .basic(let user, let password): "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        case .bearer(let token): "Bearer \(token)"
        case .digest: nil
        }
    }

    /// Whether the transport must answer a challenge for these credentials (Digest).
    public var isChallengeBased: Bool {
        if case .digest = self { true } else { false }
    }
}
