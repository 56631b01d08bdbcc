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
            } else if !state.reloadConflicts.contains(id) {
                state.reloadConflicts.append(id)
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

    /// Opens the choice for the first request waiting in ``AppState/reloadConflicts``.
    static func askAboutNextReloadConflict(_ state: inout AppState) {
        while let id = state.reloadConflicts.first {
            guard state.editor.drafts[id] != nil, state.savedRequest(id) != nil else {
                state.reloadConflicts.removeFirst()
                continue
            }
            state.overlay = .reloadConflict(ReloadFeature.State(asking: id))
            return
        }
    }

    /// The edits of `id` stay (the reload question's first choice, and its Esc).
    static func keepEdits(_ id: RequestID, _ state: inout AppState) {
        state.reloadConflicts.removeAll { $0 == id }
        state.report(.info("Kept your edits of \(id); Ctrl-S saves them over the file."))
    }

    /// The edits of `id` go and its file's version is shown (the reload question's second choice).
    static func takeFileVersion(_ id: RequestID, _ state: inout AppState) -> [Effect] {
        state.reloadConflicts.removeAll { $0 == id }
        state.editor.drafts[id] = nil
        state.syncURLEditor()
        state.report(.info("\(id) now is the file's version."))
        return [.writeDraft(id, nil)]
    }

    /// The lines of the file's version of `id` against its draft, as the diff view shows them.
    static func reloadDiffLines(_ id: RequestID, in state: AppState) -> [HistoryDiff.Change] {
        guard let theirs = state.savedRequest(id), let mine = state.editor.drafts[id] else { return [] }
        let lines = { (request: SavedRequest) in
            request.rendered(separator: false).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        return HistoryDiff.diff(lines(theirs), lines(mine))
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
