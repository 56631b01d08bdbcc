import Foundation

/// A private HTTP cache (RFC 9111) for an ``HTTPClient``: off unless a client is given one
/// (``HTTPClient/cache``).
///
/// It keeps GET and HEAD responses in memory and, with a `directory`, on disk too (one file per URL, method
/// and credentials, written atomically, `0600` in a `0700` folder, the least recently used removed past
/// `diskCapacity`). A response is served only to a request with the same credentials (every header field but
/// the neutral ones such as `Accept`, the jar's cookies, `auth`, the proxy) and the same
/// ``HTTPRequest/cachePartition``; keys and `Vary` values are stored as hashes, never the URL or a credential. It honours
/// `Cache-Control` (`max-age`, `no-store`, `no-cache`, `must-revalidate`, `private`, `public`; `s-maxage` is
/// for shared caches and ignored), `Expires`, `Age` and `Date`, gives a heuristic lifetime only to statuses
/// cacheable by default with a `Last-Modified`, revalidates stale entries with `If-None-Match` /
/// `If-Modified-Since` (a `304` refreshes the stored headers) and selects among `Vary` variants. It never
/// serves a stale response. A JSON response without `Cache-Control` or `Expires` is not stored (PMHTTP's
/// rule), nor one to a request with `Authorization` unless the response allows it (§3.5). A successful
/// unsafe request (POST, PUT, DELETE, …) removes what is stored for its URL.
///
/// ```swift
/// let cache = HTTPCache(directory: URL(fileURLWithPath: ".ferry/cache"))
/// let client = HTTPClient(transport: CurlTransport())
/// client.cache = cache
/// let response = try await client.send(HTTPRequest(.get, url: url))
/// print(response.timing?.cacheStatus == .hit ? "from cache" : "from the network")
/// ```
public final class HTTPCache: Sendable {
    /// The largest response body stored: larger ones pass through uncached.
    public let maximumEntrySize: Int
    private let memory: Locked<MemoryStore>
    private let disk: DiskCacheStore?

    /// A cache keeping up to `memoryCapacity` bytes in memory and, with `directory`, up to `diskCapacity`
    /// bytes there (created when first written); bodies over `maximumEntrySize` bytes are not stored.
    public init(
        memoryCapacity: Int = 16 << 20, directory: URL? = nil, diskCapacity: Int = 256 << 20,
        maximumEntrySize: Int = 8 << 20
    ) {
        self.maximumEntrySize = maximumEntrySize
        memory = Locked(MemoryStore(capacity: memoryCapacity))
        disk = directory.map { DiskCacheStore(directory: $0, capacity: diskCapacity) }
    }

    /// Removes every stored response, on disk too.
    public func removeAll() {
        memory.withLock { $0.removeAll() }
        disk?.removeAll()
    }

    /// How many responses are kept in memory now.
    public var memoryEntryCount: Int { memory.withLock { $0.count } }

    /// Waits until every disk write started so far is done.
    public func flush() { disk?.flush() }

    // MARK: - Used by the client

    /// The stored variants for the primary `key`, from memory or else from disk.
    func variants(for key: String) -> [CachedResponse] {
        if let stored = memory.withLock({ $0.variants(for: key) }) { return stored }
        guard let fromDisk = disk?.variants(for: key), !fromDisk.isEmpty else { return [] }
        memory.withLock { $0.set(fromDisk, for: key) }
        return fromDisk
    }

    /// The stored response `request` selects (its primary `key` and `Vary` values), if any.
    func entry(for request: HTTPRequest, key: String) -> CachedResponse? {
        variants(for: key).first { $0.matches(request) }
    }

    /// Stores `entry`, replacing the variant it matches.
    func store(_ entry: CachedResponse) {
        guard entry.body.count <= maximumEntrySize else { return }
        var variants = variants(for: entry.key)
        variants.removeAll { $0.varyValues == entry.varyValues }
        variants.insert(entry, at: 0)
        memory.withLock { $0.set(variants, for: entry.key) }
        disk?.write(variants, for: entry.key)
    }

    /// Removes everything stored for `request`'s URL, whatever the method, with its credentials (the jar's
    /// `cookies` among them): the responses other credentials got are theirs, and stay.
    func invalidate(_ request: HTTPRequest, cookies: String?) {
        for method in [HTTPMethod.get, .head] {
            var probe = request
            probe.method = method
            guard let key = CacheRules.key(for: probe, cookies: cookies) else { continue }
            memory.withLock { $0.remove(key) }
            disk?.remove(key)
        }
    }
}

/// The in-memory part of an ``HTTPCache``: variants by primary key, least recently used evicted first
/// once their cost passes the capacity.
struct MemoryStore {
    private var entries: [String: [CachedResponse]] = [:]
    /// Keys from least to most recently used.
    private var order: [String] = []
    private var cost = 0
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    var count: Int { entries.count }

    /// The variants of `key`, marking it used; `nil` when none are kept.
    mutating func variants(for key: String) -> [CachedResponse]? {
        guard let variants = entries[key] else { return nil }
        touch(key)
        return variants
    }

    /// Keeps `variants` for `key`, then evicts the least recently used keys past the capacity.
    mutating func set(_ variants: [CachedResponse], for key: String) {
        remove(key)
        let added = variants.reduce(0) { $0 + $1.cost }
        guard added <= capacity else { return }
        entries[key] = variants
        order.append(key)
        cost += added
        while cost > capacity, let oldest = order.first { remove(oldest) }
    }

    /// Forgets `key`.
    mutating func remove(_ key: String) {
        guard let variants = entries.removeValue(forKey: key) else { return }
        cost -= variants.reduce(0) { $0 + $1.cost }
        order.removeAll { $0 == key }
    }

    /// Forgets everything.
    mutating func removeAll() { self = MemoryStore(capacity: capacity) }

    private mutating func touch(_ key: String) {
        order.removeAll { $0 == key }
        order.append(key)
    }
}
