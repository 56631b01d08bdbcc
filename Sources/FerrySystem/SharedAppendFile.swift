import Glibc

/// A file that threads and processes append whole lines to, each append one `write` under an exclusive `flock` on
/// a lock file beside it (as ``FileLock`` takes it), with both descriptors opened once and kept: a run appends a
/// line per request, and opening, locking and closing two files for each was eight system calls a line. An
/// append now locks, checks, writes and unlocks.
///
/// The check, under the lock: the file at ``path`` is still the one open (same device and inode). Another
/// process may have rotated or removed it (every writer rotates under the same lock); then both files are opened
/// again. Lines appended by other processes under the lock are never interleaved with this one's.
///
/// ```swift
/// let log = SharedAppendFile(path: folder + "/history.jsonl", lockPath: folder + "/history.lock")
/// try log.append(Array("{}\n".utf8), rotatingTo: folder + "/history.1.jsonl", past: 8 << 20)
/// ```
public final class SharedAppendFile: @unchecked Sendable {
    /// Why a line could not be appended.
    public struct Failure: Error, CustomStringConvertible {
        /// The file that failed.
        public var path: String
        /// What went wrong.
        public var reason: String

        /// The file and what went wrong.
        public var description: String { "\(path): \(reason)" }
    }

    /// The file appended to.
    public let path: String
    /// The lock file every writer of ``path`` locks.
    public let lockPath: String
    /// The permissions a new file gets.
    private let permissions: mode_t
    /// Held while a thread of this process appends: a `flock` is the open file's, so it does not keep two
    /// threads sharing the descriptor apart.
    private let mutex: UnsafeMutablePointer<SystemMutex.Storage>
    /// The open lock file and the open file with its identity; guarded by `mutex`.
    private var open: Descriptors?

    private struct Descriptors {
        var lock: FileDescriptor
        var file: FileDescriptor
        var device: UInt
        var inode: UInt
    }

    /// Appends to `path` under a lock on `lockPath`; a new file gets `permissions`. Nothing is opened before the
    /// first append.
    public init(path: String, lockPath: String, permissions: mode_t = 0o600) {
        self.path = path
        self.lockPath = lockPath
        self.permissions = permissions
        mutex = .allocate(capacity: 1)
        SystemMutex.initialize(mutex)
    }

    deinit {
        if let open { close(open) }
        SystemMutex.destroy(mutex)
        mutex.deallocate()
    }

    /// Appends `line` (whole lines, the last ending in a newline) with one `write`; when the file is then larger
    /// than `limit` bytes it is renamed to `rotatedPath` (replacing what was there) and the next append starts a
    /// new file.
    public func append(_ line: [UInt8], rotatingTo rotatedPath: String, past limit: Int) throws(Failure) {
        SystemMutex.lock(mutex)
        defer { SystemMutex.unlock(mutex) }
        // Descriptors kept from before may name files since rotated or removed by another process: checked under
        // the lock, and on a mismatch everything is opened again, once.
        for attempt in 0..<2 {
            let descriptors = try opened()
            guard SystemCall.retryingInterrupts({ flock(descriptors.lock.rawValue, LOCK_EX) }) == 0 else {
                throw Failure(path: lockPath, reason: "cannot lock")
            }
            defer { flock(descriptors.lock.rawValue, LOCK_UN) }
            var info = stat()
            guard stat(path, &info) == 0, UInt(info.st_dev) == descriptors.device,
                UInt(info.st_ino) == descriptors.inode
            else {
                close(descriptors)
                open = nil
                if attempt == 0 { continue }
                throw Failure(path: path, reason: "the file changed while it was being opened")
            }
            let written = line.withUnsafeBytes { buffer in (try? descriptors.file.write(buffer)) ?? -1 }
            guard written == line.count else { throw Failure(path: path, reason: "short write") }
            if Int(info.st_size) + written > limit, (try? FileSystem.rename(path, to: rotatedPath)) != nil {
                close(descriptors)
                open = nil
            }
            return
        }
    }

    /// The descriptors kept, or the two files opened now (the lock file first; the file created when missing).
    private func opened() throws(Failure) -> Descriptors {
        if let open { return open }
        guard let lock = try? FileDescriptor.open(lockPath, O_RDWR | O_CREAT) else {
            throw Failure(path: lockPath, reason: "cannot open the lock file")
        }
        guard let file = try? FileDescriptor.open(path, O_WRONLY | O_APPEND | O_CREAT, permissions: permissions) else {
            lock.closeIgnoringErrors()
            throw Failure(path: path, reason: "cannot open the file")
        }
        var info = stat()
        guard fstat(file.rawValue, &info) == 0 else {
            lock.closeIgnoringErrors()
            file.closeIgnoringErrors()
            throw Failure(path: path, reason: "cannot read the file's status")
        }
        let descriptors = Descriptors(lock: lock, file: file, device: UInt(info.st_dev), inode: UInt(info.st_ino))
        open = descriptors
        return descriptors
    }

    private func close(_ descriptors: Descriptors) {
        descriptors.file.closeIgnoringErrors()
        descriptors.lock.closeIgnoringErrors()
    }
}

extension SharedAppendFile: CustomReflectable {
    /// The file and its lock, not whether they are open now: a value holding one (a workspace's history) reads the
    /// same before and after an append.
    public var customMirror: Mirror {
        Mirror(self, children: ["path": path, "lockPath": lockPath], displayStyle: .class)
    }
}
