import Foundation

/// One cookie held by a ``CookieJar``, with the RFC 6265 attributes that decide where it goes.
///
/// ```swift
/// let cookie = Cookie(setCookie: "session=abc; Path=/; HttpOnly", from: URL(string: "https://api.example.com/login")!)
/// cookie?.matches(URL(string: "https://api.example.com/users")!)   // true
/// ```
public struct Cookie: Sendable, Hashable {
    /// The name.
    public var name: String
    /// The value, as the server sent it.
    public var value: String
    /// The host (host-only cookie) or domain (also sent to its sub-domains), lowercased, without a leading dot.
    public var domain: String
    /// Whether the cookie goes only to ``domain`` itself (the server sent no `Domain` attribute).
    public var isHostOnly: Bool
    /// The path the cookie is scoped to, such as `/` or `/api`.
    public var path: String
    /// Whether the cookie goes only over `https`.
    public var isSecure: Bool
    /// Whether the server marked it `HttpOnly` (kept and written back; it changes nothing for a client like this).
    public var isHTTPOnly: Bool
    /// When the cookie expires, or `nil` for a session cookie (kept until the jar is cleared).
    public var expires: Date?
    /// When the cookie was first stored (orders cookies of equal path length in the `Cookie` header).
    public var created: Date

    /// A cookie with the given attributes.
    public init(
        name: String, value: String, domain: String, isHostOnly: Bool = true, path: String = "/",
        isSecure: Bool = false, isHTTPOnly: Bool = false, expires: Date? = nil, created: Date = Date()
    ) {
        self.name = name
        self.value = value
        self.domain = domain.lowercased()
        self.isHostOnly = isHostOnly
        self.path = path
        self.isSecure = isSecure
        self.isHTTPOnly = isHTTPOnly
        self.expires = expires
        self.created = created
    }

    /// Whether the name, value, domain or path holds a control character other than a tab (NUL, CR, LF, …):
    /// such a cookie cannot go into a `Cookie` header line intact, so a jar never takes it (RFC 6265bis
    /// §5.6 ignores a `Set-Cookie` line holding one).
    public var holdsControlCharacters: Bool {
        [name, value, domain, path].contains { Self.holdsControlCharacters($0) }
    }

    /// Whether `text` holds a control character other than a tab (RFC 5234 `CTL`, without `HTAB`).
    static func holdsControlCharacters(_ text: some StringProtocol) -> Bool {
        text.utf8.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }
    }

    // MARK: - Matching (RFC 6265 §5.1.3, §5.1.4, §5.4)

    /// Whether the cookie has expired at `now`.
    public func isExpired(at now: Date = Date()) -> Bool {
        guard let expires else { return false }
        return expires <= now
    }

    /// Whether the cookie belongs in a request to `url` at `now`: host, path, scheme and expiry all match.
    public func matches(_ url: URL, at now: Date = Date()) -> Bool {
        guard let host = url.host?.lowercased(), !isExpired(at: now) else { return false }
        if isSecure && url.scheme?.lowercased() != "https" { return false }
        let hostMatches = isHostOnly ? host == domain : Self.domain(host, matches: domain)
        return hostMatches && Self.path(Self.requestPath(of: url), matches: path)
    }

    /// RFC 6265 domain-match: `host` is `domain`, or ends with `.domain` and is not an IP address.
    static func domain(_ host: String, matches domain: String) -> Bool {
        if host == domain { return true }
        return host.hasSuffix("." + domain) && !isIPAddress(host)
    }

    /// RFC 6265 path-match: equal, or `cookiePath` is a prefix ending at a `/` boundary.
    static func path(_ requestPath: String, matches cookiePath: String) -> Bool {
        if requestPath == cookiePath { return true }
        guard requestPath.hasPrefix(cookiePath) else { return false }
        if cookiePath.hasSuffix("/") { return true }
        return requestPath.dropFirst(cookiePath.count).first == "/"
    }

    /// The URL's path, `/` when empty.
    static func requestPath(of url: URL) -> String {
        let path = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? url.path
        return path.isEmpty ? "/" : path
    }

    /// Whether `host` is an IPv4 or IPv6 literal (no domain matching for those).
    static func isIPAddress(_ host: String) -> Bool {
        if host.contains(":") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isNumber) }
    }
}
