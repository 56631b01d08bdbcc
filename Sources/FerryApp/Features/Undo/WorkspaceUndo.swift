import FerryWorkbench
import Foundation

/// What `u` in the tree takes back: one file-changing tree command, as the files it touched were before.
///
/// Taken on the file queue right after the command, from the workspace before and after it; undone there
/// too, and only when every file it touched is still as the command left it (nothing newer is overwritten).
struct WorkspaceUndo: Sendable, Equatable {
    /// What the command did, as much as undoing it needs.
    enum Change: Sendable, Equatable {
        /// Request files rewritten, created or removed, with their bytes before (`nil`: the command made the
        /// file), and the folders the command made.
        case files([FileImage], createdFolders: [String])
        /// A file or folder was renamed or moved from `from` to `to`.
        case relocation(from: String, to: String)
        /// A file or folder was copied to `path`; `contents` is the copy as made.
        case copy(path: String, contents: FolderContents)
        /// A request, file or folder went to the trash as `entry`.
        case trashed(TrashEntry)
    }

    /// What was done, for the status bar: `duplicate of requests.http#get`.
    var summary: String
    /// What undoing it changes back.
    var change: Change
}

/// One file a command touched: where, its bytes before and its fingerprint after.
struct FileImage: Sendable, Equatable {
    /// The path relative to the workspace root.
    var path: String
    /// The bytes before the command; `nil` when the command created the file.
    var before: [UInt8]?
    /// The file as the command left it; `nil` when the command removed it.
    var after: FileFingerprint?
}

/// Every regular file below a folder (or the file itself), by relative path, with its size and hash.
struct FolderContents: Sendable, Equatable {
    /// Size and hash by path relative to the item (`""` for a file item).
    var files: [String: [UInt64]]

    /// What is at `url` now.
    static func read(_ url: URL) -> FolderContents {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            return FolderContents(files: [:])
        }
        guard isFolder.boolValue else { return FolderContents(files: ["": Self.measure(url)]) }
        var files: [String: [UInt64]] = [:]
        let base = url.standardizedFileURL.path
        let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey])
        while let item = enumerator?.nextObject() as? URL {
            guard (try? item.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let relative = String(item.standardizedFileURL.path.dropFirst(base.count))
            files[relative] = Self.measure(item)
        }
        return FolderContents(files: files)
    }

    private static func measure(_ url: URL) -> [UInt64] {
        guard let read = try? FileIO.read(url) else { return [] }
        return [UInt64(read.fingerprint.size), read.fingerprint.hash]
    }
}

extension WorkspaceUndo {
    /// The request files that differ between `before` and `after` (fingerprints compared), with their bytes
    /// before, and the folders `after` has that `before` had not; `nil` when a before-image cannot be trusted
    /// (the loaded text no longer hashes to what was read), so no undo is offered rather than a wrong one.
    static func images(before: Workspace, after: Workspace) -> Change? {
        var images: [FileImage] = []
        let afterFiles = Dictionary(after.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let beforePaths = Set(before.files.map(\.path))
        for file in before.files {
            let now = afterFiles[file.path]
            if let now, now.fingerprint?.hash == file.fingerprint?.hash, now.fingerprint?.size == file.fingerprint?.size
            {
                continue
            }
            let bytes = file.content.bytes()
            guard let fingerprint = file.fingerprint, FileFingerprint.hash(bytes) == fingerprint.hash else {
                return nil
            }
            images.append(FileImage(path: file.path, before: bytes, after: now?.fingerprint))
        }
        for file in after.files where !beforePaths.contains(file.path) {
            images.append(FileImage(path: file.path, before: nil, after: file.fingerprint))
        }
        let created = Set(after.folders).subtracting(before.folders).sorted()
        return .files(images, createdFolders: created)
    }

    /// Files outside the request files (environment files, `.gitignore`) as they are now, to compare after a
    /// command: `nil` bytes for a file that does not exist.
    static func sideFiles(_ paths: [String], in root: URL) -> [String: [UInt8]?] {
        var result: [String: [UInt8]?] = [:]
        for path in paths { result[path] = .some(try? FileIO.bytes(of: root.appendingPathComponent(path))) }
        return result
    }

    /// The side files that changed since `before` was taken, as images.
    static func sideImages(_ before: [String: [UInt8]?], in root: URL) -> [FileImage] {
        before.sorted { $0.key < $1.key }.compactMap { path, bytes in
            let now = try? FileIO.read(root.appendingPathComponent(path))
            guard now?.bytes != bytes else { return nil }
            return FileImage(path: path, before: bytes, after: now?.fingerprint)
        }
    }
}
