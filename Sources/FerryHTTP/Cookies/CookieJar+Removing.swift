import Foundation

// MARK: - Removing one cookie

extension CookieJar {
    /// Removes the cookie with `cookie`'s name, domain and path (and from the file, as a server's expired
    /// `Set-Cookie` would), leaving the others.
    ///
    /// ```swift
    /// jar.remove(jar.cookies()[0])
    /// ```
    public func remove(_ cookie: Cookie) {
        var expired = cookie
        expired.expires = Date(timeIntervalSince1970: 0)
        store([expired])
    }
}
