import FerryWorkbench

// MARK: - The trash (F9): list what was deleted, restore it where it was, or delete it for good

extension AppReducer {
    /// Opens the trash view, takes in its listing, asks before deleting for good, or takes in what an effect did.
    static func reduce(_ action: TrashAction, _ state: inout AppState) -> [Effect] {
        switch action {
        case .requested:
            state.overlay = .trash(selection: 0)
            return [.loadTrash]
        case .loaded(let rows):
            state.trash = rows
            if case .trash(let selection) = state.overlay {
                state.overlay = .trash(selection: min(selection, max(0, rows.count - 1)))
            }
            return []
        case .restored(let entry, let result):
            return finishRestore(entry, result, &state)
        case .purgeRequested:
            guard case .trash(let selection) = state.overlay, state.trash.indices.contains(selection) else {
                return []
            }
            state.overlay = .confirmPurge(state.trash[selection], selection: selection)
            return []
        case .emptyRequested:
            guard case .trash(let selection) = state.overlay else { return [] }
            guard !state.trash.isEmpty else {
                state.report(.info("The trash is already empty."))
                return []
            }
            state.overlay = .confirmEmptyTrash(state.trash.map(\.entry), selection: selection)
            return []
        case .purged(let entries, let result):
            return finishPurge(entries, result, &state)
        }
    }

    /// Enter in the trash view: restore the selected entry (the file queue refuses to overwrite anything).
    static func restoreSelected(_ state: inout AppState) -> [Effect] {
        guard case .trash(let selection) = state.overlay, state.trash.indices.contains(selection) else { return [] }
        return [.restoreFromTrash(state.trash[selection].entry)]
    }

    /// The question before `row`'s entry is deleted for good.
    static func purgeQuestion(_ row: TrashRow) -> String {
        "Delete \(row.description) for good? It can't be restored. y deletes, n keeps it."
    }

    /// The question before the trash is emptied of `count` entries.
    static func emptyQuestion(count: Int) -> String {
        let entries = count == 1 ? "its 1 entry" : "all \(count) entries"
        return "Empty the trash: delete \(entries) for good? They can't be restored. y empties it, n keeps them."
    }

    /// The trash view's selection when the dialog on top asks whether to delete from the trash for good.
    static func trashSelectionBehindConfirmation(_ state: AppState) -> Int? {
        switch state.overlay {
        case .confirmPurge(_, let selection), .confirmEmptyTrash(_, let selection): selection
        case .help, .palette, .environmentPicker, .methodPicker, .authPicker, .optionsPicker, .bodyKindPicker,
            .confirmQuit, .search, .treeFilter, .history, .namePrompt, .confirmDelete, .confirmDiscard,
            .confirmDeleteItem,
            .historyDiff, .trash, .problems, .overlayHelp, .run, .variables, .valueDetail, .reloadConflict,
            .reloadDiff, .cookies, .themePicker, .variableFilePicker, nil:
            nil
        }
    }

    /// Says what was deleted for good (or why not) and lists the trash afresh.
    private static func finishPurge(
        _ entries: [TrashEntry], _ result: Result<Int, SaveFailure>, _ state: inout AppState
    )
        -> [Effect]
    {
        switch result {
        case .success(let count) where entries.count == 1:
            let what = state.trash.first { $0.entry == entries[0] }?.description ?? entries[0].originalPath
            state.report(.info(count == 1 ? "Deleted \(what) for good." : "\(what) was no longer in the trash."))
        case .success(let count):
            let deleted = count == 1 ? "1 entry" : "\(count) entries"
            state.report(.info("Emptied the trash: \(deleted) deleted for good."))
        case .failure(let failure):
            state.report(.error(failure.message))
        }
        return [.loadTrash]
    }

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
            return [.loadTrash]
        }
        state.trash.removeAll { $0.entry == entry }
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
            state.drafts[id] = draft
            back += 1
        }
        if let openID = state.openRequest, state.workspaceRequest(openID) == nil { state.openRequest = nil }
        syncTreeViewport(&state)
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
