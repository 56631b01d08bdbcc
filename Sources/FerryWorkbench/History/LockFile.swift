import FerrySystem
import Foundation

/// An exclusive `flock` on a file, held for the duration of a closure (between processes too): FerrySystem's
/// ``FileLock``, failing with a ``WorkspaceError``.
enum LockFile {
    /// Runs `body` while holding an exclusive lock on `url` (created when missing).
    static func withLock<T>(_ url: URL, _ body: () throws -> T) throws -> T {
        try withLock(atPath: url.path, body)
    }

    /// Runs `body` while holding an exclusive lock on the file at `path` (created when missing).
    static func withLock<T>(atPath path: String, _ body: () throws -> T) throws -> T {
        do {
            return try FileLock.withExclusiveLock(on: path, body)
        } catch let failure as FileLock.Failure {
            throw WorkspaceError.io(path: failure.path, reason: failure.reason)
        }
    }
}
