import FerrySystem
import Foundation

// MARK: - Moving without replacing

extension FileIO {
    /// Why a no-replace move failed.
    public typealias MoveFailure = FileSystem.MoveFailure

    /// Moves a file or folder to `target` in one step, refusing when anything exists there
    /// (FerrySystem's ``FileSystem/moveWithoutReplacing(_:to:)``: `renameat2(RENAME_NOREPLACE)`, else `link`
    /// and `unlink` for a file; both parent folders synced afterwards).
    public static func moveWithoutReplacing(_ source: URL, to target: URL) throws(MoveFailure) {
        try FileSystem.moveWithoutReplacing(source.path, to: target.path)
    }

    /// Writes `bytes` to `url` as a new file, atomically, and never over anything there (FerrySystem's
    /// ``AtomicFile``, put in place with `link`): throws ``FileSystem/MoveFailure/targetExists`` when something
    /// exists at `url`, leaving it as it was.
    public static func writeNew(_ bytes: [UInt8], to url: URL) throws(MoveFailure) {
        do throws(AtomicFile.Failure) {
            let file = try AtomicFile(replacing: url.path)
            try file.write(bytes)
            try file.commit(replacing: false)
        } catch {
            throw error.isTargetExisting ? .targetExists : .failed(error.description)
        }
    }
}
