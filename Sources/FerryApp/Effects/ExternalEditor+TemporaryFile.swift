import FerrySystem
import Foundation

extension ExternalEditor {
    // MARK: - The temporary file

    /// Creates `file` for the user only and writes `text` to it through a close-on-exec descriptor.
    ///
    /// `O_CLOEXEC` matters because other threads may start processes meanwhile (another editor, the
    /// clipboard tool): a descriptor without it would be inherited by the child, keeping the body (which may
    /// hold secrets) open in it. `O_EXCL` and `O_NOFOLLOW` refuse a file or link already at that name.
    /// A file that could not be written completely is removed.
    static func writePrivateFile(_ text: String, to file: URL) throws {
        let descriptor: FileDescriptor
        do throws(SystemError) {
            descriptor = try FileDescriptor.open(
                file.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, permissions: 0o600)
        } catch {
            throw ExternalEditorError.fileProblem("cannot write \(file.path): \(error.reason)")
        }
        var failure: SystemError?
        do throws(SystemError) { try descriptor.writeAll(Array(text.utf8)) } catch { failure = error }
        do throws(SystemError) { try descriptor.close() } catch { failure = failure ?? error }
        if let failure {
            try? FileSystem.remove(file.path)
            throw ExternalEditorError.fileProblem("cannot write \(file.path): \(failure.reason)")
        }
    }
}
