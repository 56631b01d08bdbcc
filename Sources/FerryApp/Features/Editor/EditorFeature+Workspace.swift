import FerryWorkbench

// MARK: - The drafts when the workspace changes: saved, moved, trashed, restored, changed on disk

extension EditorFeature {
    /// The session holds a new workspace: the open request follows `relocation` and closes when it is gone.
    static func adoptWorkspace(_ relocation: Relocation?, _ state: inout State, _ context: Context) -> FeatureOutput {
        if let relocation, let moved = state.openRequest.flatMap(relocation.moved) { state.openRequest = moved }
        if let id = state.openRequest, context.saved(id) == nil { state.openRequest = nil }
        state.syncURLEditor(context)
        return .none
    }

    /// A save of `id` ended: the draft goes when it is what was written (edits made since stay).
    static func takeSave(_ id: RequestID, _ saved: SavedRequest, _ state: inout State) -> FeatureOutput {
        guard state.drafts[id] == saved else { return .none }
        state.drafts[id] = nil
        return .run([.writeDraft(id, nil)])
    }

    /// The drafts inside what moved follow it, on disk too.
    static func relocateDrafts(_ relocation: Relocation, _ state: inout State) -> FeatureOutput {
        var effects: [Effect] = []
        for (id, draft) in state.drafts.sorted(by: { $0.key < $1.key }) {
            guard let target = relocation.moved(id) else { continue }
            state.drafts[id] = nil
            state.drafts[target] = draft
            effects += [.writeDraft(id, nil), .writeDraft(target, draft)]
        }
        return .run(effects)
    }

    /// Drafts back from the trash: unsaved edits again where they differ from their file; the others' files go.
    static func restoreDrafts(
        _ drafts: [RequestID: SavedRequest], _ state: inout State, _ context: Context
    ) -> FeatureOutput {
        var effects: [Effect] = []
        for (id, draft) in drafts.sorted(by: { $0.key < $1.key }) {
            guard let saved = context.saved(id), saved != draft else {
                effects.append(.writeDraft(id, nil))
                continue
            }
            state.drafts[id] = draft
        }
        return .run(effects)
    }

    /// Files changed on disk under drafts: a draft that now matches its file goes, one whose request was removed
    /// leaves the state (it stays in `.ferry/drafts`), one changed under it waits for the user's choice.
    static func takeReload(_ sorting: ReloadSorting, _ state: inout State) -> FeatureOutput {
        for id in sorting.matching + sorting.removed { state.drafts[id] = nil }
        for id in sorting.conflicting where !state.reloadConflicts.contains(id) { state.reloadConflicts.append(id) }
        return .run(sorting.matching.map { .writeDraft($0, nil) })
    }
}
