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
        case .open(let id): return perform(.show(id), &state) + perform(.focus(.editor), &state)
        case .show(let id): return openActions(for: id).flatMap { reduceScoped(&state, $0) }
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
        case .adopt(let adoption):
            var effects = reduceScoped(&state, .tree(.workspaceAdopted(adoption.relocated)))
            effects += reduceScoped(&state, .editor(.workspaceAdopted(adoption.relocated)))
            if let id = adoption.open { effects += perform(.show(id), &state) }
            if adoption.open != nil, let focus = adoption.focus { effects += perform(.focus(focus), &state) }
            if state.openRequest == nil, let first = state.firstRequestInTree {
                effects += perform(.show(first), &state)
            }
            if let item = adoption.selectItem { effects += reduceScoped(&state, .tree(.itemRevealed(item))) }
            return effects
        case .replaceProblems(let old, let fresh):
            let before = Set(old)
            state.problems.removeAll(where: before.contains)
            state.problems += fresh.filter(before.contains)
            state.reportProblems(fresh.filter { !before.contains($0) })
        }
        return []
    }
}

extension AppReducer {
    /// Opening request `id` (keeping any unsaved edits of the one before), as each feature takes its part.
    static func openActions(for id: RequestID) -> [AppAction] {
        [.editor(.requestOpened(id)), .response(.requestOpened), .tree(.requestOpened(id))]
    }
}
