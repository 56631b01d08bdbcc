import Foundation

/// Where relative requests go: a base URL with default headers and credentials.
///
/// Switching a client's environment re-targets every request built with a path (PMHTTP's
/// `HTTPManager.Environment`). Defaults apply to relative requests and to absolute URLs under the base URL,
/// never to other hosts, so credentials don't leak.
///
/// ```swift
/// let staging = Environment(name: "staging", baseURL: URL(string: "https://staging.example.com/v1")!,
///                           defaultAuth: .bearer(token: token))
/// client.environment = staging
/// try await client.send(HTTPRequest(path: "users"))   // https://staging.example.com/v1/users
/// ```
public struct Environment: Sendable, Hashable {
    /// A name for people, such as `staging`.
    public var name: String
    /// The URL relative paths are appended to.
    public var baseURL: URL
    /// Headers added to requests that don't set them.
    public var defaultHeaders: HTTPHeaders
    /// Credentials for requests that don't carry their own.
    public var defaultAuth: HTTPAuth?

    /// An environment with the given base URL and defaults.
    public init(name: String = "", baseURL: URL, defaultHeaders: HTTPHeaders = [:], defaultAuth: HTTPAuth? = nil) {
        self.name = name
        self.baseURL = baseURL
        self.defaultHeaders = defaultHeaders
        self.defaultAuth = defaultAuth
    }

    /// Whether `url` lies under ``baseURL`` (same scheme, host and port, and a path below the base path).
    public func contains(_ url: URL) -> Bool {
        guard url.scheme?.lowercased() == baseURL.scheme?.lowercased(),
            url.host?.lowercased() == baseURL.host?.lowercased(),
            Self.port(of: url) == Self.port(of: baseURL)
        else { return false }
        let base = baseURL.path.hasSuffix("/") ? baseURL.path : baseURL.path + "/"
        let path = url.path.hasSuffix("/") ? url.path : url.path + "/"
        return path.hasPrefix(base)
    }

    /// `baseURL` joined with `path`: exactly one `/` between them, whether or not either side has one.
    public func url(forPath path: String) -> String {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let trimmed = path.drop { $0 == "/" }
        return trimmed.isEmpty ? base + "/" : base + "/" + trimmed
    }

    private static func port(of url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }
}
