import Foundation

// MARK: - Seeding libcurl's cookie engine for one transfer

extension CookieJar {
    /// The host names libcurl treats as secure contexts even over `http`: it sends `Secure` cookies to them.
    static let hostsLibcurlTreatsAsSecure: Set<String> = ["localhost", "127.0.0.1", "::1", "[::1]"]

    /// The jar's unexpired cookies as Netscape cookie file lines, oldest first, for libcurl's cookie engine to
    /// match on every hop of one transfer that starts at `url`.
    ///
    /// Every cookie goes in, not only those for `url`: a redirect may lead to any host or path, and libcurl
    /// applies the domain, path, `Secure` and expiry rules per hop. One exception keeps the jar's rule that
    /// `Secure` cookies never go over `http`: libcurl sends `Secure` cookies to `localhost`, `127.0.0.1` and
    /// `::1` over plain `http`, so `Secure` cookies of those hosts are left out of a transfer that starts
    /// with `http`.
    func cookieEngineLines(forTransferFrom url: URL, at now: Date = Date()) -> [String] {
        Self.cookieEngineLines(cookies(at: now), forTransferFrom: url)
    }

    /// The lines for libcurl's cookie engine for the transfer of `request` (resolved, following redirects):
    /// the jar's (``cookieEngineLines(forTransferFrom:at:)``) and then the request's own `Cookie` header's
    /// (``HTTPRequest/ownCookiesPerHop()``), so libcurl sends both in one `Cookie` line on every hop.
    ///
    /// When a jar cookie and one of the request's own have the same name, the request's own wins on its
    /// host, as it does in a `Cookie` header without redirects (``HTTPRequest/addCookies(from:for:at:)``): a jar
    /// cookie of that name that the first URL's host would get stays out of the transfer, so one value goes,
    /// the one the request gives; jar cookies of that name for other hosts still go to those. A cookie a hop
    /// sets during the transfer is the server's newer word: with the same name, host and path `/` it replaces
    /// the request's own on later hops, as it would in a browser's jar; with another path both go, longer
    /// path first (libcurl's order). Empty when the request has no URL.
    func cookieEngineLines(forTransferOf request: HTTPRequest, at now: Date = Date()) -> [String] {
        guard let url = request.url else { return [] }
        let own = request.ownCookiesPerHop() ?? []
        guard !own.isEmpty, let host = url.host?.lowercased() else {
            return cookieEngineLines(forTransferFrom: url, at: now)
        }
        let ownNames = Set(own.map(\.name))
        let fromJar = cookies(at: now).filter { cookie in
            guard ownNames.contains(cookie.name) else { return true }
            return !(cookie.isHostOnly ? cookie.domain == host : Cookie.domain(host, matches: cookie.domain))
        }
        return Self.cookieEngineLines(fromJar, forTransferFrom: url) + own.compactMap(Self.fileLine)
    }

    /// `cookies` as lines for the engine, oldest first, without the `Secure` cookies of loopback hosts when
    /// the transfer starts with `http`.
    private static func cookieEngineLines(_ cookies: [Cookie], forTransferFrom url: URL) -> [String] {
        let startsSecure = url.scheme?.lowercased() == "https"
        let cookies = cookies.filter { cookie in
            startsSecure || !cookie.isSecure || !hostsLibcurlTreatsAsSecure.contains(cookie.domain)
        }
        return cookies.sorted { $0.created < $1.created }.compactMap(fileLine)
    }
}
