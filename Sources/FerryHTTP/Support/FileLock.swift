import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive `flock` on a lock file, held for the duration of a closure: between threads and between
/// processes. The one lock every read-modify-write of a shared file goes through (the cookie jar here, the
/// history and request identities in FerryWorkbench).
package enum FileLock {
    /// Why the lock could not be taken.
    package struct Failure: Error, CustomStringConvertible {
        /// The lock file.
        package var path: String
        /// What went wrong.
        package var reason: String

        package var description: String { "\(path): \(reason)" }
    }

    /// Runs `body` while holding an exclusive lock on `url` (created when missing).
    package static func withExclusiveLock<T>(on url: URL, _ body: () throws -> T) throws -> T {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(path: url.path, reason: "cannot open the lock file") }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw Failure(path: url.path, reason: "cannot lock") }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
