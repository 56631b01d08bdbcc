import FerryTerminal
import FerryWorkbench

extension TreeFeature {
    /// What the tree reads of the rest of the app, and nothing it could change.
    struct Context: Sendable {
        /// The key bindings, for the hints in messages.
        var keyMap: KeyMap
        /// Whether the tree has the keyboard: the commands that change files act only then.
        var isFocused: Bool
        /// Where the tree's rows are drawn (paging moves by its height).
        var listArea: Rect
        /// The workspace as loaded, for names and counts in the dialogs.
        var workspace: Workspace
        /// The requests' unsaved edits.
        var drafts: [RequestID: SavedRequest]

        /// The request as saved in the workspace.
        func savedRequest(_ id: RequestID) -> SavedRequest? {
            guard let index = workspace.fileIndex(id.path) else { return nil }
            return workspace.files[index].requests.first { $0.id == id }?.request
        }

        /// Tells the tree widget how many rows its pane shows (paging and scrolling use it).
        func syncViewport(_ tree: inout State) {
            tree.viewportHeight = tree.rowsArea(in: listArea).height
        }
    }
}

extension TreeFeature.Context {
    /// The tree's view of `state`.
    init(_ state: AppState) {
        self.init(
            keyMap: state.keyMap, isFocused: state.panes.focus == .tree, listArea: state.layout.treeList,
            workspace: state.workspace, drafts: state.editor.drafts)
    }
}
