/// The state of a `KeyValueTable`: rows of name and value with an enable toggle each, the selected cell,
/// and the cell being edited (through a `TextEditorState`).
///
/// The table is a text-entry context: a printable character is always text, never a command. Typed on a
/// selected cell it starts editing that cell with the character added at the end (on an empty table it adds a
/// row and types its name), so typing can never delete, toggle or add a row by itself.
///
/// Keys when browsing: Up/Down, PgUp/PgDn, Home/End move; Left/Right pick the column; Enter or F2 edits the
/// cell; Insert adds a row below and edits its name; Delete removes the row; Ctrl-Space toggles it; Ctrl-Z
/// takes back the last change to the rows (a removed row comes back where it was). While editing: Enter keeps
/// the text (after a name, the value is edited next); Tab / Shift-Tab keep it and edit the other column; Esc
/// throws the edit away (and an added row left empty); Ctrl-Z undoes the typing, then the rows' changes. A click
/// on `[x]` toggles, a click on a cell selects it.
///
/// ```swift
/// var headers = KeyValueTableState(rows: [KeyValueRow(name: "Accept", value: "application/json")])
/// if headers.handle(event, area: pane) { return }
/// let table = KeyValueTable(state: headers)
/// table.render(into: &buffer, area: pane)
/// frame.cursor = table.cursorPosition(in: pane)
/// let sent = headers.enabledRows   // [(name, value)] of enabled, named rows
/// ```
public struct KeyValueTableState: Hashable, Sendable {
    // MARK: - Stored state

    /// The rows.
    public internal(set) var rows: [KeyValueRow]
    /// The selected row.
    public internal(set) var selectedRow: Int?
    /// The selected column.
    public internal(set) var selectedColumn: KeyValueColumn
    /// The editor of the selected cell while it is being edited.
    public internal(set) var editor: TextEditorState?
    /// The first row in view.
    public internal(set) var offset: Int
    /// The height of the rows area last seen by `handle(_:area:)`.
    public var viewportHeight: Int
    /// Whether the row being edited was just added (Esc then removes it when empty).
    var isEditingNewRow: Bool
    /// The rows before each change, most recent last, for ``undo()`` (at most ``undoLimit``).
    var undoStack: [[KeyValueRow]] = []

    /// How many changes ``undo()`` can take back.
    static let undoLimit = 100

    // MARK: - Creating

    /// Creates a table of `rows`, first row selected.
    public init(rows: [KeyValueRow] = []) {
        self.rows = rows
        self.selectedRow = rows.isEmpty ? nil : 0
        self.selectedColumn = .name
        self.editor = nil
        self.offset = 0
        self.viewportHeight = 0
        self.isEditingNewRow = false
    }

    // MARK: - Reading

    /// Whether a cell is being edited.
    public var isEditing: Bool { editor != nil }

    /// Whether ``undo()`` has a change to take back.
    public var canUndo: Bool { !undoStack.isEmpty }

    /// The rows before each change ``undo()`` can take back, oldest first: kept by the app while the table is
    /// closed, and given back with ``restoreUndoHistory(_:)`` when the same rows open again.
    public var undoHistory: [[KeyValueRow]] { undoStack }

    /// Takes back `history` (an earlier ``undoHistory`` of a table with these rows) as what ``undo()`` can undo.
    public mutating func restoreUndoHistory(_ history: [[KeyValueRow]]) {
        undoStack = Array(history.suffix(Self.undoLimit))
    }

    /// The enabled rows with a name, as pairs in order.
    public var enabledRows: [(name: String, value: String)] {
        rows.filter { $0.isEnabled && !$0.name.isEmpty }.map { (name: $0.name, value: $0.value) }
    }

    /// The first row to draw in a rows area of `height`, keeping the selection in view.
    public func visibleOffset(height: Int) -> Int {
        RowNavigation.offset(offset, keeping: selectedRow, height: height, count: rows.count)
    }

    // MARK: - Changing

