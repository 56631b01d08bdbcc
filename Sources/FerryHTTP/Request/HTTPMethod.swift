/// An HTTP request method: the standard verbs as static members, custom verbs by name.
///
/// ```swift
/// let request = HTTPRequest(.post, path: "/users")
/// let purge = HTTPMethod(rawValue: "PURGE")
/// ```
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method token as sent on the request line, such as `GET`. Methods are case-sensitive.
    public let rawValue: String

    /// A method with the given token.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A method with the given token, written as a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The token, such as `GET`.
    public var description: String { rawValue }

    // MARK: - Standard methods

    /// `GET`: fetch a representation.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `POST`: submit data to be processed.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`: replace a resource.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`: change part of a resource.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`: remove a resource.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `HEAD`: like `GET` without a response body.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `OPTIONS`: ask which methods and options a resource supports.
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    /// `TRACE`: ask the server to echo the request.
    public static let trace = HTTPMethod(rawValue: "TRACE")
    /// `CONNECT`: open a tunnel through a proxy.
    public static let connect = HTTPMethod(rawValue: "CONNECT")

    /// Whether the method's query parameters belong in the URL rather than a form body by default
    /// (`GET`, `HEAD`, `DELETE`, `OPTIONS`, `TRACE`).
    public var prefersQueryParameters: Bool {
        [Self.get, .head, .delete, .options, .trace].contains(self)
    }
}
