import FerryTerminal

/// Which editor of the editor pane has the keyboard: one at a time, so they cannot be open together.
enum EditorMode: Sendable {
    /// The URL field (no tab editor open).
    case url
    /// The body text editor (the widgets' multi-line `TextEditorState`).
    case body(TextEditorState)
    /// The headers table (the widgets' `KeyValueTableState`).
    case headers(KeyValueTableState)
    /// The form or multipart fields table.
    case fields(KeyValueTableState)
    /// The query-parameter table (the Params tab), kept in step with the URL.
    case params(KeyValueTableState)
}
