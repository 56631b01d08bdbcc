import FerryHTTP

// MARK: - The cookie jar's view

extension EffectRunner {
    /// Deletes `cookie` or clears the jar when asked, then posts the jar's cookies as they are now, sorted by
    /// domain, name and path. The jar saves `.ferry/cookies` itself.
    func changeCookies(delete cookie: Cookie?, clearsAll: Bool) {
        let jar = client.cookieJar
        if clearsAll { jar?.removeAll() }
        if let cookie { jar?.remove(cookie) }
        let cookies = (jar?.cookies() ?? []).sorted { ($0.domain, $0.name, $0.path) < ($1.domain, $1.name, $1.path) }
        post(.overlay(.cookies(.loaded(cookies))))
    }
}
