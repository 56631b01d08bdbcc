import Foundation

/// What a ``CookieJar`` changed since it last saved: the part of its state a save merges into the file, so
/// that a jar never writes back cookies it merely loaded (another process may have replaced or removed them
/// since).
struct CookieChanges: Sendable {
    /// Whether the jar was cleared: the saved cookies are dropped before ``stored`` applies.
    var clearsAll = false
    /// The cookies stored, oldest first; an expired one removes its namesake.
    var stored: [Cookie] = []

    /// Whether there is nothing to save.
    var isEmpty: Bool { !clearsAll && stored.isEmpty }

    /// `cookies` with these changes applied at `now`: each stored cookie replaces the one with the same name,
    /// domain and path (keeping its creation time), an expired one only removes it, expired cookies are
    /// dropped, and past ``CookieJar/capacity`` the oldest go.
    func applied(to cookies: [Cookie], at now: Date) -> [Cookie] {
        var result = clearsAll ? [] : cookies
        for var cookie in stored {
            if let index = result.firstIndex(where: { $0.hasSameIdentity(as: cookie) }) {
                cookie.created = result[index].created
                result.remove(at: index)
            }
            if !cookie.isExpired(at: now) { result.append(cookie) }
        }
        result.removeAll { $0.isExpired(at: now) }
        if result.count > CookieJar.capacity {
            result.sort { $0.created < $1.created }
            result.removeFirst(result.count - CookieJar.capacity)
        }
        return result
    }

    /// These changes, then `later` ones (a clear among them drops what came before it).
    func followed(by later: CookieChanges) -> CookieChanges {
        later.clearsAll ? later : CookieChanges(clearsAll: clearsAll, stored: stored + later.stored)
    }
}
