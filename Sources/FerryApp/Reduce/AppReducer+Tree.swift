import FerryTerminal
import FerryWorkbench

// MARK: - The collection tree: filtering and the commands that change files

extension AppReducer {
    /// Applies a tree command; the file-changing ones act on the selected row while the tree has the focus.
    static func reduce(_ action: TreeAction, _ state: inout AppState) -> [Effect] {
        switch action {
        case .cursorMoved(let move): return moveCursorInTree(move, &state)
        case .rowActivated: return activateTreeRow(&state)
        case .filterRequested:
            // Each `/` starts a new filter: the old one goes, so what is typed is all that is matched.
            let selected = state.tree.selectedID
            state.tree.setFilter("")
            if let selected { state.tree.select(id: selected) }
            state.overlay = .treeFilter("")
            return []
        case .unboundLetterTyped(let character):
            let filter = AppKeyMap.hint(for: .filterTree, in: state.keyMap) ?? "/"
            let help = AppKeyMap.hint(for: .help, in: state.keyMap) ?? "F1"
            state.report(
                .info(
                    "\(SafeText.sanitized(String(character))) is no command in the tree: \(filter) filters, "
                        + "\(help) lists the keys."))
            return []
        case .undoRequested: return [.undoLastChange]
        case .importRequested: return requestImport(&state)
        case .newRequestRequested:
            guard state.focus == .tree else { return [] }
            // An empty workspace has no file to add to: the first request gets a file of its own.
            guard let row = state.tree.selectedID else { return askNewFile(inFolder: "", &state) }
            return askNewRequest(in: row, &state)
        case .newFolderRequested:
            guard state.focus == .tree else { return [] }
            guard let row = state.tree.selectedID else { return askNewFolder(in: .folder(""), &state) }
            return askNewFolder(in: row, &state)
        case .newFileRequested:
            return askNewFile(inFolder: selectedFolder(state), &state)
        case .itemCommand(let command):
            guard state.focus == .tree, let row = state.tree.selectedID else { return [] }
            switch row {
            case .request(let id): return changeRequest(id, command, &state)
            case .folder(let path): return changeItem(path, kind: "folder", command, &state)
            case .file(let path): return changeItem(path, kind: "file", command, &state)
            }
        }
    }

    /// Asks for the name of a new request at the end of the selected file (or the selected request's file).
    private static func askNewRequest(in row: CollectionNode, _ state: inout AppState) -> [Effect] {
        let file: String
        switch row {
        case .file(let path): file = path
        case .request(let id): file = id.path
        case .folder(let path):
            // A folder holds no requests itself: the request gets a new file there.
            return askNewFile(inFolder: path, &state)
        }
        state.overlay = .namePrompt(
            .newRequest(inFile: file), PromptDialogState(title: "New request in \(file)", label: "Name"))
        return []
    }

    /// Asks for the name of a new `.http` file in `folder`; it is made holding one request.
    private static func askNewFile(inFolder folder: String, _ state: inout AppState) -> [Effect] {
        state.overlay = .namePrompt(
            .newFile(inFolder: folder),
            PromptDialogState(
                title: "New .http file in \(folder.isEmpty ? "the workspace" : folder)", label: "Name",
                text: "requests.http"))
        return []
    }

    /// Asks for the name of a new folder in the selected folder (or the one holding the selected row).
    private static func askNewFolder(in row: CollectionNode, _ state: inout AppState) -> [Effect] {
        let parent: String
        switch row {
        case .folder(let path): parent = path
        case .file(let path): parent = parentFolder(of: path)
        case .request(let id): parent = parentFolder(of: id.path)
        }
        state.overlay = .namePrompt(
            .newFolder(parent: parent),
            PromptDialogState(title: "New folder in \(parent.isEmpty ? "the workspace" : parent)", label: "Name"))
        return []
    }

    /// Rename, duplicate, delete or move the selected request.
    private static func changeRequest(_ id: RequestID, _ command: TreeItemCommand, _ state: inout AppState)
        -> [Effect]
    {
        switch command {
        case .rename:
            guard !state.isUnsaved(id) else {
                state.report(.error("Save (Ctrl-S) or undo the edits of \(id) before renaming it."))
                return []
            }
            state.overlay = .namePrompt(
                .rename(id),
                PromptDialogState(title: "Rename \(id)", label: "Name", text: state.savedRequest(id)?.name ?? ""))
        case .duplicate:
            return [.changeWorkspace(.duplicate(id))]
        case .delete:
            state.overlay = .confirmDelete(id)
        case .move:
            guard !state.isUnsaved(id) else {
                state.report(.error("Save (Ctrl-S) or undo the edits of \(id) before moving it."))
                return []
            }
            state.overlay = .namePrompt(
                .move(id),
                PromptDialogState(title: "Move \(id) to", label: "file (created when missing)", text: id.path))
        }
        return []
    }
}
