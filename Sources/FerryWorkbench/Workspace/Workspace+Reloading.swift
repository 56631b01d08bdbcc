import Foundation

// MARK: - What changed on disk since the workspace was read

extension Workspace {
    /// Of `paths` (relative to the root, as ``WorkspaceWatcher`` reports them; `nil` for "anything may have
    /// changed"), the ones that make this workspace out of date, sorted: request files whose bytes are not
    /// the ones it read (so its own atomic saves are not changes), request files and folders added or
    /// removed, and the environment files and `.env`, which it does not keep.
    public func changedOnDisk(_ paths: Set<String>?) -> [String] {
        let candidates: Set<String>
        if let paths {
            candidates = paths
        } else {
            var scanned = Workspace(root: root, files: [], folders: [], loadErrors: [])
            var found: [String] = []
            scanned.scan(folder: "", into: &found)
            candidates = Set(found).union(files.map(\.path)).union(folders).union(scanned.folders)
                .union(Self.contextFiles)
        }
        return candidates.filter(isOutOfDate).sorted()
    }

    /// The files read for variables rather than requests: both environment files and `.env`.
    static let contextFiles: Set<String> = [
        EnvironmentFiles.publicFileName, EnvironmentFiles.privateFileName, ".env",
    ]

    private func isOutOfDate(_ path: String) -> Bool {
        if Self.contextFiles.contains(path) { return true }
        guard !path.split(separator: "/").contains(where: Workspace.isSkippedFolder) else { return false }
        let url = root.appendingPathComponent(path)
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
        if isFolder.boolValue || folders.contains(path) {
            return exists != folders.contains(path)
        }
        let name = url.lastPathComponent
        guard let dot = name.lastIndex(of: "."),
            Self.requestExtensions.contains(name[name.index(after: dot)...].lowercased())
        else { return false }
        guard fileIndex(path) != nil else { return exists }
        return hasChangedOnDisk(path)
    }
}
