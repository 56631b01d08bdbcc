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
        let startsSecure = url.scheme?.lowercased() == "https"
        let cookies = cookies(at: now).filter { cookie in
            startsSecure || !cookie.isSecure || !Self.hostsLibcurlTreatsAsSecure.contains(cookie.domain)
        }
        return cookies.sorted { $0.created < $1.created }.compactMap(Self.fileLine)
    }
}
