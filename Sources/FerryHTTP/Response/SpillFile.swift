import FerrySystem
import Foundation

/// A response body kept in a temporary file, read a page at a time.
///
/// The file is unlinked as soon as it is created, so only the open descriptor keeps it: it disappears
/// when the response is replaced (the last reference goes and `deinit` closes the descriptor) and when
/// the process ends in any way, a crash or a kill included. Reads use `pread`, so any thread may read.
public final class SpillFile: Sendable, Hashable {
    /// The open descriptor (read and write).
    package var descriptor: Int32 { file.rawValue }
    private let file: FileDescriptor
    /// The number of bytes in the file.
    public let size: Int

    fileprivate init(descriptor: FileDescriptor, size: Int) {
        file = descriptor
        self.size = size
    }

    deinit { file.closeIgnoringErrors() }

    /// The same file: spill files compare by identity.
    public static func == (lhs: SpillFile, rhs: SpillFile) -> Bool { lhs === rhs }

    /// Hashes the file's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Up to `count` bytes from `offset` (fewer at the end of the file or when the read fails).
    public func read(offset: Int, count: Int) -> [UInt8] {
        let wanted = max(0, min(count, size - offset))
        guard wanted > 0, offset >= 0 else { return [] }
        return file.read(offset: offset, count: wanted)
    }
}

/// Writes a body into a new, already unlinked temporary file; ``finish()`` hands the file over for reading.
package final class SpillWriter {
    /// The prefix of the temporary files' names (`ferry-body-XXXXXX`).
    package static let namePrefix = "ferry-body-"

    private var descriptor: FileDescriptor?
    /// The bytes written so far.
    package private(set) var size = 0

    /// Creates the file in `folder` (created when missing, close-on-exec so no child process such as
    /// `$EDITOR` inherits it) and unlinks it at once.
    package init(folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do throws(SystemError) {
            descriptor = try FileDescriptor.unlinkedTemporaryFile(in: folder.path, prefix: Self.namePrefix)
        } catch {
            throw SpillError(operation: "create a temporary file in \(folder.path)")
        }
    }

    deinit { descriptor?.closeIgnoringErrors() }

    /// Appends `bytes`.
    package func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let descriptor, bytes.baseAddress != nil else { return }
        do throws(SystemError) {
            try descriptor.writeAll(bytes)
        } catch {
            throw SpillError(operation: "write the body to a temporary file (\(error.reason))")
        }
        size += bytes.count
    }

    /// The file, for reading; the writer is spent.
    package func finish() -> SpillFile {
        let file = SpillFile(descriptor: descriptor ?? FileDescriptor(rawValue: -1), size: size)
        descriptor = nil
        return file
    }
}

/// A temporary file could not be created or written.
package struct SpillError: Error, CustomStringConvertible {
    /// What could not be done.
    package var operation: String
    /// The problem in words.
    package var description: String { "Could not \(operation)." }
}
