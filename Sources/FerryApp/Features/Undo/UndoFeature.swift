import FerryWorkbench

/// What `u` in the tree takes back, as a feature that owns its stack: the file effects post each command they
/// can undo (``UndoAction/remembered(_:)``), `u` takes the newest one off and asks for it to be undone
/// (``FileWork/undo(_:)``). How the workspace looks after an undo is the root's to take in
/// (``WorkspaceEvent/undoFinished(_:)``).
enum UndoFeature {
    /// The file-changing commands `u` can take back, oldest first.
    struct State: Sendable {
        /// The remembered commands, oldest first, at most ``depth`` of them.
        var stack: [WorkspaceUndo] = []
    }

    /// How many commands `u` can take back.
    static let depth = 50

    /// Applies an undo action.
    static func reduce(_ action: UndoAction, _ state: inout State, _ context: Void) -> FeatureOutput {
        switch action {
        case .remembered(let undo):
            state.stack.append(undo)
            if state.stack.count > depth { state.stack.removeFirst(state.stack.count - depth) }
            return .none
        case .requested:
            // Taken off before it is tried: one that cannot be undone is forgotten, so `u` reaches the one before.
            guard let undo = state.stack.popLast() else {
                return .report(.error("Nothing to undo in the workspace."))
            }
            return .onFiles(.undo(undo))
        }
    }
}

/// What happens to the undo stack.
enum UndoAction: Sendable {
    /// A file effect did a command that `u` can take back.
    case remembered(WorkspaceUndo)
    /// `u`: take back the newest command remembered.
    case requested
}
