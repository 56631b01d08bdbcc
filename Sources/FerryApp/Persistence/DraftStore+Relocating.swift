import FerryWorkbench
import Foundation

// MARK: - Following a renamed or moved file or folder

extension DraftStore {
    /// Renames the drafts of every request in the file or folder `path` to its new place `newPath`
    /// (each draft file is named after its request id, which holds the path).
    func relocate(_ path: String, to newPath: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasSuffix(".http") {
            guard let decoded = String(name.dropLast(5)).removingPercentEncoding else { continue }
            let id = RequestID(parsing: decoded)
            guard let moved = Workspace.path(id.path, relocatedFrom: path, to: newPath) else { continue }
            let target = folder.appendingPathComponent(
                Self.fileName(for: RequestID(path: moved, selector: id.selector)))
            // A draft already at the new id is left from an older session: the one being moved is current.
            // On any failure the draft stays under its old name, still on disk.
            try? FileManager.default.removeItem(at: target)
            try? FileIO.moveWithoutReplacing(folder.appendingPathComponent(name), to: target)
        }
    }
}
