import Foundation

// MARK: - Cookies from a jar

extension HTTPRequest {
    /// The most cookies, and characters, a request's own `Cookie` header may hold to go through libcurl's
    /// cookie engine: it sends at most 150 cookies and about 8 KB in one `Cookie` line and drops the rest,
    /// jar cookies included, so a larger header keeps the old way (one header for the first URL).
    static let ownCookiesPerHopLimit = (cookies: 50, characters: 4096)

    /// Whether the jar's cookies go to `transport` to be matched on every hop (``HTTPTransport/matchesCookiesPerHop``)
    /// instead of in a `Cookie` header computed for the first URL: when redirects are followed and the
    /// request's own `Cookie` header, if any, can join them (``ownCookiesPerHop()``; libcurl would send its
    /// own line beside a `Cookie` header, two lines, so a header that can't join is kept alone, merged with
    /// the jar's cookies for the first URL).
    func sendsCookiesPerHop(over transport: any HTTPTransport) -> Bool {
        guard transport.matchesCookiesPerHop, redirectPolicy != .none, url != nil else { return false }
        return !headers.contains("Cookie") || ownCookiesPerHop() != nil
    }

    /// The cookies of the request's own `Cookie` header(s) as they go through libcurl's cookie engine with
    /// the jar's for a transfer whose redirects are followed: session cookies of the first URL's host only
    /// (host-only, path `/`, `Secure` when that URL is `https`), so every hop to that host gets them in its
    /// one `Cookie` line, and a hop to another host (or from `https` to `http`) does not, as libcurl keeps a
    /// request's `Cookie` header from other hosts. Empty when there is no such header.
    ///
    /// `nil` when the header can't go through the engine unchanged, and so is sent as a header: a pair
    /// without `=` or with an empty name, a name given twice (the engine keeps one cookie per name), a tab or
    /// line break, a `Host` header of the request's own (libcurl would match cookies against it), a
    /// `__Secure-` or `__Host-` name over `http` (the engine refuses those without `Secure`), or more than
    /// ``ownCookiesPerHopLimit``.
    func ownCookiesPerHop() -> [Cookie]? {
        let values = headers.values(for: "Cookie")
        guard !values.isEmpty else { return [] }
        guard let url, let host = url.host?.lowercased(), !host.isEmpty, !headers.contains("Host") else {
            return nil
        }
        let isHTTPS = url.scheme?.lowercased() == "https"
        var characters = 0
        var cookies: [Cookie] = []
        for value in values {
            characters += value.count
            for pair in value.split(separator: ";") {
                let pair = pair.trimmingCharacters(in: .whitespaces)
                if pair.isEmpty { continue }
                guard let equals = pair.firstIndex(of: "=") else { return nil }
                let name = pair[..<equals].trimmingCharacters(in: .whitespaces)
                let value = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty, isHTTPS || !Self.hasSecurePrefix(name) else { return nil }
                cookies.append(Cookie(name: name, value: value, domain: host, isSecure: isHTTPS))
            }
        }
        let limit = Self.ownCookiesPerHopLimit
        guard cookies.count <= limit.cookies, characters <= limit.characters,
            Set(cookies.map(\.name)).count == cookies.count,
            cookies.allSatisfy({ CookieJar.fileLine($0) != nil })
        else { return nil }
        return cookies
    }

    /// Whether `name` starts with `__Secure-` or `__Host-` (any case), the prefixes libcurl accepts only on
    /// `Secure` cookies.
    private static func hasSecurePrefix(_ name: String) -> Bool {
        let lowercased = name.lowercased()
        return lowercased.hasPrefix("__secure-") || lowercased.hasPrefix("__host-")
    }

    /// Adds the jar's cookies for `url` (this resolved request's own URL unless given: a WebSocket handshake
    /// matches its `http`/`https` twin) to its `Cookie` header. Cookies the request already names in its own
    /// `Cookie` header win: the jar adds only other names, after them.
    mutating func addCookies(from jar: CookieJar, for url: URL? = nil, at now: Date = Date()) {
        guard let url = url ?? self.url, let fromJar = jar.cookieHeader(for: url, at: now) else { return }
        guard let own = headers["Cookie"], !own.trimmingCharacters(in: .whitespaces).isEmpty else {
            headers["Cookie"] = fromJar
            return
        }
        let ownNames = Set(
            own.split(separator: ";").map { $0.split(separator: "=", maxSplits: 1).first.map(String.init) ?? "" }
                .map { $0.trimmingCharacters(in: .whitespaces) })
        let added = fromJar.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { pair in
            !ownNames.contains(pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? "")
        }
        guard !added.isEmpty else { return }
        headers["Cookie"] = own + "; " + added.joined(separator: "; ")
    }
}
