import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Small, careful file operations: whole-file reads with a fingerprint, and atomic writes.
public enum FileIO {
    /// Reads a whole file and fingerprints it from the same open descriptor.
    public static func read(_ url: URL) throws -> (bytes: [UInt8], fingerprint: FileFingerprint) {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ioError(url, "cannot open") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw ioError(url, "cannot stat") }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: [UInt8](repeating: 0, count: 4096)) }
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.read(descriptor, base + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw ioError(url, "cannot read")
            }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        return (bytes, FileFingerprint(modified: modified, size: filled, hash: FileFingerprint.hash(bytes)))
    }

    /// Writes `bytes` to `url` atomically: a temporary file in the same folder, fsync, rename over
    /// the target, fsync of the folder. A crash leaves either the old file or the new one, never
    /// an empty or half-written one. Keeps the target's permissions when it exists.
    @discardableResult
    public static func writeAtomically(_ bytes: [UInt8], to url: URL) throws -> FileFingerprint {
        let folder = url.deletingLastPathComponent().path
        var template = Array("\(folder)/.\(url.lastPathComponent).ferry-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard descriptor >= 0 else { throw ioError(url, "cannot create a temporary file beside it") }
        let temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer {
            if !renamed { unlink(temporaryPath) }
        }
        do {
            defer { close(descriptor) }
            var existing = stat()
            let mode = stat(url.path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o644
            fchmod(descriptor, mode)
            var written = 0
            while written < bytes.count {
                let count = bytes.withUnsafeBytes { buffer -> Int in
                    guard let base = buffer.baseAddress else { return 0 }
                    return write(descriptor, base + written, buffer.count - written)
                }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw ioError(url, "cannot write: \(String(cString: strerror(errno)))")
                }
                written += count
            }
            guard fsync(descriptor) == 0 else { throw ioError(url, "cannot fsync") }
        }
        guard rename(temporaryPath, url.path) == 0 else { throw ioError(url, "cannot rename into place") }
        renamed = true
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
        return try read(url).fingerprint
    }

    static func ioError(_ url: URL, _ reason: String) -> WorkspaceError {
        .io(path: url.path, reason: reason)
    }
}
