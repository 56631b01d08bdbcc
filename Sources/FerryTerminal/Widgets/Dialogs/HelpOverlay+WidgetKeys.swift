extension HelpOverlay {
    // MARK: - The widgets' own keys

    /// Keys every list, tree and picker understands (context `list`), for the help overlay.
    public static let listKeys: [Entry] = makeEntries(
        context: "list",
        ("↑ ↓ k j", "Move the selection"),
        ("PgUp PgDn", "Move by a page"),
        ("Home End g G", "First / last row"),
        ("/", "Filter as you type (Enter keeps, Esc clears)")
    )

    /// Keys a tree adds to the list keys (context `tree`).
    public static let treeKeys: [Entry] = makeEntries(
        context: "tree",
        ("Enter", "Expand / collapse"),
        ("→ l", "Expand, or go to the first child"),
        ("← h", "Collapse, or go to the parent")
    )

    /// Keys of the text fields and editors (context `editor`).
    public static let editorKeys: [Entry] = makeEntries(
        context: "editor",
        ("Ctrl+← Ctrl+→", "Move by word (also Alt+B / Alt+F)"),
        ("Home End", "Line start / end (also Ctrl+A / Ctrl+E)"),
        ("Shift+arrows", "Select"),
        ("Ctrl+W Alt+D", "Delete word before / after"),
        ("Ctrl+K Ctrl+U", "Delete to line end / start"),
        ("Ctrl+Z Ctrl+Y", "Undo / redo")
    )

    /// Keys of the key-value tables (context `table`).
    public static let tableKeys: [Entry] = makeEntries(
        context: "table",
        ("Space", "Enable / disable the row"),
        ("Enter e F2", "Edit the cell"),
        ("a o Insert", "Add a row"),
        ("d Delete", "Delete the row"),
        ("Tab", "Next cell while editing")
    )

    /// Keys of the text view (context `text`).
    public static let textViewKeys: [Entry] = makeEntries(
        context: "text",
        ("↑ ↓ PgUp PgDn", "Scroll"),
        ("← →", "Scroll sideways"),
        ("/", "Search"),
        ("n N", "Next / previous match")
    )

    /// Entries in `context`, one a (key, help) pair, in order.
    private static func makeEntries(context: String, _ pairs: (key: String, help: String)...) -> [Entry] {
        pairs.map { Entry(key: $0.key, help: $0.help, context: context) }
    }
}
