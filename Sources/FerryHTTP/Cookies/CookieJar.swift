import Foundation

/// Cookies kept between requests, as a browser or the JetBrains HTTP client keeps them (RFC 6265).
///
/// Attach one to an ``HTTPClient`` (`HTTPClient(transport:environment:cookieJar:)`): every response's
/// `Set-Cookie` headers (those of followed redirects included) are stored, and every later request gets a
/// `Cookie` header with the cookies that match its host, path and scheme. A request with
/// ``HTTPRequest/usesCookieJar`` set to `false` neither sends nor stores cookies.
///
/// Rules: a cookie without `Domain` goes back only to the host that set it; with `Domain` it also goes to
/// sub-domains, and a `Domain` the host does not belong to is refused; `Path` limits it by path prefix;
/// `Secure` keeps it to `https`; `Max-Age` (preferred) or `Expires` ends it, and an expired cookie replaces
/// and so removes the one of the same name, domain and path. There is no public suffix list: only
/// single-label domains (`com`) are refused.
///
/// Thread-safe. With a file (``init(persistingTo:)``) the jar loads it and rewrites it atomically after
/// every change, in the Netscape cookie file format that curl also reads.
///
/// ```swift
/// let jar = CookieJar(persistingTo: workspace.appendingPathComponent(".ferry/cookies"))
/// let client = HTTPClient(transport: CurlTransport(), cookieJar: jar)
/// ```
public final class CookieJar: Sendable {
    /// The most cookies kept; past it the oldest are dropped.
    public static let capacity = 3000

    /// The file the jar is saved to after every change, or `nil` for a jar in memory only.
    public let fileURL: URL?
    private let state: Locked<State>

    private struct State {
        var cookies: [Cookie]
        var saveError: String?
    }

    /// A jar in memory holding `cookies`.
    public init(cookies: [Cookie] = []) {
        fileURL = nil
        state = Locked(State(cookies: cookies))
    }

    /// A jar saved to `file`: loads the cookies in it (none when it does not exist yet; unreadable lines are
    /// skipped) and rewrites it atomically after every change.
    public init(persistingTo file: URL) {
        fileURL = file
        var loaded: [Cookie] = []
        var loadError: String?
        do {
            loaded = try Self.load(from: file)
        } catch {
            loadError = "cannot read \(file.path): \(error.localizedDescription)"
        }
        state = Locked(State(cookies: loaded, saveError: loadError))
    }

    // MARK: - Reading

    /// Every cookie not expired at `now`.
    public func cookies(at now: Date = Date()) -> [Cookie] {
        state.withLock { $0.cookies.filter { !$0.isExpired(at: now) } }
    }

    /// The `Cookie` header value for a request to `url` at `now` (`a=1; b=2`, longer paths first), or `nil`
    /// when no cookie matches.
    public func cookieHeader(for url: URL, at now: Date = Date()) -> String? {
        let matching = state.withLock { $0.cookies.filter { $0.matches(url, at: now) } }
        guard !matching.isEmpty else { return nil }
        let ordered = matching.sorted { ($0.path.count, $1.created) > ($1.path.count, $0.created) }
        return ordered.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// Why the last load or save of ``fileURL`` failed, or `nil` when it worked.
    public var persistenceError: String? { state.withLock { $0.saveError } }

    // MARK: - Storing

    /// Stores the cookies of every `Set-Cookie` field in `headers`, received from `url` at `now`.
    public func storeCookies(from headers: HTTPHeaders, for url: URL, at now: Date = Date()) {
        let cookies = headers.compactMap { name, value -> Cookie? in
            guard name.caseInsensitiveCompare("Set-Cookie") == .orderedSame else { return nil }
            return Cookie(setCookie: value, from: url, at: now)
        }
        store(cookies, at: now)
    }

    /// Stores the cookies of a response: those of each followed redirect (from the URL that sent it) and
    /// those of the final response.
    public func storeCookies(from response: HTTPResponse, at now: Date = Date()) {
        for redirect in response.redirects { storeCookies(from: redirect.headers, for: redirect.from, at: now) }
        storeCookies(from: response.headers, for: response.url, at: now)
    }

    /// Stores `cookies`: each replaces the one with the same name, domain and path (keeping its creation
    /// time); an expired one only removes it. Saves the file when anything changed.
    public func store(_ cookies: [Cookie], at now: Date = Date()) {
        guard !cookies.isEmpty else { return }
        state.withLock { state in
            let before = state.cookies
            for var cookie in cookies {
                if let index = state.cookies.firstIndex(where: { $0.hasSameIdentity(as: cookie) }) {
                    cookie.created = state.cookies[index].created
                    state.cookies.remove(at: index)
                }
                if !cookie.isExpired(at: now) { state.cookies.append(cookie) }
            }
            state.cookies.removeAll { $0.isExpired(at: now) }
            if state.cookies.count > Self.capacity {
                state.cookies.sort { $0.created < $1.created }
                state.cookies.removeFirst(state.cookies.count - Self.capacity)
            }
            if state.cookies != before { save(&state) }
        }
    }

    /// Removes every cookie (and saves the empty jar).
    public func removeAll() {
        state.withLock { state in
            state.cookies.removeAll()
            save(&state)
        }
    }

    // MARK: - Internals

    /// Writes the file, if any, recording a failure; runs under the lock so saves land in order.
    private func save(_ state: inout State) {
        guard let fileURL else { return }
        do {
            try Self.write(state.cookies, to: fileURL)
            state.saveError = nil
        } catch {
            state.saveError = "cannot write \(fileURL.path): \(error)"
        }
    }
}

extension Cookie {
    /// Whether `other` is the same cookie in the jar's sense: same name, domain and path (RFC 6265 §5.3 step 11).
    func hasSameIdentity(as other: Cookie) -> Bool {
        name == other.name && domain == other.domain && path == other.path
    }
}
