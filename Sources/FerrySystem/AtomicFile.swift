import Glibc

/// A file written whole or not at all: the bytes go to a temporary file beside the target
/// (`.NAME.ferry-XXXXXX`, ``AtomicFile/temporaryInfix``), which is synced, put in place with one `rename`
/// (or `link`, when an existing file must be kept), and then the folder is synced. A crash or a failure
/// midway leaves the old file or the new one, never an empty or half-written one, and no temporary file
/// (but after a crash).
///
/// ```swift
/// try AtomicFile.write(Array(text.utf8), to: path)
///
/// let file = try AtomicFile(replacing: path)   // or stream into it
/// try file.write(chunk)
/// try file.commit()
/// ```
///
/// Not thread-safe: one writer is used by one thread at a time.
public final class AtomicFile {
    /// What the new file's permissions are.
    public enum Permissions: Sendable, Hashable {
        /// Those of the file it replaces when there is one, else these.
        case preservingExisting(orNew: mode_t)
        /// These, whatever was there (`0o600` for a file holding secrets).
        case exactly(mode_t)
    }

    /// Why a file could not be written; the target is left as it was.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The step that failed.
        public enum Step: Sendable, Hashable {
            /// Creating the temporary file beside the target.
            case create
            /// Writing the bytes (or reading the file being copied).
            case write
            /// Syncing the temporary file to the disk.
            case sync
            /// Putting the file in place.
            case place
        }

        /// The step that failed.
        public var step: Step
        /// The system's error.
        public var error: SystemError

        /// Whether the target existed and was to be kept (`commit(replacing: false)`).
        public var isTargetExisting: Bool { step == .place && error.code == EEXIST }

        /// The system's words for the error.
        public var reason: String { error.reason }

        /// The step and the system's words.
        public var description: String { "cannot \(step) the file: \(reason)" }
    }

    /// What every temporary file's name holds after the target's name: `.NAME.ferry-XXXXXX`.
    public static let temporaryInfix = ".ferry-"

    /// The file to write.
    public let targetPath: String
    /// The temporary file, beside the target, until ``commit(replacing:)`` or ``discard()``.
    public let temporaryPath: String
    /// The temporary file's descriptor, open until the writer commits or discards.
    public let descriptor: FileDescriptor
    private var isFinished = false

    /// Creates the temporary file for `targetPath` in the target's folder (which must exist).
    public init(replacing targetPath: String, permissions: Permissions = .preservingExisting(orNew: 0o644))
        throws(Failure)
    {
        let slash = targetPath.lastIndex(of: "/")
        let folder = slash.map { String(targetPath[..<$0]) } ?? "."
        let name = slash.map { String(targetPath[targetPath.index(after: $0)...]) } ?? targetPath
        // `/a` gives the folder "" and the template `/.a.ferry-XXXXXX`.
        let created: (FileDescriptor, String)
        do throws(SystemError) {
            created = try FileDescriptor.makeTemporaryFile("\(folder)/.\(name)\(Self.temporaryInfix)")
        } catch {
            throw Failure(step: .create, error: error)
        }
        (descriptor, temporaryPath) = created
        self.targetPath = targetPath
        let mode: mode_t =
            switch permissions {
            case .exactly(let mode): mode
            case .preservingExisting(let new): FileStatus(path: targetPath)?.permissions ?? new
            }
        fchmod(descriptor.rawValue, mode)
    }

    deinit { discard() }

    /// Appends `buffer`.
    public func write(_ buffer: UnsafeRawBufferPointer) throws(Failure) {
        do throws(SystemError) { try descriptor.writeAll(buffer) } catch { throw Failure(step: .write, error: error) }
    }

    /// Appends `bytes`.
    public func write(_ bytes: [UInt8]) throws(Failure) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(Failure) in try write(buffer) } }.get()
    }

    /// Appends `bytes`.
    public func write(_ bytes: ArraySlice<UInt8>) throws(Failure) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(Failure) in try write(buffer) } }.get()
    }

    /// Appends the whole content of the file at `path`, 1 MiB at a time.
    public func write(contentsOf path: String) throws(Failure) {
        let source: FileDescriptor
        do throws(SystemError) { source = try FileDescriptor.open(path, O_RDONLY) } catch {
            throw Failure(step: .write, error: error)
        }
        defer { source.closeIgnoringErrors() }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count: Int
            do throws(SystemError) {
                count = try chunk.withUnsafeMutableBytes { buffer in
                    Result { () throws(SystemError) in try source.read(into: buffer) }
                }.get()
            } catch {
                throw Failure(step: .write, error: error)
            }
            if count == 0 { return }
            try write(chunk[..<count])
        }
    }

    /// Syncs the temporary file, puts it at the target, syncs the folder. With `replacing` false an existing
    /// file is kept (`link`, which fails when a file appeared there meanwhile): the failure's
    /// ``Failure/isTargetExisting`` is then true. The writer is spent either way.
    public func commit(replacing: Bool = true) throws(Failure) {
        guard !isFinished else { return }
        defer { discard() }
        do throws(SystemError) { try descriptor.sync() } catch { throw Failure(step: .sync, error: error) }
        isFinished = true
        descriptor.closeIgnoringErrors()
        if replacing {
            guard rename(temporaryPath, targetPath) == 0 else {
                let code = errno
                unlink(temporaryPath)
                throw Failure(step: .place, error: SystemError(call: "rename", code: code))
            }
        } else {
            let linked = link(temporaryPath, targetPath)
            let code = errno
            unlink(temporaryPath)
            guard linked == 0 else { throw Failure(step: .place, error: SystemError(call: "link", code: code)) }
        }
        FileDescriptor.syncFolder(FileSystem.folder(of: targetPath))
    }

    /// Closes and removes the temporary file, leaving the target as it was; a second call does nothing.
    public func discard() {
        guard !isFinished else { return }
        isFinished = true
        descriptor.closeIgnoringErrors()
        unlink(temporaryPath)
    }

    /// Writes `bytes` to `path` atomically (see ``AtomicFile``).
    public static func write(
        _ bytes: [UInt8], to path: String, permissions: Permissions = .preservingExisting(orNew: 0o644)
    ) throws(Failure) {
        let file = try AtomicFile(replacing: path, permissions: permissions)
        try file.write(bytes)
        try file.commit()
    }
}
