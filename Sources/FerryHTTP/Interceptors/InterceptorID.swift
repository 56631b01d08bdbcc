/// A name for an interceptor, so that a request can go without it (``RequestInterceptors/excluded``).
///
/// ```swift
/// var request = HTTPRequest(path: "/public/status")
/// request.interceptors.excluded = [.auth]       // this one request is sent without the client's auth
/// ```
public struct InterceptorID: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The name.
    public var rawValue: String

    /// An identifier named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// An identifier named `value`.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Authentication, such as ``BearerTokenAuth`` (its default identifier).
    public static let auth: InterceptorID = "auth"
}
