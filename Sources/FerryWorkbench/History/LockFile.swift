import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive `flock` on a file, held for the duration of a closure (between processes too).
enum LockFile {
    /// Runs `body` while holding an exclusive lock on `url` (created when missing).
    static func withLock<T>(_ url: URL, _ body: () throws -> T) throws -> T {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WorkspaceError.io(path: url.path, reason: "cannot open the lock file") }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw WorkspaceError.io(path: url.path, reason: "cannot lock") }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
