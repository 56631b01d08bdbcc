import FerryWorkbench
import Foundation

// MARK: - What a send's scripts did: the Tests tab

extension AppReducer {
    /// Opens `location`: the request written at that line of a workspace `.http` file, else the file itself
    /// in `$EDITOR` at that line.
    static func openScriptLocation(_ location: ScriptLocation, _ state: inout AppState) -> [Effect] {
        let path = workspacePath(of: location.path, in: state.workspace)
        if let index = state.workspace.fileIndex(path) {
            let file = state.workspace.files[index]
            let written = file.requests.filter { request in
                (file.content.line(ofRequestAt: request.position) ?? Int.max) <= location.line
            }
            if let request = written.last ?? file.requests.first {
                open(request.id, &state)
                state.panes.focus = .editor
                state.report(.info("\(location): in \(request.id)."))
                return []
            }
        }
        let url =
            location.path.hasPrefix("/")
            ? URL(fileURLWithPath: location.path) : state.workspace.root.appendingPathComponent(path)
        return [.editFile(url, line: location.line, reloading: nil)]
    }

    /// `path` relative to the workspace when it lies inside it, else as given.
    static func workspacePath(of path: String, in workspace: Workspace) -> String {
        let root = workspace.root.standardizedFileURL.path + "/"
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }
}
