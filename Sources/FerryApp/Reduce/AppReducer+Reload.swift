import FerryTerminal
import FerryWorkbench

// MARK: - Live reload: files changed outside Ferry, and unsaved edits under them

extension AppReducer {
    /// Takes in the workspace read again after files changed on disk. Unsaved edits are never replaced:
    /// a draft whose request changed on disk waits for the user's choice (``ReloadChoice``), a draft that
    /// now matches the file goes, and a draft whose request was removed stays in `.ferry/drafts`.
    static func reloaded(_ result: Result<WorkspaceReload, SaveFailure>, _ state: inout AppState) -> [Effect] {
        let reload: WorkspaceReload
        switch result {
        case .success(let value): reload = value
        case .failure(let failure):
            state.report(.error(failure.message))
            return []
        }
        let before = state
        state.workspace = reload.workspace
        state.environments = reload.environments
        state.dotenv = reload.dotenv
        if let name = state.environment, !reload.environments.names.contains(name) {
            state.environment = reload.environments.names.first
        }
        state.rebuildTree()
        var effects: [Effect] = []
        var removed: [RequestID] = []
        for (id, draft) in state.editor.drafts.sorted(by: { $0.key < $1.key }) {
            let theirs = state.savedRequest(id)
            guard theirs != before.savedRequest(id) else { continue }
            if theirs == draft {
                state.editor.drafts[id] = nil
                effects.append(.writeDraft(id, nil))
            } else if theirs == nil {
                // Off the state, still on disk: the edits come back if the request does (a checkout, an undo).
                state.editor.drafts[id] = nil
                removed.append(id)
            } else if !state.editor.reloadConflicts.contains(id) {
                state.editor.reloadConflicts.append(id)
            }
        }
        if let open = state.openRequest, state.workspaceRequest(open) == nil {
            state.openRequest = nil
            if let first = state.firstRequestInTree { AppReducer.open(first, &state) }
        }
        state.syncURLEditor()
        state.report(.info(reload.note ?? reloadSummary(reload.changed, removed: removed)))
        let old = Set((before.workspace.diagnostics + before.environments.diagnostics).map(Problem.init))
        state.problems.removeAll(where: old.contains)
        let fresh = (reload.workspace.diagnostics + reload.environments.diagnostics).map(Problem.init)
        state.problems += fresh.filter(old.contains)
        state.reportProblems(fresh.filter { !old.contains($0) })
        return effects
    }

    /// "Reloaded a.http, b.http from disk", at most three names.
    private static func reloadSummary(_ changed: [String], removed: [RequestID]) -> String {
        let names =
            changed.prefix(3).joined(separator: ", ") + (changed.count > 3 ? " and \(changed.count - 3) more" : "")
        var text = "Reloaded from disk: \(names)."
        if !removed.isEmpty {
            text +=
                " Unsaved edits of \(removed.count) removed request\(removed.count == 1 ? "" : "s") stay in .ferry/drafts."
        }
        return text
    }
}
