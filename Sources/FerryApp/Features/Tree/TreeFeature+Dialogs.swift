import FerryTerminal
import FerryWorkbench

// MARK: - The tree's dialogs: names of new things, renames, moves, deletes, imports

extension TreeFeature {
    /// Asks for the name of a new request at the end of the selected file (or the selected request's file); a
    /// folder holds no requests itself, so there the request gets a new file.
    static func askNewRequest(in row: CollectionNode) -> FeatureOutput {
        let file: String
        switch row {
        case .file(let path): file = path
        case .request(let id): file = id.path
        case .folder(let path): return askNewFile(inFolder: path)
        }
        return .present(
            .namePrompt(.newRequest(inFile: file), PromptDialogState(title: "New request in \(file)", label: "Name")))
    }

    /// Asks for the name of a new `.http` file in `folder`; it is made holding one request.
    static func askNewFile(inFolder folder: String) -> FeatureOutput {
        .present(
            .namePrompt(
                .newFile(inFolder: folder),
                PromptDialogState(
                    title: "New .http file in \(folder.isEmpty ? "the workspace" : folder)", label: "Name",
                    text: "requests.http")))
    }

    /// Asks for the name of a new folder in the selected folder (or the one holding the selected row).
    static func askNewFolder(in row: CollectionNode) -> FeatureOutput {
        let parent: String
        switch row {
        case .folder(let path): parent = path
        case .file(let path): parent = parentFolder(of: path)
        case .request(let id): parent = parentFolder(of: id.path)
        }
        return .present(
            .namePrompt(
                .newFolder(parent: parent),
                PromptDialogState(
                    title: "New folder in \(parent.isEmpty ? "the workspace" : parent)", label: "Name")))
    }

    /// Asks which curl, Postman or OpenAPI file to import into `folder`.
    static func askImport(into folder: String) -> FeatureOutput {
        .present(
            .namePrompt(
                .importFile(intoFolder: folder),
                PromptDialogState(
                    title: "Import a curl, Postman or OpenAPI file into "
                        + (folder.isEmpty ? "the workspace" : folder),
                    label: "File")))
    }

    /// Rename, duplicate, delete or move the selected request (a rename or move waits for its edits to be
    /// saved or undone).
    static func change(_ id: RequestID, _ command: TreeItemCommand, _ context: Context) -> FeatureOutput {
        switch command {
        case .rename:
            guard context.drafts[id] == nil else {
                return .report(.error("Save (Ctrl-S) or undo the edits of \(id) before renaming it."))
            }
            let name = context.savedRequest(id)?.name ?? ""
            return .present(
                .namePrompt(.rename(id), PromptDialogState(title: "Rename \(id)", label: "Name", text: name)))
        case .duplicate:
            return .onFiles(.change(.duplicate(id)))
        case .delete:
            return .present(.confirmDelete(id))
        case .move:
            guard context.drafts[id] == nil else {
                return .report(.error("Save (Ctrl-S) or undo the edits of \(id) before moving it."))
            }
            return .present(
                .namePrompt(
                    .move(id),
                    PromptDialogState(title: "Move \(id) to", label: "file (created when missing)", text: id.path)))
        }
    }

    /// Rename, move, duplicate or delete the selected file or folder (`kind` names which, for the prompts).
    static func change(_ path: String, kind: String, _ command: TreeItemCommand, _ context: Context)
        -> FeatureOutput
    {
        switch command {
        case .rename:
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return .present(
                .namePrompt(
                    .renameItem(path), PromptDialogState(title: "Rename the \(kind) \(path)", label: "Name", text: name)
                ))
        case .move:
            return .present(
                .namePrompt(
                    .moveItem(path),
                    PromptDialogState(
                        title: "Move the \(kind) \(path) into",
                        label: "folder (empty: the workspace; created when missing)",
                        text: parentFolder(of: path))))
        case .duplicate:
            return .onFiles(.change(.duplicateItem(path)))
        case .delete:
            let requests = context.workspace.requests(under: path).count
            let unsaved = context.drafts.keys.filter { Workspace.path($0.path, isInside: path) }.count
            return .present(.confirmDeleteItem(path: path, requests: requests, unsaved: unsaved))
        }
    }
}
