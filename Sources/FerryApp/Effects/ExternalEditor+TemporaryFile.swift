import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension ExternalEditor {
    // MARK: - The temporary file

    /// Creates `file` for the user only and writes `text` to it through a close-on-exec descriptor.
    ///
    /// `O_CLOEXEC` matters because other threads may start processes meanwhile (another editor, the
    /// clipboard tool): a descriptor without it would be inherited by the child, keeping the body (which may
    /// hold secrets) open in it. `O_EXCL` and `O_NOFOLLOW` refuse a file or link already at that name.
    /// A file that could not be written completely is removed.
    static func writePrivateFile(_ text: String, to file: URL) throws {
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw ExternalEditorError.fileProblem("cannot write \(file.path): \(errorText())")
        }
        let bytes = Array(text.utf8)
        var written = 0
        var failure: String?
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return write(descriptor, base + written, buffer.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                failure = errorText()
                break
            }
            written += count
        }
        if close(descriptor) != 0 && failure == nil { failure = errorText() }
        if let failure {
            unlink(file.path)
            throw ExternalEditorError.fileProblem("cannot write \(file.path): \(failure)")
        }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
