import FerrySystem
import Foundation

/// Small, careful file operations: whole-file reads with a fingerprint, and atomic writes.
public enum FileIO {
    /// Reads a whole file and fingerprints it from the same open descriptor.
    public static func read(_ url: URL) throws -> (bytes: [UInt8], fingerprint: FileFingerprint) {
        guard let descriptor = try? FileDescriptor.open(url.path, O_RDONLY) else { throw ioError(url, "cannot open") }
        defer { descriptor.closeIgnoringErrors() }
        guard let status = try? descriptor.status() else { throw ioError(url, "cannot stat") }
        guard let bytes = try? descriptor.readAll() else { throw ioError(url, "cannot read") }
        return (
            bytes,
            FileFingerprint(
                modified: status.modifiedNanoseconds, size: bytes.count, hash: FileFingerprint.hash(bytes))
        )
    }

    /// The bytes of the file at `url`, read whole, with no fingerprint (``read(_:)`` hashes every byte for one).
    public static func bytes(of url: URL) throws -> [UInt8] {
        guard let descriptor = try? FileDescriptor.open(url.path, O_RDONLY) else { throw ioError(url, "cannot open") }
        defer { descriptor.closeIgnoringErrors() }
        guard let bytes = try? descriptor.readAll() else { throw ioError(url, "cannot read") }
        return bytes
    }

    /// Writes `bytes` to `url` atomically (FerrySystem's ``AtomicFile``): a temporary file in the same
    /// folder, fsync, rename over the target, fsync of the folder. A crash leaves either the old file or the
    /// new one, never an empty or half-written one. Keeps the target's permissions when it exists.
    @discardableResult
    public static func writeAtomically(_ bytes: [UInt8], to url: URL) throws -> FileFingerprint {
        do throws(AtomicFile.Failure) {
            try AtomicFile.write(bytes, to: url.path)
        } catch {
            switch error.step {
            case .create: throw ioError(url, "cannot create a temporary file beside it")
            case .write: throw ioError(url, "cannot write: \(error.reason)")
            case .sync: throw ioError(url, "cannot fsync")
            case .place: throw ioError(url, "cannot rename into place")
            }
        }
        return try read(url).fingerprint
    }

    static func ioError(_ url: URL, _ reason: String) -> WorkspaceError {
        .io(path: url.path, reason: reason)
    }
}
