// Themed initializers: each widget's styles taken from the roles of a `Theme`, so views do not repeat the
// mapping. Roles used: text, muted, selection, accent, focusedBorder, statusBar, warning.

extension ListView {
    /// A list view in `theme`'s colours (selection, accent for matches and the filter line).
    public init(state: ListState<Row>, theme: Theme, placeholder: String = "") {
        self.init(
            state: state, style: theme[.text], selectedStyle: theme[.selection],
            matchStyle: theme[.accent].adding(.bold), filterStyle: theme[.accent], placeholder: placeholder)
    }
}

extension TreeView {
    /// A tree view in `theme`'s colours (muted guides).
    public init(state: TreeState<ID, Row>, theme: Theme) {
        self.init(
            state: state, style: theme[.text], selectedStyle: theme[.selection], guideStyle: theme[.muted],
            matchStyle: theme[.accent].adding(.bold), filterStyle: theme[.accent])
    }
}

extension TextEditorView {
    /// A text field or text area in `theme`'s colours (muted placeholder).
    public init(state: TextEditorState, theme: Theme, placeholder: String = "") {
        self.init(
            state: state, style: theme[.text], selectionStyle: theme[.selection], placeholder: placeholder,
            placeholderStyle: theme[.muted])
    }
}

extension KeyValueTable {
    /// A key-value table in `theme`'s colours (accent header, muted disabled rows).
    public init(state: KeyValueTableState, isFocused: Bool, theme: Theme) {
        self.init(
            state: state, isFocused: isFocused, style: theme[.text], headerStyle: theme[.accent].adding(.bold),
            cellStyle: theme[.selection], disabledStyle: theme[.muted])
    }
}

extension TextView {
    /// A text view in `theme`'s colours: muted line numbers, the cursor line in the selection colour.
    public init(source: Source, top: Int = 0, cursorLine: Int? = nil, theme: Theme) {
        self.init(
            source: source, top: top, cursorLine: cursorLine, cursorStyle: theme[.selection],
            lineNumberStyle: theme[.muted])
    }
}

extension Tabs {
    /// A tab row in `theme`'s colours: muted titles a space apart, the selected one in bold selection colour.
    public init(titles: [String], selectedIndex: Int, theme: Theme) {
        self.init(
            titles: titles.map { Line($0) }, selectedIndex: selectedIndex, style: theme[.muted],
            selectedStyle: theme[.selection].adding(.bold), divider: Span(" "))
    }
}

extension StatusBar {
    /// A status bar in `theme`'s status bar colours, the hints muted.
    public init(left: Line, hints: [String], theme: Theme) {
        self.init(left: left, hints: hints.map { Line($0, style: theme[.muted]) }, style: theme[.statusBar])
    }
}

extension ConfirmDialog {
    /// A confirmation in `theme`'s colours (focused border, selected button in the selection colour).
    public init(state: ConfirmDialogState, theme: Theme) {
        self.init(
            state: state, style: theme[.text], borderStyle: theme[.focusedBorder],
            selectedStyle: theme[.selection].adding(.bold))
    }
}

extension PromptDialog {
    /// A prompt in `theme`'s colours.
    public init(state: PromptDialogState, theme: Theme) {
        self.init(
            state: state, style: theme[.text], borderStyle: theme[.focusedBorder],
            fieldStyle: theme[.text].adding(.underline))
    }
}

extension PickerDialog {
    /// A picker in `theme`'s colours.
    public init(state: PickerDialogState<Row>, theme: Theme) {
        self.init(
            state: state, style: theme[.text], borderStyle: theme[.focusedBorder], selectedStyle: theme[.selection],
            matchStyle: theme[.accent].adding(.bold))
    }
}
