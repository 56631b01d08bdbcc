/// What an ``HTTPCache`` did for a response, in its ``TransferTiming/cacheStatus``.
public enum CacheStatus: String, Sendable, Hashable {
    /// Served from the cache, fresh: nothing was sent.
    case hit
    /// The stored response, confirmed by the server with a `304 Not Modified` to a conditional request.
    case revalidated
    /// Fetched from the server (and stored when its headers allow).
    case miss
}

extension CacheStatus: CustomStringConvertible {
    /// What the cache did, in words: `ferry send --timing` and the workbench's Timing tab show it.
    public var description: String {
        switch self {
        case .hit: "from cache (nothing sent)"
        case .revalidated: "revalidated (304, stored body)"
        case .miss: "fetched"
        }
    }
}
