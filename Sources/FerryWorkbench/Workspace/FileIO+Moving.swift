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
}
