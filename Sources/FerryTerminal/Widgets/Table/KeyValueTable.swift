/// A table of name/value rows with an enable toggle each, for headers, query parameters and form fields;
/// its state is a `KeyValueTableState`.
///
/// ```
///     Name        Value
/// [x] Accept      application/json
/// [ ] X-Debug     1
/// ```
///
/// ```swift
/// let table = KeyValueTable(state: state.headers, isFocused: state.focus == .headers)
/// table.render(into: &buffer, area: pane)
/// frame.cursor = table.cursorPosition(in: pane)
/// ```
public struct KeyValueTable: CursorWidget {
    /// The rows, selection and editor.
    public var state: KeyValueTableState
    /// Whether the table has the keyboard (the selected cell is only marked when it does).
    public var isFocused: Bool
    /// The header titles.
    public var titles: (name: String, value: String)
    /// The style under everything.
    public var style: Style
    /// The style laid over the header.
    public var headerStyle: Style
    /// The style laid over the selected row.
    public var selectedStyle: Style
    /// The style laid over the selected cell when focused (and the cell being edited).
    public var cellStyle: Style
    /// The style laid over disabled rows.
    public var disabledStyle: Style
    /// Shown under the header when there are no rows.
    public var placeholder: String

    /// Creates a table view.
    public init(
        state: KeyValueTableState, isFocused: Bool = true, titles: (name: String, value: String) = ("Name", "Value"),
        style: Style = .plain, headerStyle: Style = Style(modifiers: .bold),
        selectedStyle: Style = Style(modifiers: .bold),
        cellStyle: Style = Style(modifiers: .reverse), disabledStyle: Style = Style(modifiers: .dim),
        placeholder: String = "No rows: type to add one"
    ) {
        self.state = state
        self.isFocused = isFocused
        self.titles = titles
        self.style = style
        self.headerStyle = headerStyle
        self.selectedStyle = selectedStyle
        self.cellStyle = cellStyle
        self.disabledStyle = disabledStyle
        self.placeholder = placeholder
    }

    // MARK: - Drawing

    /// Draws the header and the rows in view.
    public func render(into buffer: inout ScreenBuffer, area: Rect) {
        guard let area = buffer.blankedWidgetArea(area, style: style) else { return }
        let layout = KeyValueTableLayout(area: area)
        let header = style.patched(with: headerStyle)
        buffer.set(
            string: titles.name, at: Position(x: layout.nameColumn.x, y: layout.header.y), style: header,
            clippedTo: layout.header)
        buffer.set(
            string: titles.value, at: Position(x: layout.valueColumn.x, y: layout.header.y), style: header,
            clippedTo: layout.header)
        guard !state.rows.isEmpty else {
            Line(placeholder, style: style.adding(.dim)).render(
                into: &buffer, area: layout.rows.rows(layout.rows.y, count: 1))
            return
        }
        let offset = state.visibleOffset(height: layout.rows.height)
        for y in layout.rows.y..<layout.rows.bottom {
            let index = offset + y - layout.rows.y
            guard index < state.rows.count else { break }
            let row = state.rows[index]
            let isSelected = index == state.selectedRow
            var rowStyle = row.isEnabled ? style : style.patched(with: disabledStyle)
            if isSelected { rowStyle = rowStyle.patched(with: selectedStyle) }
            buffer.fillRow(y, of: layout.rows, style: rowStyle)
            buffer.set(
                string: row.isEnabled ? "[x]" : "[ ]", at: Position(x: layout.rows.x, y: y), style: rowStyle,
                clippedTo: layout.rows)
            for column in [KeyValueColumn.name, .value] {
                let cell = layout.cell(column, y: y)
                let isCurrent = isSelected && isFocused && column == state.selectedColumn
                let cellStyle = isCurrent ? rowStyle.patched(with: self.cellStyle) : rowStyle
                if isCurrent, let editor = state.editor {
                    TextEditorRendering.render(
                        editor, into: &buffer, area: cell, style: cellStyle,
                        selectionStyle: Style(modifiers: .underline),
                        placeholder: "", placeholderStyle: .plain)
                    continue
                }
                buffer.fill(cell, with: .blank(cellStyle))
                buffer.drawRun(column == .name ? row.name : row.value, y: y, clip: cell) { _ in cellStyle }
            }
        }
    }

    /// Where the terminal's cursor belongs while a cell is being edited, else `nil`.
    public func cursorPosition(in area: Rect) -> Position? {
        guard let editor = state.editor, let row = state.selectedRow else { return nil }
        let layout = KeyValueTableLayout(area: area)
        let y = layout.rows.y + row - state.visibleOffset(height: layout.rows.height)
        return editor.cursorPosition(in: layout.cell(state.selectedColumn, y: y))
    }
}
