import FerrySystem
import Foundation

/// The rules of a private HTTP cache (RFC 9111), as pure functions of requests, responses and times.
enum CacheRules {
    /// Statuses a cache may store and give a heuristic lifetime without explicit freshness (RFC 9110 §15.1).
    static let heuristicallyCacheable: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]

    /// The longest heuristic lifetime given (a tenth of the time since `Last-Modified`, at most this).
    static let maximumHeuristicLifetime: TimeInterval = 24 * 3600

    /// The primary cache key of `request` (RFC 9111 §2: its method and its URL without the fragment), private
    /// to whoever sent it: with its ``HTTPRequest/cachePartition`` (the environment), its `auth`, its proxy,
    /// the jar's `cookies` for it and every header field that may carry a credential (all but
    /// ``neutralHeaders``), so a response is only ever served to a request with the same credentials. Stored
    /// as a SHA-1 in hex, so that neither the URL's secrets (`?token=…`) nor the credentials are written down.
    static func key(for request: HTTPRequest, cookies: String? = nil) -> String? {
        guard let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return nil }
        components.fragment = nil
        guard let text = components.string else { return nil }
        var parts = ["\(request.method.rawValue) \(text)", request.cachePartition ?? ""]
        parts.append(request.auth.map { "auth \($0)" } ?? "")
        parts.append(request.proxy.map { "proxy \($0.absoluteString)" } ?? "")
        parts.append(cookies.map { "cookie-jar \($0)" } ?? "")
        parts += request.headers.filter { !neutralHeaders.contains($0.name.lowercased()) }
            .map { "\($0.name.lowercased()): \($0.value)" }.sorted()
        return hashed(parts.joined(separator: "\n"))
    }

    /// Request header fields that never carry a credential: every other one (`Authorization`, `Cookie`,
    /// `X-Api-Key`, a custom token header) keeps the cached responses of different values apart.
    static let neutralHeaders: Set<String> = [
        "accept", "accept-encoding", "accept-language", "cache-control", "pragma", "connection", "content-type",
        "content-length", "host", "user-agent", "if-none-match", "if-modified-since", "if-match",
        "if-unmodified-since", "if-range", "range", "te", "referer", "origin", "dnt", "upgrade-insecure-requests",
        "traceparent", "tracestate", "x-request-id", "x-correlation-id",
    ]

    /// `text`'s SHA-1 in hex: what the cache stores in place of keys and header values.
    static func hashed(_ text: String) -> String {
        let digits = Array("0123456789abcdef")
        return String(SHA1.digest(Array(text.utf8)).flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] })
    }

    /// Whether a `request` may be answered from or stored in the cache at all: GET and HEAD without
    /// `Cache-Control: no-store`.
    static func isCacheable(_ request: HTTPRequest) -> Bool {
        (request.method == .get || request.method == .head) && !CacheControl(request.headers).has("no-store")
    }

    /// Whether `response` to `request` may be stored (RFC 9111 §3): not `no-store`, not `Vary: *`, a final
    /// status the cache understands with explicit freshness or one cacheable by default; with
    /// `Authorization` in the request only when the response allows it (§3.5); and, as PMHTTP does, never a
    /// JSON response without explicit cache headers (`Cache-Control` or `Expires`).
    static func isStorable(_ response: HTTPResponse, for request: HTTPRequest) -> Bool {
        guard isCacheable(request), response.redirects.isEmpty, response.bodyFile == nil,
            response.spilledBody == nil, (200..<600).contains(response.status), response.status != 206,
            response.status != 304
        else { return false }
        let control = CacheControl(response.headers)
        guard !control.has("no-store"), !CachedResponse.varyNames(in: response.headers).contains("*") else {
            return false
        }
        if request.headers.contains("Authorization"),
            !(control.has("must-revalidate") || control.has("public") || control.has("s-maxage"))
        {
            return false
        }
        let explicit = !control.isEmpty || response.headers.contains("Expires")
        if response.mediaType?.isJSON ?? false, !explicit { return false }
        let hasFreshness = control.seconds("max-age") != nil || response.headers.contains("Expires")
        return hasFreshness || control.has("public") || control.has("private")
            || heuristicallyCacheable.contains(response.status)
    }

    /// How long `entry` stays fresh (RFC 9111 §4.2.1): `max-age` (`s-maxage` is for shared caches), else
    /// `Expires` minus `Date`, else a tenth of the time since `Last-Modified` for a status cacheable by
    /// default, else zero.
    static func freshnessLifetime(of entry: CachedResponse) -> TimeInterval {
        let headers = entry.headers
        let control = CacheControl(headers)
        if let maxAge = control.seconds("max-age") { return TimeInterval(maxAge) }
        let date = headers["Date"].flatMap(Cookie.parseDate) ?? entry.responseTime
        if let expires = headers["Expires"] {
            // An invalid date (such as "0") means already expired.
            guard let expiry = Cookie.parseDate(expires) else { return 0 }
            return max(0, expiry.timeIntervalSince(date))
        }
        guard heuristicallyCacheable.contains(entry.status),
            let lastModified = headers["Last-Modified"].flatMap(Cookie.parseDate)
        else { return 0 }
        return min(max(0, date.timeIntervalSince(lastModified)) / 10, maximumHeuristicLifetime)
    }

    /// How old `entry` is at `now` (RFC 9111 §4.2.3), from its `Age` and `Date` and the times kept with it.
    static func age(of entry: CachedResponse, at now: Date) -> TimeInterval {
        let headers = entry.headers
        let ageValue = headers["Age"].flatMap { TimeInterval($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        let dateValue = headers["Date"].flatMap(Cookie.parseDate) ?? entry.responseTime
        let apparentAge = max(0, entry.responseTime.timeIntervalSince(dateValue))
        let responseDelay = max(0, entry.responseTime.timeIntervalSince(entry.requestTime))
        let correctedInitialAge = max(apparentAge, ageValue + responseDelay)
        return correctedInitialAge + max(0, now.timeIntervalSince(entry.responseTime))
    }

    /// Whether `entry` may answer `request` at `now` without asking the server: fresh, not `no-cache` in
    /// the response, and not `no-cache` or a `max-age` it exceeds in the request. A stale entry is never
    /// served (so `must-revalidate` always holds).
    static func isFresh(_ entry: CachedResponse, for request: HTTPRequest, at now: Date) -> Bool {
        let requestControl = CacheControl(request.headers)
        let responseControl = CacheControl(entry.headers)
        guard !responseControl.has("no-cache"), !requestControl.has("no-cache"),
            !(request.headers["Pragma"]?.lowercased().contains("no-cache") ?? false)
        else { return false }
        let age = age(of: entry, at: now)
        if let limit = requestControl.seconds("max-age"), age >= TimeInterval(limit) { return false }
        return age < freshnessLifetime(of: entry)
    }

    /// `request` made conditional on `entry`'s validators (`If-None-Match` from `ETag`, `If-Modified-Since`
    /// from `Last-Modified`), or `nil` when it has none or the request already carries its own conditions.
    static func conditional(_ request: HTTPRequest, on entry: CachedResponse) -> HTTPRequest? {
        guard !request.headers.contains("If-None-Match"), !request.headers.contains("If-Modified-Since") else {
            return nil
        }
        let headers = entry.headers
        var conditional = request
        if let etag = headers["ETag"] { conditional.headers.set("If-None-Match", etag) }
        if let lastModified = headers["Last-Modified"] { conditional.headers.set("If-Modified-Since", lastModified) }
        return conditional.headers.count == request.headers.count ? nil : conditional
    }

    /// `entry` with the header fields of a `304` response replacing its own of the same name (RFC 9111
    /// §3.2, framing fields kept), received at `responseTime` for a request sent at `requestTime`.
    static func updated(
        _ entry: CachedResponse, with notModified: HTTPResponse, requestTime: Date, responseTime: Date
    ) -> CachedResponse {
        let kept: Set<String> = ["content-length", "content-encoding", "transfer-encoding", "content-range"]
        var headers = entry.headers
        let names = Set(notModified.headers.map { $0.name.lowercased() }).subtracting(kept)
        for name in names { headers.remove(name) }
        for field in notModified.headers where names.contains(field.name.lowercased()) {
            headers.add(field.name, field.value)
        }
        var updated = entry
        updated.headers = headers
        updated.requestTime = requestTime
        updated.responseTime = responseTime
        return updated
    }

    /// Whether a response to an unsafe `request` invalidates the stored responses for its URL (RFC 9111 §4.4):
    /// a method that is not safe and a non-error status.
    static func invalidates(_ request: HTTPRequest, status: Int) -> Bool {
        let safe: Set<HTTPMethod> = [.get, .head, .options, .trace]
        return !safe.contains(request.method) && (200..<400).contains(status)
    }
}
