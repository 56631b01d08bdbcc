import FerryTerminal
import FerryWorkbench

/// The request editor as a feature that owns its state: the unsaved edits of every request (drafts), the tab
/// shown, which editor has the keyboard (the URL field or a tab's table or body), the URL field's text state,
/// and what typing into a table or a file field can take back.
enum EditorFeature {
    /// The editor's state.
    struct State: Sendable {
        /// Unsaved edits by request: they survive switching requests.
        var drafts: [RequestID: SavedRequest] = [:]
        /// The tab shown.
        var tab: EditorTab = .params
        /// The URL field: the widgets' single-line `TextEditorState` (word motion, selection, undo), its text
        /// kept equal to the open request's URL.
        var urlEditor = TextEditorState()
        /// Which editor has the keyboard in the editor pane: the URL field, or one tab's editor.
        var mode = EditorMode.url
        /// What is wrong with the JSON body being edited (`nil` when it parses or is not JSON).
        var bodyProblem: String?
        /// What Esc takes back while the path of a field just made a file (`f`) is edited.
        var fileFieldUndo: FileFieldUndo?
        /// The undo history of each table the keyboard left (by request and tab), with the rows it left: Ctrl-Z
        /// goes on where it stopped when the same rows open again.
        var tableUndo: [TableUndoKey: TableUndo] = [:]
    }
}
