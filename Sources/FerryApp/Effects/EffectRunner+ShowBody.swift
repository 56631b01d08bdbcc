import FerryHTTP
import Foundation

// MARK: - A response body in the pager or the editor

extension EffectRunner {
    /// Writes `body` (streamed from where it is kept) as `name` into a temporary folder only the user can
    /// read, shows it with the terminal suspended, and removes the folder, whatever happened; a failure is
    /// posted as ``ResponseAction/bodyShowFailed(_:)``.
    func showBody(_ body: ReceivedBody, name: String, in viewer: ExternalViewer) {
        begin()
        defer { end() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-body-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            // The body may hold secrets: the folder is the user's alone.
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            let file = folder.appendingPathComponent(name)
            try BodyFile.write(body, to: file, replacing: false)
            try terminal.suspend { try services.showFile(file, viewer) }
        } catch BodyFile.Failure.system(let reason) {
            post(.response(.bodyShowFailed(SaveFailure(message: reason))))
        } catch {
            post(.response(.bodyShowFailed(SaveFailure(message: "\(error)"))))
        }
    }
}
