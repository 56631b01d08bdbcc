import FerryTerminal
import FerryWorkbench
import Foundation

// MARK: - Changing the collection: what a file operation did, confirmations, names typed

extension AppReducer {
    /// Takes in how a file operation on the workspace ended.
    static func reduce(_ event: WorkspaceEvent, _ state: inout AppState) -> [Effect] {
        switch event {
        case .saveFinished(let id, let saved, let result): return finishSave(id, saved, result, &state)
        case .changed(let result, let select): return workspaceChanged(result, select: select, &state)
        case .itemChanged(let result, let from, let to, let copied):
            return itemChanged(result, from: from, to: to, copied: copied, &state)
        case .importFinished(let result): return importFinished(result, &state)
        case .undoFinished(let result): return finishUndo(result, &state)
        case .reloaded(let result): return reloaded(result, &state)
        case .fileWorkEnded: state.fileQueue.ended()
        case .changedOnDisk(let paths): state.fileQueue.append(.reloadChanged(paths))
        case .requestFileEdited(let id): state.fileQueue.append(.reload(selecting: id))
        }
        return []
    }

    /// A name was typed into the prompt.
    static func named(_ purpose: NamePurpose, _ name: String, _ state: inout AppState) -> [Effect] {
        switch purpose {
        case .webSocketMessage(let id): return reduceScoped(&state, .webSocket(.messageTyped(id, name)))
        case .webSocketClose(let id): return reduceScoped(&state, .webSocket(.closeCodeTyped(id, name)))
        default: break
        }
        if case .variableValue(let variable, let file, let environment) = purpose {
            // A value may be empty or have spaces at its ends: it is written as typed.
            return state.queue(.editEnvironmentFile(file, .set(variable, to: name, in: environment)))
        }
        if case .newVariable(let file, let environment) = purpose {
            return reduce(
                OverlayAction.variables(
                    .newVariableNamed(name.trimmingCharacters(in: .whitespaces), file: file, environment: environment)),
                &state)
        }
        let name = name.trimmingCharacters(in: .whitespaces)
        if case .timeout = purpose { return reduceScoped(&state, .editor(.promptAnswered(purpose, name))) }
        if case .retries = purpose { return reduceScoped(&state, .editor(.promptAnswered(purpose, name))) }
        if case .moveItem(let path) = purpose, name.isEmpty || name == "/" {
            return state.queue(.change(.moveItem(path, intoFolder: "")))
        }
        guard !name.isEmpty else {
            state.report(.error("That needs a value."))
            return []
        }
        switch purpose {
        case .newRequest(let file):
            state.focusAfterChange = .editor
            return state.queue(.change(.create(name: name, inFile: file)))
        case .newFile(let folder):
            // `.http` is added to a name without an extension; the file holds one request to start from.
            let file = name.hasSuffix(".http") || name.hasSuffix(".rest") ? name : name + ".http"
            let path = folder.isEmpty ? file : folder + "/" + file
            guard state.workspace.fileIndex(path) == nil else {
                state.report(.error("\(path) exists already: pick another name."))
                return []
            }
            state.focusAfterChange = .editor
            return state.queue(.change(.create(name: "first-request", inFile: path)))
        case .rename(let id): return state.queue(.change(.rename(id, to: name)))
        case .basicAuth, .bearerToken, .bodyFile: return reduceScoped(&state, .editor(.promptAnswered(purpose, name)))
        case .timeout, .retries: return []
        case .newFolder(let parent):
            return state.queue(.change(.createFolder(parent.isEmpty ? name : parent + "/" + name)))
        case .move(let id):
            let file = name.hasSuffix(".http") || name.hasSuffix(".rest") ? name : name + ".http"
            return state.queue(.change(.move(id, toFile: file)))
        case .renameItem(let path): return renaming(path, to: name, in: state.workspace).map { state.queue($0) } ?? []
        case .moveItem(let path): return moveItem(path, into: name).map { state.queue($0) } ?? []
        case .importFile(let folder): return state.queue(.change(.importFile(path: name, intoFolder: folder)))
        case .variableValue, .newVariable: return []
        case .newEnvironment:
            return state.queue(.editEnvironmentFile(EnvironmentFiles.publicFileName, .addEnvironment(name)))
        case .saveBody(let id, let replacing):
            return reduceScoped(&state, .response(.bodySaveTyped(id, path: name, replacing: replacing)))
        case .webSocketMessage, .webSocketClose: return []
        }
    }

    /// Takes in the workspace after a change and opens the request it made.
    static func workspaceChanged(
        _ result: Result<Workspace, SaveFailure>, select: RequestID?, _ state: inout AppState
    ) -> [Effect] {
        let focus = state.focusAfterChange
        state.focusAfterChange = nil
        switch result {
        case .success(let workspace):
            state.workspace = workspace
            state.rebuildTree()
            if let openID = state.openRequest, state.workspaceRequest(openID) == nil { state.openRequest = nil }
            if let select {
                open(select, &state)
                if let focus { state.panes.focus = focus }
                state.report(.info("Now \(select)."))
            } else {
                state.report(.info("Done."))
            }
            if state.openRequest == nil, let first = state.firstRequestInTree { open(first, &state) }
        case .failure(let failure):
            state.report(.error(failure.message))
        }
        return []
    }
}
