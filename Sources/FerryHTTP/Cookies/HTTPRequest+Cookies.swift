import Foundation

// MARK: - Cookies from a jar

extension HTTPRequest {
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
