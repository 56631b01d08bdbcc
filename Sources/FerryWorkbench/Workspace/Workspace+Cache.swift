import FerryHTTP
import Foundation

// MARK: - The workspace's HTTP cache

extension Workspace {
    /// `.ferry/cache`: the workspace's HTTP cache files (git-ignored with the rest of the state folder), so
    /// that what one project's requests cached never answers another's.
    public var cacheFolder: URL { stateFolder.appendingPathComponent("cache") }

    /// An HTTP cache kept in memory and in ``cacheFolder`` (at most 256 MB there, the least recently used
    /// removed first), for `ferry send --cache` and the workbench's `# @cache` requests.
    public func httpCache() -> HTTPCache {
        try? ensureStateFolder()
        return HTTPCache(directory: cacheFolder)
    }
}
