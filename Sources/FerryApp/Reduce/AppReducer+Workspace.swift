import FerryTerminal
import FerryWorkbench
import Foundation

// MARK: - Changing the collection: new, rename, duplicate, delete

extension AppReducer {
    /// Acts on the tree commands that change files.
    static func changeCollection(_ action: AppAction, _ state: inout AppState) -> [Effect] {
        guard state.focus == .tree, let row = state.tree.selectedID else { return [] }
        switch action {
        case .newRequestRequested:
            let file: String
            switch row {
            case .file(let path): file = path
            case .request(let id): file = id.path
            case .folder:
                state.message = .init(text: "Select a file (or a request in it) to add a request to.", isError: true)
                return []
            }
            state.overlay = .namePrompt(
                .newRequest(inFile: file), PromptDialogState(title: "New request in \(file)", label: "Name"))
        case .renameRequested:
            guard let id = row.requestID else { return changeItem(action, row, &state) }
            guard !state.isUnsaved(id) else {
                state.message = .init(
                    text: "Save (Ctrl-S) or undo the edits of \(id) before renaming it.", isError: true)
                return []
            }
            state.overlay = .namePrompt(
                .rename(id),
                PromptDialogState(title: "Rename \(id)", label: "Name", text: state.savedRequest(id)?.name ?? ""))
        case .duplicateRequested:
            guard let id = row.requestID else { return changeItem(action, row, &state) }
            return [.changeWorkspace(.duplicate(id))]
        case .deleteRequested:
            guard let id = row.requestID else { return changeItem(action, row, &state) }
            state.overlay = .confirmDelete(id)
        case .moveRequested:
            guard let id = row.requestID else { return changeItem(action, row, &state) }
            guard !state.isUnsaved(id) else {
                state.message = .init(text: "Save (Ctrl-S) or undo the edits of \(id) before moving it.", isError: true)
                return []
            }
            state.overlay = .namePrompt(
                .move(id),
                PromptDialogState(title: "Move \(id) to", label: "file (created when missing)", text: id.path))
        case .newFolderRequested:
            let parent: String
            switch row {
            case .folder(let path): parent = path
            case .file(let path): parent = path.split(separator: "/").dropLast().joined(separator: "/")
            case .request(let id): parent = id.path.split(separator: "/").dropLast().joined(separator: "/")
            }
            state.overlay = .namePrompt(
                .newFolder(parent: parent),
                PromptDialogState(title: "New folder in \(parent.isEmpty ? "the workspace" : parent)", label: "Name"))
        default:
            break
        }
        return []
    }

    /// Yes to the confirmation on top.
    static func confirm(_ state: inout AppState) -> [Effect] {
        switch state.overlay {
        case .confirmQuit:
            state.isFinished = true
        case .confirmDelete(let id):
            state.overlay = nil
            state.exchanges[id] = nil
            // Its draft stays on disk: the file queue moves it into the trash with the request.
            state.drafts[id] = nil
            return [.changeWorkspace(.delete(id))]
        case .confirmDeleteItem(let path, _, _):
            state.overlay = nil
            return [.changeWorkspace(.deleteItem(path))]
        case .confirmPurge(let row, let selection):
            state.overlay = .trash(selection: selection)
            return [.purgeTrash([row.entry])]
        case .confirmEmptyTrash(let entries, _):
            state.overlay = .trash(selection: 0)
            return [.purgeTrash(entries)]
        default:
            break
        }
        return []
    }

    /// A name was typed into the prompt.
    static func named(_ purpose: NamePurpose, _ name: String, _ state: inout AppState) -> [Effect] {
        let name = name.trimmingCharacters(in: .whitespaces)
        if case .timeout(let id) = purpose {
            guard name.isEmpty || Double(name) != nil else {
                state.message = .init(text: "The timeout is a number of seconds, such as 30.", isError: true)
                return []
            }
            return edit(id, &state) { OptionDirectives.set("timeout", name.isEmpty ? nil : name, in: &$0) }
        }
        if case .retries(let id) = purpose {
            guard name.isEmpty || RequestDirectives.count(name) != nil else {
                state.message = .init(
                    text: "Retries is a whole number from 0 to \(RequestDirectives.maximumRetries), such as 2.",
                    isError: true)
                return []
            }
            return edit(id, &state) { OptionDirectives.set("retries", name.isEmpty ? nil : name, in: &$0) }
        }
        if case .moveItem(let path) = purpose, name.isEmpty || name == "/" {
            return [.changeWorkspace(.moveItem(path, intoFolder: ""))]
        }
        guard !name.isEmpty else {
            state.message = .init(text: "That needs a value.", isError: true)
            return []
        }
        switch purpose {
        case .newRequest(let file): return [.changeWorkspace(.create(name: name, inFile: file))]
        case .rename(let id): return [.changeWorkspace(.rename(id, to: name))]
        case .basicAuth(let id): return edit(id, &state) { $0.setHeader("Authorization", "Basic " + name) }
        case .bearerToken(let id): return edit(id, &state) { $0.setHeader("Authorization", "Bearer " + name) }
        case .timeout, .retries: return []
        case .newFolder(let parent):
            return [.changeWorkspace(.createFolder(parent.isEmpty ? name : parent + "/" + name))]
        case .move(let id):
            let file = name.hasSuffix(".http") || name.hasSuffix(".rest") ? name : name + ".http"
            return [.changeWorkspace(.move(id, toFile: file))]
        case .renameItem, .moveItem:
            return namedItem(purpose, name, &state)
        case .bodyFile(let id): return setBodyFile(id, path: name, &state)
        case .importFile(let folder): return [.changeWorkspace(.importFile(path: name, intoFolder: folder))]
        }
    }

    /// Takes in the workspace after a change and opens the request it made.
    static func workspaceChanged(
        _ result: Result<Workspace, SaveFailure>, select: RequestID?, _ state: inout AppState
    ) -> [Effect] {
        switch result {
        case .success(let workspace):
            state.workspace = workspace
            state.rebuildTree()
            if let openID = state.openRequest, state.workspaceRequest(openID) == nil { state.openRequest = nil }
            if let select {
                open(select, &state)
                state.message = .init(text: "Now \(select).", isError: false)
            } else {
                state.message = .init(text: "Done.", isError: false)
            }
            if state.openRequest == nil, let first = state.firstRequestInTree { open(first, &state) }
        case .failure(let failure):
            state.message = .init(text: failure.message, isError: true)
        }
        return []
    }
}