    /// Replaces the rows (stops editing; keeps the selection where it can).
    public mutating func setRows(_ newRows: [KeyValueRow]) {
        rows = newRows
        undoStack = []
        editor = nil
        isEditingNewRow = false
        selectedRow = rows.isEmpty ? nil : min(selectedRow ?? 0, rows.count - 1)
        offset = visibleOffset(height: viewportHeight)
    }

    /// Selects `row` (clamped) and `column`.
    public mutating func select(row: Int, column: KeyValueColumn? = nil) {
        guard !rows.isEmpty else { return }
        selectedRow = min(max(0, row), rows.count - 1)
        if let column { selectedColumn = column }
        offset = visibleOffset(height: viewportHeight)
    }

    /// Flips whether `row` is enabled.
    public mutating func toggle(row: Int) {
        guard rows.indices.contains(row) else { return }
        rememberRows()
        rows[row].isEnabled.toggle()
    }

    /// Inserts an empty, enabled row below the selection (or first) and starts editing its name.
    public mutating func addRow() {
        commitEdit()
        rememberRows()
        let index = selectedRow.map { $0 + 1 } ?? rows.count
        rows.insert(KeyValueRow(name: "", value: ""), at: index)
        select(row: index, column: .name)
        beginEditing()
        isEditingNewRow = true
    }

    /// Removes the selected row (``undo()`` brings it back).
    public mutating func deleteSelectedRow() {
        guard selectedRow != nil else { return }
        rememberRows()
        removeSelectedRow()
    }

    /// Takes back the last change to the rows (a toggle, an added or removed row, an edited cell); returns
    /// whether there was one. An edit under way is dropped first.
    @discardableResult
    public mutating func undo() -> Bool {
        guard let previous = undoStack.popLast() else { return false }
        editor = nil
        isEditingNewRow = false
        rows = previous
        selectedRow = rows.isEmpty ? nil : min(selectedRow ?? 0, rows.count - 1)
        offset = visibleOffset(height: viewportHeight)
        return true
    }

    /// Starts editing the selected cell, cursor at the end of its text.
    public mutating func beginEditing() {
        guard let row = selectedRow else { return }
        let text = selectedColumn == .name ? rows[row].name : rows[row].value
        editor = TextEditorState(text: text)
        isEditingNewRow = false
    }

    /// Stores the edited text in the cell and stops editing.
    public mutating func commitEdit() {
        guard let editor, let row = selectedRow else { return }
        let old = selectedColumn == .name ? rows[row].name : rows[row].value
        // A new row was remembered when it was added: its first cell is part of that change.
        if editor.text != old && !isEditingNewRow { rememberRows() }
        if selectedColumn == .name { rows[row].name = editor.text } else { rows[row].value = editor.text }
        self.editor = nil
        isEditingNewRow = false
    }

    /// Stops editing without keeping the text; an added row left empty goes away.
    public mutating func cancelEdit() {
        guard editor != nil else { return }
        let removeRow = isEditingNewRow
        editor = nil
        isEditingNewRow = false
        if removeRow, let row = selectedRow, rows[row].name.isEmpty, rows[row].value.isEmpty {
            // The add is taken back whole: nothing is left to undo of it.
            _ = undoStack.popLast()
            removeSelectedRow()
            // Back to the row it was added after.
            if !rows.isEmpty { select(row: max(0, row - 1)) }
        }
    }

    // MARK: - Events

    /// Applies `event` to the table drawn in `area` (the area given to `KeyValueTable.render`); returns whether
    /// it was used.
    public mutating func handle(_ event: InputEvent, area: Rect) -> Bool {
        let layout = KeyValueTableLayout(area: area)
        viewportHeight = layout.rows.height
        if case .mouse(let mouse) = event { return handle(mouse, layout: layout) }
        if editor != nil, case .key(let key) = event {
            if handleEditing(key) { return true }
        }
        if var editor, let row = selectedRow {
            let y = layout.rows.y + row - visibleOffset(height: layout.rows.height)
            let used = editor.handle(event, area: layout.cell(selectedColumn, y: y))
            self.editor = editor
            return used
        }
        guard case .key(let key) = event else { return false }
        return handleBrowsing(key)
    }

