import Foundation

/// Cookies kept between requests, as a browser or the JetBrains HTTP client keeps them (RFC 6265).
///
/// Attach one to an ``HTTPClient`` (`HTTPClient(transport:environment:cookieJar:)`): every response's
/// `Set-Cookie` headers (those of followed redirects included) are stored, and every later request gets a
/// `Cookie` header with the cookies that match its host, path and scheme. Over ``CurlTransport``, a request
/// that follows redirects gets them on every hop, matched per hop, with the cookies set by earlier hops of the
/// same transfer (libcurl's cookie engine, seeded from the jar for that one transfer); the request's own
/// `Cookie` header joins them in the one `Cookie` line of every hop to its host
/// (`cookieEngineLines(forTransferOf:at:)` says which wins on a shared name). A request with
/// ``HTTPRequest/usesCookieJar`` set to `false` neither sends nor stores cookies.
///
/// Rules: a cookie without `Domain` goes back only to the host that set it; with `Domain` it also goes to
/// sub-domains, and a `Domain` the host does not belong to is refused; `Path` limits it by path prefix;
/// `Secure` keeps it to `https`; `Max-Age` (preferred) or `Expires` ends it, and an expired cookie replaces
/// and so removes the one of the same name, domain and path. There is no public suffix list: only
/// single-label domains (`com`) are refused.
///
/// Thread-safe. With a file (``init(persistingTo:)``) the jar loads it and saves it after every change, in
/// the Netscape cookie file format that curl also reads. Several jars (several `ferry send` processes, or
/// the workbench beside them) can share one file: a save takes an exclusive lock (`FILE.lock`), reads the
/// file again, applies only this jar's changes since its last save (each set or removed cookie replaces the
/// one of the same name, domain and path; clearing the jar empties the file), writes the result atomically
/// and keeps it as the jar's cookies. So no process loses another's cookies, and a cookie one process
/// removed is not brought back by another that had loaded it. Writes happen on a queue of the jar's own,
/// never on the thread that stored the cookies (for ``HTTPClient`` that is the transport's event loop,
/// which must not wait for the disk); back-to-back changes coalesce into one write. Call ``flush()``
/// before the process exits.
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
    /// Where the file is written, one write at a time, in the order the changes were made.
    private let saveQueue = DispatchQueue(label: "ferry.cookie-jar.save")

    private struct State {
        var cookies: [Cookie]
        var saveError: String?
        /// The changes not saved yet, merged into the file by the next save.
        var unsaved = CookieChanges()
    }

    /// A jar in memory holding `cookies`, but for those holding control characters
    /// (``Cookie/holdsControlCharacters``).
    public init(cookies: [Cookie] = []) {
        fileURL = nil
        state = Locked(State(cookies: cookies.filter { !$0.holdsControlCharacters }))
    }

    /// A jar saved to `file`: loads the cookies in it (none when it does not exist yet; unreadable lines, and
    /// cookies holding control characters, as a tampered file may, are skipped) and rewrites it atomically
    /// after every change.
    public init(persistingTo file: URL) {
        fileURL = file
        var loaded: [Cookie] = []
        var loadError: String?
        do {
            loaded = try Self.load(from: file)
        } catch {
            loadError = "cannot read \(file.path): \(error.localizedDescription)"
        }
        state = Locked(State(cookies: loaded.filter { !$0.holdsControlCharacters }, saveError: loadError))
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

    /// Why the last load or save of ``fileURL`` failed, or `nil` when it worked (``flush()`` first to see
    /// the outcome of the latest change).
    public var persistenceError: String? { state.withLock { $0.saveError } }

    /// Waits until every change made so far is written to ``fileURL``.
    public func flush() {
        saveQueue.sync {}
    }

    // MARK: - Storing

    /// Stores the cookies of every `Set-Cookie` field in `headers`, received from `url` at `now`.
    public func storeCookies(from headers: HTTPHeaders, for url: URL, at now: Date = Date()) {
        // The headers' own byte-wise name match: a Foundation comparison per header cost more than the rest.
        let cookies = headers.values(for: "Set-Cookie").compactMap { Cookie(setCookie: $0, from: url, at: now) }
        store(cookies, at: now)
    }

    /// Stores the cookies of a response: those of each followed redirect (from the URL that sent it) and
    /// those of the final response.
    public func storeCookies(from response: HTTPResponse, at now: Date = Date()) {
        for redirect in response.redirects { storeCookies(from: redirect.headers, for: redirect.from, at: now) }
        storeCookies(from: response.headers, for: response.url, at: now)
    }

    /// Stores `cookies`: each replaces the one with the same name, domain and path (keeping its creation
    /// time); an expired one only removes it; one holding control characters (``Cookie/holdsControlCharacters``)
    /// is ignored. Saves the file, even when the jar already held the same: the file may hold another jar's
    /// older write of the cookie, or a cookie the server just removed.
    public func store(_ cookies: [Cookie], at now: Date = Date()) {
        let cookies = cookies.filter { !$0.holdsControlCharacters }
        guard !cookies.isEmpty else { return }
        state.withLock { state in
            state.cookies = CookieChanges(stored: cookies).applied(to: state.cookies, at: now)
            if fileURL != nil { state.unsaved.stored += cookies }
        }
        scheduleSave()
    }

    /// Removes every cookie (and empties the file).
    public func removeAll() {
        state.withLock { state in
            state.cookies.removeAll()
            if fileURL != nil { state.unsaved = CookieChanges(clearsAll: true) }
        }
        scheduleSave()
    }

    // MARK: - Internals

    /// Queues a save of the file, if any: the changes not saved when it runs are merged into the file
    /// (``merge(_:into:at:)``), so a burst of changes costs one write and a save that finds none does nothing.
    /// The merged file becomes the jar's cookies, with any change made meanwhile applied on top; a failed
    /// save keeps its changes for the next one.
    private func scheduleSave() {
        guard let fileURL else { return }
        saveQueue.async { [self] in
            let changes = state.withLock { state in
                defer { state.unsaved = CookieChanges() }
                return state.unsaved
            }
            guard !changes.isEmpty else { return }
            let now = Date()
            do {
                let merged = try Self.merge(changes, into: fileURL, at: now)
                state.withLock { state in
                    state.cookies = state.unsaved.applied(to: merged, at: now)
                    state.saveError = nil
                }
            } catch {
                state.withLock { state in
                    state.unsaved = changes.followed(by: state.unsaved)
                    state.saveError = "cannot write \(fileURL.path): \(error)"
                }
            }
        }
    }
}

extension Cookie {
    /// Whether `other` is the same cookie in the jar's sense: same name, domain and path (RFC 6265 §5.3 step 11).
    func hasSameIdentity(as other: Cookie) -> Bool {
        name == other.name && domain == other.domain && path == other.path
    }
}
