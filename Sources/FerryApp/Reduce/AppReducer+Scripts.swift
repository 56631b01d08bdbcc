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

// MARK: - F4: a request's script in $EDITOR

extension AppReducer {
    /// The open request's scripts: pre-request scripts, then response handlers, in file order.
    static func scripts(of request: SavedRequest) -> [RequestScript] {
        request.preRequestScripts + request.responseHandlerScripts
    }

    /// F4 in the editor: opens the open request's first script in `$EDITOR` at its line (an inline `{% %}`
    /// block: the `.http` file, read again afterwards; a `.js` file: that file); on the Body tab, or for a
    /// request without scripts, edits the body as before. A request with unsaved edits is saved first.
    static func requestScriptEdit(_ state: inout AppState) -> [Effect] {
        guard let id = state.openRequest, let request = state.currentRequest,
            let script = scripts(of: request).first, state.editor.tab != .body
        else { return requestExternalEdit(&state) }
        guard !state.isUnsaved(id) else {
            let save = AppKeyMap.hint(for: .save, in: state.keyMap) ?? "Ctrl+S"
            state.report(.error("\(id) has unsaved edits: save them (\(save)) before editing its script."))
            return []
        }
        let folder = state.workspace.root.appendingPathComponent(id.path).deletingLastPathComponent()
        let line = script.location?.line ?? request.sourceMap?.requestLine ?? 1
        switch script.source {
        case .inline:
            return [.editFile(state.workspace.root.appendingPathComponent(id.path), line: line, reloading: id)]
        case .file(let path):
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
            return [.editFile(url.standardizedFileURL, line: 1, reloading: nil)]
        }
    }
}