    // MARK: - Internals

    /// Enter, Tab, Shift-Tab and Esc while editing.
    mutating func handleEditing(_ key: KeyEvent) -> Bool {
        switch key.key {
        case .enter where key.modifiers.isEmpty:
            let wasName = selectedColumn == .name
            commitEdit()
            if wasName {
                selectedColumn = .value
                beginEditing()
            }
            return true
        case .tab:
            commitEdit()
            selectedColumn = selectedColumn == .name ? .value : .name
            beginEditing()
            return true
        case .escape:
            cancelEdit()
            return true
        case .character("z") where key.modifiers == .control:
            // The cell's own typing is undone first; past it, Ctrl-Z drops the edit and goes on with the rows.
            guard let editor, !editor.canUndo else { return false }
            let isEmptyNewRow = isEditingNewRow && editor.text.isEmpty
            cancelEdit()
            if !isEmptyNewRow { undo() }
            return true
        default:
            return false
        }
    }

    /// Keys while browsing. A printable character is text: it starts editing (see the type's notes).
    mutating func handleBrowsing(_ key: KeyEvent) -> Bool {
        if let target = RowNavigation.target(
            for: key, selected: selectedRow, count: rows.count, page: viewportHeight, vimKeys: false)
        {
            select(row: target)
            return true
        }
        if case .character(let character) = key.key, key.modifiers.subtracting(.shift).isEmpty {
            startTyping(character)
            return true
        }
        let plain = key.modifiers.isEmpty
        switch key.key {
        case .left where plain:
            selectedColumn = .name
        case .right where plain:
            selectedColumn = .value
        case .character(" ") where key.modifiers == .control:
            guard let row = selectedRow else { return false }
            toggle(row: row)
        case .enter where plain, .function(2):
            guard selectedRow != nil else { return false }
            beginEditing()
        case .insert:
            addRow()
        case .delete:
            guard selectedRow != nil else { return false }
            deleteSelectedRow()
        case .character("z") where key.modifiers == .control:
            return undo()
        default:
            return false
        }
        return true
    }

    /// Starts editing the selected cell with `character` added at its end; on an empty table, adds a row first.
    mutating func startTyping(_ character: Character) {
        if selectedRow == nil { addRow() } else { beginEditing() }
        editor?.insert(String(character))
    }

    /// Keeps the rows as they are for ``undo()``.
    mutating func rememberRows() {
        undoStack.append(rows)
        if undoStack.count > Self.undoLimit { undoStack.removeFirst() }
    }

    /// Removes the selected row without remembering it.
    mutating func removeSelectedRow() {
        guard let row = selectedRow else { return }
        editor = nil
        isEditingNewRow = false
        rows.remove(at: row)
        selectedRow = rows.isEmpty ? nil : min(row, rows.count - 1)
        offset = visibleOffset(height: viewportHeight)
    }

    /// Clicks on toggles and cells, and the wheel.
    mutating func handle(_ mouse: MouseEvent, layout: KeyValueTableLayout) -> Bool {
        guard layout.rows.contains(mouse.position) else { return false }
        let top = visibleOffset(height: layout.rows.height)
        switch mouse.kind {
        case .press(.left):
            let row = top + mouse.position.y - layout.rows.y
            guard row < rows.count else { return true }
            commitEdit()
            let x = mouse.position.x
            if x < layout.nameColumn.x {
                select(row: row)
                toggle(row: row)
            } else {
                select(row: row, column: x < layout.valueColumn.x ? .name : .value)
            }
            return true
        case .scrollUp, .scrollDown:
            let direction = mouse.kind == .scrollUp ? -1 : 1
            offset = RowNavigation.scrolled(top, direction: direction, height: layout.rows.height, count: rows.count)
            if editor == nil {
                selectedRow = RowNavigation.clamp(
                    selectedRow, offset: offset, height: min(layout.rows.height, rows.count))
            }
            return true
        default:
            return false
        }
    }
}
