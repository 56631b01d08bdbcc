import FerryTerminal
import FerryWorkbench

// MARK: - What the root does for its features: the changes that span them

extension AppReducer {
    /// Does what a feature asked of the root; returns the effects that takes.
    static func perform(_ request: RootRequest, _ state: inout AppState) -> [Effect] {
        switch request {
        case .present(let overlay): state.overlay = overlay
        case .report(let message): state.report(message)
        case .clearMessage: state.message = nil
        case .open(let id):
            open(id, &state)
            state.panes.focus = .editor
        case .show(let id): open(id, &state)
        case .dismiss: state.overlay = nil
        case .trustWorkspace: return reduceScoped(&state, .session(.trustGranted))
        case .onFiles(let work): state.session.fileQueue.append(work)
        case .showTheme(let theme): state.theme = theme
        case .focus(let pane): state.panes.focus = pane
        case .answer(let answer): return reduceScoped(&state, answer.action)
        case .dispatch(let handedOn): return reduceScoped(&state, handedOn.action)
        case .command(let command): return command.action(in: state).map { reduceScoped(&state, $0) } ?? []
        case .closeEditorField: state.editor.mode = .url
        case .panesResized:
            state.tree.viewportHeight = state.treeRowsHeight
            state.response.keepCursorsInView(page: state.layout.responseContent.height)
        case .reportProblems(let problems): state.reportProblems(problems)
        case .openScriptLocation(let location):
            let opening = opening(location, in: state.workspace)
            return opening.effects + opening.requests.flatMap { perform($0, &state) }
        case .adopt(let adoption): adopt(adoption, &state)
        case .replaceProblems(let old, let fresh):
            let before = Set(old)
            state.problems.removeAll(where: before.contains)
            state.problems += fresh.filter(before.contains)
            state.reportProblems(fresh.filter { !before.contains($0) })
        }
        return []
    }

    /// Opens a request in the editor (keeping any unsaved edits of the one before).
    static func open(_ id: RequestID, _ state: inout AppState) {
        state.openRequest = id
        state.editor.mode = .url
        state.resetURLEditor()
        state.response.show(state.response.tab)
        state.tree.viewportHeight = state.treeRowsHeight
        state.tree.select(id: .request(id))
    }

    /// Takes in the workspace the session now holds (``WorkspaceAdoption``).
    private static func adopt(_ adoption: WorkspaceAdoption, _ state: inout AppState) {
        // Folders collapsed inside what moved stay collapsed at their new place.
        let collapsed = adoption.relocated.map { TreeFeature.collapsedBranches(of: state.tree, after: $0) } ?? []
        state.rebuildTree()
        state.tree.setExpanded(false, ids: collapsed)
        state.tree.viewportHeight = state.treeRowsHeight
        if let relocation = adoption.relocated, let moved = state.openRequest.flatMap(relocation.moved) {
            state.openRequest = moved
        }
        if let id = state.openRequest, state.workspaceRequest(id) == nil { state.openRequest = nil }
        if let id = adoption.open {
            open(id, &state)
            if let focus = adoption.focus { state.panes.focus = focus }
        }
        if state.openRequest == nil, let first = state.firstRequestInTree { open(first, &state) }
        if let item = adoption.selectItem {
            state.tree.select(id: state.workspace.isFolder(item) ? .folder(item) : .file(item))
        }
        state.syncURLEditor()
    }
}
