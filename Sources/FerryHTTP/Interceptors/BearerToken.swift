import Foundation

/// A bearer token and when it stops being valid, for ``BearerTokenAuth``.
public struct BearerToken: Sendable, Hashable {
    /// The token, as sent after `Bearer `.
    public var value: String
    /// When the token expires, or `nil` when it is not known to.
    public var expiresAt: Date?

    /// A token valid until `expiresAt` (`nil`: until the server rejects it).
    public init(_ value: String, expiresAt: Date? = nil) {
        self.value = value
        self.expiresAt = expiresAt
    }

    /// A token valid for `lifetime` from now (an OAuth `expires_in`).
    public init(_ value: String, expiresIn lifetime: Duration) {
        self.init(value, expiresAt: Date().addingTimeInterval(lifetime.seconds))
    }

    /// Whether the token expires within `margin` of `now`.
    func expires(within margin: Duration, of now: Date) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt.timeIntervalSince(now) <= margin.seconds
    }
}
