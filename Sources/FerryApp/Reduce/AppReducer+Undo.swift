import FerryWorkbench

// MARK: - Undo (u in the tree): take the last file change back

extension AppReducer {
    /// Takes in the workspace after an undo, as after the command it undid, and says what was undone.
    static func finishUndo(_ result: Result<UndoneChange, SaveFailure>, _ state: inout AppState) -> [Effect] {
        guard case .success(let undone) = result else {
            if case .failure(let failure) = result { state.report(.error(failure.message)) }
            return []
        }
        var effects: [Effect] = []
        switch undone.result {
        case .files(let workspace, let environments):
            state.environments = environments
            effects = workspaceChanged(.success(workspace), select: nil, &state)
        case .relocated(let workspace, let from, let to):
            effects = itemChanged(.success(workspace), from: from, to: to, copied: false, &state)
        case .restored(let entry, let restored):
            effects = finishRestore(entry, .success(restored), &state)
        }
        let again = AppKeyMap.hint(for: .undo, in: state.keyMap).map { " (\($0) undoes the one before)" } ?? ""
        state.report(.info("Undone: the \(undone.summary)\(again)."))
        return effects
    }
}
