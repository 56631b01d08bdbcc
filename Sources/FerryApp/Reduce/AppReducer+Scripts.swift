import FerryWorkbench
import Foundation

// MARK: - What a send's scripts did: the Tests tab

extension AppReducer {
    /// What opening `location` means in `workspace`: the request written at that line of a workspace `.http`
    /// file (with what the status bar says), else the file itself in `$EDITOR` at that line.
    static func opening(_ location: ScriptLocation, in workspace: Workspace) -> FeatureOutput {
        let path = workspacePath(of: location.path, in: workspace)
        if let index = workspace.fileIndex(path) {
            let file = workspace.files[index]
            let written = file.requests.filter { request in
                (file.content.line(ofRequestAt: request.position) ?? Int.max) <= location.line
            }
            if let request = written.last ?? file.requests.first {
                return FeatureOutput(requests: [.open(request.id), .report(.info("\(location): in \(request.id)."))])
            }
        }
        let url =
            location.path.hasPrefix("/")
            ? URL(fileURLWithPath: location.path) : workspace.root.appendingPathComponent(path)
        return .run([.editFile(url, line: location.line, reloading: nil)])
    }

    /// `path` relative to the workspace when it lies inside it, else as given.
    static func workspacePath(of path: String, in workspace: Workspace) -> String {
        let root = workspace.root.standardizedFileURL.path + "/"
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }
}
