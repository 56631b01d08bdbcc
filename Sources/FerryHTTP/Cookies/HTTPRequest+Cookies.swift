import Foundation

// MARK: - Cookies from a jar

extension HTTPRequest {
    /// Whether the jar's cookies go to `transport` to be matched on every hop (``PerHopCookieTransport``)
    /// instead of in a `Cookie` header computed for the first URL: when redirects are followed and the
    /// request has no `Cookie` header of its own (libcurl would send its own line beside it, two `Cookie`
    /// lines, so such a request keeps the header alone, merged with the jar's cookies for the first URL).
    func sendsCookiesPerHop(over transport: any HTTPTransport) -> Bool {
        transport is any PerHopCookieTransport && redirectPolicy != .none && !headers.contains("Cookie")
    }

    /// Adds the jar's cookies for this (resolved) request's URL to its `Cookie` header. Cookies the request
    /// already names in its own `Cookie` header win: the jar adds only other names, after them.
    mutating func addCookies(from jar: CookieJar, at now: Date = Date()) {
        guard let url, let fromJar = jar.cookieHeader(for: url, at: now) else { return }
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
