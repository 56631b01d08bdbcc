import Foundation

/// Credentials sent in the `Authorization` header.
public enum HTTPAuth: Sendable, Hashable {
    /// `Basic` with a user name and password.
    case basic(user: String, password: String)
    /// `Bearer` with a token.
    case bearer(token: String)

    /// The `Authorization` header value.
    public var headerValue: String {
        switch self {
        case .basic(let user, let password): "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        case .bearer(let token): "Bearer \(token)"
        }
    }
}
