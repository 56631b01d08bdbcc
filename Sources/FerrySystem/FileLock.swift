import Glibc

/// An exclusive `flock` on a lock file, held for the duration of a closure: between threads and between
/// processes. The one lock every read-modify-write of a shared file goes through (the cookie jar in
/// FerryHTTP, the history and request identities in FerryWorkbench).
public enum FileLock {
    /// Why the lock could not be taken.
    public struct Failure: Error, CustomStringConvertible {
        /// The lock file.
        public var path: String
        /// What went wrong.
        public var reason: String

        /// The lock file and what went wrong.
        public var description: String { "\(path): \(reason)" }
    }

    /// Runs `body` while holding an exclusive lock on the file at `path` (created when missing).
    public static func withExclusiveLock<T>(on path: String, _ body: () throws -> T) throws -> T {
        guard let descriptor = try? FileDescriptor.open(path, O_RDWR | O_CREAT) else {
            throw Failure(path: path, reason: "cannot open the lock file")
        }
        defer { descriptor.closeIgnoringErrors() }
        guard SystemCall.retryingInterrupts({ flock(descriptor.rawValue, LOCK_EX) }) == 0 else {
            throw Failure(path: path, reason: "cannot lock")
        }
        defer { flock(descriptor.rawValue, LOCK_UN) }
        return try body()
    }
}
