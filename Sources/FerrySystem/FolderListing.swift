import Glibc

/// The names in a folder, each with what it is, in one pass (`opendir`/`readdir`): the kind comes from the
/// folder entry itself (`d_type`), so only a symbolic link, or an entry on a file system that does not say,
/// costs a `stat(2)`.
///
/// ```swift
/// for entry in FolderListing.entries(of: "/work/api") ?? [] where entry.kind == .folder { print(entry.name) }
/// ```
public enum FolderListing {
    /// What a name in a folder is.
    public enum Kind: Sendable, Hashable {
        /// A folder.
        case folder
        /// A symbolic link to a folder (followed, it could lead back up: a walk leaves it out).
        case linkToFolder
        /// Anything else: a file, a link to one, a dangling link, a device, a pipe.
        case file
    }

    /// One name in a folder.
    public struct Entry: Sendable, Hashable {
        /// The name (never `.` or `..`).
        public var name: String
        /// What it is.
        public var kind: Kind
    }

    /// The entries of the folder at `path` in the order the file system gives them, or `nil` when it cannot be
    /// opened.
    public static func entries(of path: String) -> [Entry]? {
        guard let stream = opendir(path) else { return nil }
        defer { closedir(stream) }
        var entries: [Entry] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            guard name != ".", name != ".." else { continue }
            let type = entry.pointee.d_type
            var kind: Kind = type == UInt8(DT_DIR) ? .folder : .file
            if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) {
                var info = stat()
                if stat(path + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                    kind = type == UInt8(DT_LNK) ? .linkToFolder : .folder
                }
            }
            entries.append(Entry(name: name, kind: kind))
        }
        return entries
    }
}
