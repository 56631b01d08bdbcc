import FerryHTTP
import FerryWorkbench
import Foundation

// MARK: - From the paths on the command line to a workspace and what to run in it

extension RunCommand {
    /// The workspace the paths belong to and the paths relative to it.
    struct Selection {
        /// The workspace folder.
        var root: URL
        /// The files and folders to run, relative to `root` (`""` for all of it).
        var paths: [String]
    }

    /// The workspace of `paths` (given relative to `currentFolder` or absolute): the nearest folder above
    /// the first one holding `http-client.env.json`, else that folder itself (a file's folder for a file).
    /// Throws a message when a path does not exist, is not a request file, or lies outside that workspace.
    static func selection(of paths: [String], currentFolder: URL) throws(UsageError) -> Selection {
        var resolved: [(url: URL, isFolder: Bool)] = []
        for path in paths {
            let url = (path.hasPrefix("/") ? URL(fileURLWithPath: path) : currentFolder.appendingPathComponent(path))
                .standardizedFileURL
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw UsageError("no such file or folder: \(InputExcerpt(path))")
            }
            if !isDirectory.boolValue, !Workspace.requestExtensions.contains(url.pathExtension.lowercased()) {
                throw UsageError("not a request file (.http or .rest): \(InputExcerpt(path))")
            }
            resolved.append((url, isDirectory.boolValue))
        }
        guard let first = resolved.first else { throw UsageError("what to run? give .http files or folders") }
        let firstFolder = first.isFolder ? first.url : first.url.deletingLastPathComponent()
        let root = Workspace.nearestRoot(from: firstFolder) ?? firstFolder
        var relative: [String] = []
        for (index, item) in resolved.enumerated() {
            if item.url.path == root.path {
                relative.append("")
            } else if item.url.path.hasPrefix(root.path == "/" ? "/" : root.path + "/") {
                relative.append(String(item.url.path.dropFirst(root.path.count).drop { $0 == "/" }))
            } else {
                throw UsageError(
                    "\(InputExcerpt(paths[index])) is outside the workspace \(root.path): run one workspace at a time")
            }
        }
        return Selection(root: root, paths: relative)
    }
}
