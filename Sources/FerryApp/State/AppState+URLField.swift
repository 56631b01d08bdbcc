import FerryTerminal

// MARK: - The URL field's editor

extension AppState {
    /// The URL cursor in characters (the URL field is one line).
    ///
    /// Setting it first puts the open request's URL into the field if the field no longer holds it.
    var urlCursor: Int {
        get { editor.urlEditor.cursor.column }
        set {
            syncURLEditor()
            let column = min(max(0, newValue), editor.urlEditor.lines[0].count)
            editor.urlEditor.moveCursor(to: TextPosition(line: 0, column: column))
        }
    }

    /// Puts the open request's URL into a fresh field (no undo history), cursor at the end.
    mutating func resetURLEditor() {
        editor.urlEditor = TextEditorState(text: currentRequest?.fullURL ?? "")
    }

    /// Resets the field when its text is not the open request's URL (another request was opened, or the
    /// URL changed outside the field); keeps it, with its undo history, otherwise.
    mutating func syncURLEditor() {
        editor.syncURLEditor(to: currentRequest?.fullURL ?? "")
    }
}
