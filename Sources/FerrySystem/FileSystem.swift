import Glibc

/// Calls on names in folders rather than on open files: renames, links, removal.
public enum FileSystem {
    /// Renames `source` to `target`, replacing a file there (`rename(2)`).
    public static func rename(_ source: String, to target: String) throws(SystemError) {
        guard Glibc.rename(source, target) == 0 else { throw SystemError(call: "rename", code: errno) }
    }

    /// Removes the file at `path` (`unlink(2)`).
    public static func remove(_ path: String) throws(SystemError) {
        guard unlink(path) == 0 else { throw SystemError(call: "unlink", code: errno) }
    }

    /// Removes the folder at `path` when it is empty (`rmdir(2)`).
    public static func removeEmptyFolder(_ path: String) throws(SystemError) {
        guard rmdir(path) == 0 else { throw SystemError(call: "rmdir", code: errno) }
    }

    /// Why a no-replace move failed.
    public enum MoveFailure: Error, Sendable, Equatable {
        /// Something already exists at the target; nothing was moved.
        case targetExists
        /// The move failed for another reason (`errno` text); nothing was moved.
        case failed(String)
    }

    /// Moves a file or folder to `target` in one step, refusing when anything exists there.
    ///
    /// Uses `renameat2(RENAME_NOREPLACE)`, so the check and the move are one atomic system call and
    /// a file that appears at the target meanwhile is never overwritten. Where the file system lacks it,
    /// a file moves by `link` + `unlink` (also atomic against an existing target) and a folder by
    /// `rename` after a check (a folder `rename` can only replace an *empty* folder, so nothing is lost).
    /// Both parent folders are synced afterwards.
    public static func moveWithoutReplacing(_ from: String, to: String) throws(MoveFailure) {
        if let renameat2 = Self.renameat2 {
            if renameat2(AT_FDCWD, from, AT_FDCWD, to, Self.renameNoReplace) == 0 {
                syncFolders(of: from, to)
                return
            }
            let code = errno
            if code == EEXIST { throw .targetExists }
            guard code == EINVAL || code == ENOSYS || code == ENOTSUP else {
                throw .failed(String(cString: strerror(code)))
            }
        }
        var info = stat()
        guard lstat(from, &info) == 0 else { throw .failed(String(cString: strerror(errno))) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            if access(to, F_OK) == 0 { throw .targetExists }
            guard Glibc.rename(from, to) == 0 else {
                let code = errno
                throw code == EEXIST || code == ENOTEMPTY ? .targetExists : .failed(String(cString: strerror(code)))
            }
        } else {
            guard link(from, to) == 0 else {
                let code = errno
                throw code == EEXIST ? .targetExists : .failed(String(cString: strerror(code)))
            }
            unlink(from)
        }
        syncFolders(of: from, to)
    }

    /// `RENAME_NOREPLACE` from `<linux/fs.h>`.
    static let renameNoReplace: UInt32 = 1

    /// glibc's `renameat2`, looked up at run time (Swift's Glibc module does not export it).
    static let renameat2 = SystemCall.libraryFunction(
        "renameat2",
        as: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32).self)

    /// The folder holding `path` (`.` for a bare name, `/` for a name at the root).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Syncs the folders holding `source` and `target`, so the move survives a crash.
    static func syncFolders(of source: String, _ target: String) {
        for folder in Set([folder(of: source), folder(of: target)]) { FileDescriptor.syncFolder(folder) }
    }
}
