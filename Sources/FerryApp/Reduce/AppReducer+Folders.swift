import FerryTerminal
import FerryWorkbench

// MARK: - Files and folders in the tree: rename, move, duplicate, delete

extension AppReducer {
    /// The rename of the file or folder at `path` to the name typed (`nil`: the name it has). A request file
    /// keeps a request extension, or it would drop out of the workspace.
    static func renaming(_ path: String, to text: String, in workspace: Workspace) -> FileWork? {
        var name = text
        if !workspace.isFolder(path), !Workspace.requestExtensions.contains(extensionOf(name)) {
            name += "." + (extensionOf(path).isEmpty ? "http" : extensionOf(path))
        }
        guard name != lastComponent(of: path) else { return nil }
        return .change(.renameItem(path, to: name))
    }

    /// A folder was typed to move the file or folder at `path` into.
    static func moveItem(_ path: String, into text: String) -> FileWork? {
        let folder = text.split(separator: "/").joined(separator: "/")
        guard folder != TreeFeature.parentFolder(of: path) else { return nil }
        return .change(.moveItem(path, intoFolder: folder))
    }

    /// What the confirmation asks before a file or folder goes to the trash.
    static func deleteQuestion(path: String, requests: Int, unsaved: Int, isFolder: Bool) -> String {
        let holding = requests == 1 ? "the 1 request" : "the \(requests) requests"
        var text = "Move the \(isFolder ? "folder" : "file") \(path) and \(holding) in it to the trash (.ferry/trash)?"
        if unsaved > 0 {
            text +=
                " \(unsaved) of them \(unsaved == 1 ? "has" : "have") unsaved edits, which go to the trash with it"
                + " (F9 restores both)."
        }
        return text + " y deletes, n keeps it."
    }

    /// Takes in the workspace after a file or folder was renamed, moved, duplicated or deleted: drafts,
    /// responses, the open request and collapsed folders inside it follow it (or go with it to the trash).
    static func itemChanged(
        _ result: Result<Workspace, SaveFailure>, from path: String, to newPath: String?, copied: Bool,
        _ state: inout AppState
    ) -> [Effect] {
        guard case .success(let workspace) = result else {
            if case .failure(let failure) = result { state.report(.error(failure.message)) }
            return []
        }
        var effects: [Effect] = []
        var trashedDrafts = 0
        let isMove = newPath != nil && !copied
        if let newPath, isMove {
            func moved(_ id: RequestID) -> RequestID? {
                Workspace.path(id.path, relocatedFrom: path, to: newPath).map {
                    RequestID(path: $0, selector: id.selector)
                }
            }
            for (id, draft) in state.editor.drafts {
                guard let target = moved(id) else { continue }
                state.editor.drafts[id] = nil
                state.editor.drafts[target] = draft
                effects += [.writeDraft(id, nil), .writeDraft(target, draft)]
            }
            for (id, exchange) in state.response.exchanges {
                guard let target = moved(id) else { continue }
                state.response.exchanges[id] = nil
                state.response.exchanges[target] = exchange
            }
            if let open = state.openRequest, let target = moved(open) { state.openRequest = target }
            // Folders collapsed inside it stay collapsed at their new place.
            let collapsed = CollectionTree.branches(of: state.tree.roots).compactMap { node -> CollectionNode? in
                guard !state.tree.expanded.contains(node), let item = node.itemPath,
                    let moved = Workspace.path(item, relocatedFrom: path, to: newPath)
                else { return nil }
                if case .folder = node { return .folder(moved) }
                return .file(moved)
            }
            state.workspace = workspace
            state.rebuildTree()
            state.tree.setExpanded(false, ids: collapsed)
        } else if newPath == nil {
            // The effect runner moved their drafts into the trash beside the item: restoring brings them back.
            for id in state.editor.drafts.keys where Workspace.path(id.path, isInside: path) {
                state.editor.drafts[id] = nil
                trashedDrafts += 1
            }
            for id in state.response.exchanges.keys where Workspace.path(id.path, isInside: path) {
                state.response.exchanges[id] = nil
            }
        }
        state.workspace = workspace
        state.rebuildTree()
        if let openID = state.openRequest, state.workspaceRequest(openID) == nil { state.openRequest = nil }
        if state.openRequest == nil, let first = state.firstRequestInTree { open(first, &state) }
        if let newPath {
            state.tree.select(id: state.workspace.isFolder(newPath) ? .folder(newPath) : .file(newPath))
        }
        if let newPath {
            state.report(.info(isMove ? "Moved \(path) to \(newPath)." : "Copied to \(newPath)."))
        } else {
            var text = "Moved \(path) to the trash (.ferry/trash)"
            if trashedDrafts > 0 { text += " with \(TrashRow.count(trashedDrafts, "unsaved edit"))" }
            state.report(.info(text + "; F9 restores it."))
        }
        return effects
    }

    private static func extensionOf(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    private static func lastComponent(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
