import FerryWorkbench

// MARK: - Taking in what a restore from the trash brought back (the view itself is TrashFeature)

extension AppReducer {
    /// The words for a restore that was refused because something now stands at the entry's place.
    static func restoreRefusal(_ entry: TrashEntry, blockedBy place: String) -> String {
        "Cannot restore \(entry.originalPath): \(place) exists now and is never overwritten. Rename or move it "
            + "(r or m in the tree), then restore again (F9); the deleted one stays in the trash."
    }

    /// Takes in the workspace after a restore: the tree shows the item again, selected, and the drafts that
    /// went to the trash with it are unsaved edits again; a refusal is said and the trash listed afresh.
    static func finishRestore(
        _ entry: TrashEntry, _ result: Result<RestoredItem, SaveFailure>, _ state: inout AppState
    ) -> [Effect] {
        guard case .success(let restored) = result else {
            if case .failure(let failure) = result { state.report(.error(failure.message)) }
            return state.queue(.loadTrash)
        }
        state.overlay = nil
        state.workspace = restored.workspace
        state.rebuildTree()
        var effects: [Effect] = []
        var back = 0
        for (id, draft) in restored.drafts {
            guard let saved = state.savedRequest(id), saved != draft else {
                effects.append(.writeDraft(id, nil))
                continue
            }
            state.editor.drafts[id] = draft
            back += 1
        }
        if let openID = state.openRequest, state.workspaceRequest(openID) == nil { state.openRequest = nil }
        state.tree.viewportHeight = state.treeRowsHeight
        switch entry.kind {
        case .item:
            state.tree.select(
                id: state.workspace.isFolder(entry.originalPath)
                    ? .folder(entry.originalPath) : .file(entry.originalPath))
        case .request:
            let requests = state.workspace.requests(under: entry.originalPath)
            let position = min(entry.position ?? requests.count - 1, requests.count - 1)
            if let back = requests.first(where: { $0.position == position }) { open(back.id, &state) }
        }
        if state.openRequest == nil, let first = state.firstRequestInTree { open(first, &state) }
        var text = "Restored \(entry.originalPath) from the trash"
        if back > 0 { text += " with \(TrashRow.count(back, "unsaved edit")) (Ctrl-S saves)" }
        state.report(.info(text + "."))
        return effects
    }
}
