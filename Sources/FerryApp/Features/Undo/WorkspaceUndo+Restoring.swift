import FerrySystem
import FerryWorkbench
import Foundation

// MARK: - Putting files back

extension WorkspaceUndo {
    /// Writes every image's bytes back (removing the files the command made) and removes the folders it made,
    /// after checking that each file is still as the command left it: one changed since refuses the whole undo
    /// before anything is written.
    static func restore(_ images: [FileImage], createdFolders: [String], in root: URL) throws(SaveFailure) {
        for image in images {
            let now = try? FileIO.read(root.appendingPathComponent(image.path))
            let unchanged =
                if let after = image.after {
                    now?.fingerprint.hash == after.hash && now?.fingerprint.size == after.size
                } else {
                    now == nil && !FileManager.default.fileExists(atPath: root.appendingPathComponent(image.path).path)
                }
            guard unchanged else {
                throw SaveFailure(message: "Cannot undo: \(image.path) changed since. Nothing was undone.")
            }
        }
        for image in images {
            let url = root.appendingPathComponent(image.path)
            do {
                if let before = image.before {
                    try FileManager.default.createDirectory(
                        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try FileIO.writeAtomically(before, to: url)
                } else {
                    try FileManager.default.removeItem(at: url)
                }
            } catch {
                throw SaveFailure(message: "Undo stopped at \(image.path): \(error). Check that file.")
            }
        }
        // Deepest first; a folder that holds something now is kept.
        for folder in createdFolders.sorted(by: { $0.count > $1.count }) {
            try? FileSystem.removeEmptyFolder(root.appendingPathComponent(folder).path)
        }
    }

    /// Removes the copy at `path` if it is still exactly as it was made (else refuses, changing nothing).
    static func removeCopy(_ path: String, contents: FolderContents, in root: URL) throws(SaveFailure) {
        let url = root.appendingPathComponent(path)
        guard FolderContents.read(url) == contents else {
            throw SaveFailure(message: "Cannot undo: the copy \(path) changed since. Nothing was undone.")
        }
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw SaveFailure(message: "Cannot undo: \(path) could not be removed (\(error)).")
        }
    }
}
