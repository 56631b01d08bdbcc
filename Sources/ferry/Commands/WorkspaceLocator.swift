import FerryWorkbench
import Foundation

/// Finds the workspace a command works on: the nearest folder at or above a starting folder that
/// holds `http-client.env.json`, else a fallback folder.
enum WorkspaceLocator {
    /// The nearest folder at or above `folder` holding `http-client.env.json`, if any.
    static func nearestWorkspace(from folder: URL) -> URL? { Workspace.nearestRoot(from: folder) }

    /// The workspace for a request id given on the command line, and the id relative to it.
    ///
    /// When the id's path part names an existing file (relative to the current folder), the
    /// workspace is the nearest folder above that file with `http-client.env.json` (else the
    /// current folder, or the file's folder when the file is outside it). Otherwise the id is
    /// taken relative to the workspace around the current folder.
    static func locate(requestID text: String, currentFolder: URL) -> (workspace: URL, id: String) {
        let hash = text.firstIndex(of: "#")
        let pathPart = hash.map { String(text[..<$0]) } ?? text
        let selector = hash.map { String(text[$0...]) } ?? ""
        let fileURL =
            pathPart.hasPrefix("/") ? URL(fileURLWithPath: pathPart) : currentFolder.appendingPathComponent(pathPart)
        var isDirectory: ObjCBool = false
        if !pathPart.isEmpty, FileManager.default.fileExists(atPath: fileURL.path, isDirectory: &isDirectory),
            !isDirectory.boolValue
        {
            let file = fileURL.standardizedFileURL
            let cwd = currentFolder.standardizedFileURL
            let root =
                nearestWorkspace(from: file.deletingLastPathComponent())
                ?? (file.path.hasPrefix(cwd.path + "/") ? cwd : file.deletingLastPathComponent())
            let relative = String(file.path.dropFirst(root.path.count).drop { $0 == "/" })
            return (root, relative + selector)
        }
        return (nearestWorkspace(from: currentFolder) ?? currentFolder, text)
    }
}
