extension HelpOverlay {
    // MARK: - The widgets' own keys

    /// Keys every list, tree and picker understands (context `list`), for the help overlay.
    public static let listKeys: [Entry] = [
        Entry(key: "↑ ↓ k j", help: "Move the selection", context: "list"),
        Entry(key: "PgUp PgDn", help: "Move by a page", context: "list"),
        Entry(key: "Home End g G", help: "First / last row", context: "list"),
        Entry(key: "/", help: "Filter as you type (Enter keeps, Esc clears)", context: "list"),
    ]

    /// Keys a tree adds to the list keys (context `tree`).
    public static let treeKeys: [Entry] = [
        Entry(key: "Enter", help: "Expand / collapse", context: "tree"),
        Entry(key: "→ l", help: "Expand, or go to the first child", context: "tree"),
        Entry(key: "← h", help: "Collapse, or go to the parent", context: "tree"),
    ]

    /// Keys of the text fields and editors (context `editor`).
    public static let editorKeys: [Entry] = [
        Entry(key: "Ctrl+← Ctrl+→", help: "Move by word (also Alt+B / Alt+F)", context: "editor"),
        Entry(key: "Home End", help: "Line start / end (also Ctrl+A / Ctrl+E)", context: "editor"),
        Entry(key: "Shift+arrows", help: "Select", context: "editor"),
        Entry(key: "Ctrl+W Alt+D", help: "Delete word before / after", context: "editor"),
        Entry(key: "Ctrl+K Ctrl+U", help: "Delete to line end / start", context: "editor"),
        Entry(key: "Ctrl+Z Ctrl+Y", help: "Undo / redo", context: "editor"),
    ]

    /// Keys of the key-value tables (context `table`).
    public static let tableKeys: [Entry] = [
        Entry(key: "Space", help: "Enable / disable the row", context: "table"),
        Entry(key: "Enter e F2", help: "Edit the cell", context: "table"),
        Entry(key: "a o Insert", help: "Add a row", context: "table"),
        Entry(key: "d Delete", help: "Delete the row", context: "table"),
        Entry(key: "Tab", help: "Next cell while editing", context: "table"),
    ]

    /// Keys of the text view (context `text`).
    public static let textViewKeys: [Entry] = [
        Entry(key: "↑ ↓ PgUp PgDn", help: "Scroll", context: "text"),
        Entry(key: "← →", help: "Scroll sideways", context: "text"),
        Entry(key: "/", help: "Search", context: "text"),
        Entry(key: "n N", help: "Next / previous match", context: "text"),
    ]
}
