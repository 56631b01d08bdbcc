import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A response body kept in a temporary file, read a page at a time.
///
/// The file is unlinked as soon as it is created, so only the open descriptor keeps it: it disappears
/// when the response is replaced (the last reference goes and `deinit` closes the descriptor) and when
/// the process ends in any way, a crash or a kill included. Reads use `pread`, so any thread may read.
public final class SpillFile: Sendable, Hashable {
    /// The open descriptor (read and write).
    package let descriptor: Int32
    /// The number of bytes in the file.
    public let size: Int

    fileprivate init(descriptor: Int32, size: Int) {
        self.descriptor = descriptor
        self.size = size
    }

    deinit { close(descriptor) }

    /// The same file: spill files compare by identity.
    public static func == (lhs: SpillFile, rhs: SpillFile) -> Bool { lhs === rhs }

    /// Hashes the file's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Up to `count` bytes from `offset` (fewer at the end of the file or when the read fails).
    public func read(offset: Int, count: Int) -> [UInt8] {
        let wanted = max(0, min(count, size - offset))
        guard wanted > 0, offset >= 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: wanted)
        let got = bytes.withUnsafeMutableBytes { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var done = 0
            while done < wanted {
                let step = pread(descriptor, base + done, wanted - done, off_t(offset + done))
                if step > 0 {
                    done += step
                } else if step < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            return done
        }
        if got < wanted { bytes.removeLast(wanted - got) }
        return bytes
    }
}

/// Writes a body into a new, already unlinked temporary file; ``finish()`` hands the file over for reading.
package final class SpillWriter {
    /// The prefix of the temporary files' names (`ferry-body-XXXXXX`).
    package static let namePrefix = "ferry-body-"

    private var descriptor: Int32
    /// The bytes written so far.
    package private(set) var size = 0

    /// Creates the file in `folder` (created when missing, close-on-exec so no child process such as
    /// `$EDITOR` inherits it) and unlinks it at once.
    package init(folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var template = Array(folder.appendingPathComponent(Self.namePrefix + "XXXXXX").path.utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { throw SpillError(operation: "create a temporary file in \(folder.path)") }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
        self.descriptor = descriptor
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Appends `bytes`.
    package func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress, descriptor >= 0 else { return }
        var done = 0
        while done < bytes.count {
            let step = Glibc.write(descriptor, base + done, bytes.count - done)
            if step > 0 {
                done += step
            } else if step < 0 && errno == EINTR {
                continue
            } else {
                throw SpillError(operation: "write the body to a temporary file (\(String(cString: strerror(errno))))")
            }
        }
        size += done
    }

    /// The file, for reading; the writer is spent.
    package func finish() -> SpillFile {
        let file = SpillFile(descriptor: descriptor, size: size)
        descriptor = -1
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
