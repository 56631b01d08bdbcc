extension TextEditorState {
    // MARK: - Replacing the text

    /// Replaces the whole text (for example when loading a saved request), cursor at the end; clears history.
    public mutating func setText(_ text: String) {
        lines = Self.split(text, multiline: isMultiline)
        cursor = endPosition
        anchor = nil
        scroll = .zero
        undoStack = []
        redoStack = []
        lastEdit = nil
        preferredColumn = nil
        scrollToCursor()
    }

    // MARK: - Editing

    /// Inserts `text` at the cursor, replacing the selection; line breaks become spaces in a single-line editor.
    public mutating func insert(_ text: String) {
        let isTypedCharacter = text.count == 1
        let breaksGroup = text.first?.isWhitespace == true
        recordUndo(isTypedCharacter && !breaksGroup ? .typing : .other)
        if isTypedCharacter && breaksGroup { lastEdit = .typing }
        replaceSelection(with: Self.split(text, multiline: isMultiline))
    }

    /// Inserts pasted text as one undo step.
    public mutating func paste(_ text: String) {
        recordUndo(.other)
        replaceSelection(with: Self.split(text, multiline: isMultiline))
    }

    /// Inserts a line break (multi-line editors), carrying over the current line's indentation.
    public mutating func insertLineBreak() {
        guard isMultiline else { return }
        recordUndo(.other)
        let indentation = lines[cursor.line].prefix { $0 == " " || $0 == "\t" }
        replaceSelection(with: [[], Array(indentation)])
    }

    /// Deletes the selection, or the character before the cursor (joining lines at a line start).
    public mutating func deleteBackward() {
        if selection != nil { return deleteSelection() }
        guard cursor != .zero else { return }
        recordUndo(.deleting)
        let start = position(cursor, moved: .left)
        remove(start..<cursor)
    }

    /// Deletes the selection, or the character after the cursor (joining lines at a line end).
    public mutating func deleteForward() {
        if selection != nil { return deleteSelection() }
        guard cursor != endPosition else { return }
        recordUndo(.deleting)
        remove(cursor..<position(cursor, moved: .right))
    }

    /// Deletes the selection, or back to the start of the word before the cursor.
    public mutating func deleteWordBackward() {
        if selection != nil { return deleteSelection() }
        guard cursor != .zero else { return }
        recordUndo(.other)
        remove(position(cursor, moved: .wordLeft)..<cursor)
    }

    /// Deletes the selection, or up to the end of the word after the cursor.
    public mutating func deleteWordForward() {
        if selection != nil { return deleteSelection() }
        guard cursor != endPosition else { return }
        recordUndo(.other)
        remove(cursor..<position(cursor, moved: .wordRight))
    }

    /// Deletes from the cursor to the end of the line (or the line break, at a line end).
    public mutating func deleteToLineEnd() {
        let end =
            cursor.column == lines[cursor.line].count
            ? position(cursor, moved: .right) : position(cursor, moved: .lineEnd)
        guard end != cursor else { return }
        recordUndo(.other)
        remove(cursor..<end)
    }

    /// Deletes from the start of the line to the cursor.
    public mutating func deleteToLineStart() {
        let start = position(cursor, moved: .lineStart)
        guard start != cursor else { return }
        recordUndo(.other)
        remove(start..<cursor)
    }

    /// Deletes the selected text.
    public mutating func deleteSelection() {
        guard let selection else { return }
        recordUndo(.other)
        remove(selection)
    }

    // MARK: - Undo

    /// Restores the text before the last edit (runs of typing or deleting undo together); returns whether
    /// there was anything to undo.
    @discardableResult
    public mutating func undo() -> Bool {
        guard let snapshot = undoStack.popLast() else { return false }
        redoStack.append(currentSnapshot)
        restore(snapshot)
        return true
    }

    /// Re-applies the last undone edit; returns whether there was anything to redo.
    @discardableResult
    public mutating func redo() -> Bool {
        guard let snapshot = redoStack.popLast() else { return false }
        undoStack.append(currentSnapshot)
        restore(snapshot)
        return true
    }

    // MARK: - Internals

    var currentSnapshot: Snapshot { Snapshot(lines: lines, cursor: cursor, anchor: anchor) }

    /// Saves the state before an edit of `kind`; a typing or deleting run adds no new step.
    mutating func recordUndo(_ kind: EditKind) {
        defer { lastEdit = kind }
        if kind != .other && kind == lastEdit { return }
        undoStack.append(currentSnapshot)
        if undoStack.count > undoLimit { undoStack.removeFirst(undoStack.count - undoLimit) }
        redoStack.removeAll()
    }

    mutating func restore(_ snapshot: Snapshot) {
        lines = snapshot.lines
        cursor = snapshot.cursor
        anchor = snapshot.anchor
        lastEdit = nil
        preferredColumn = nil
        scrollToCursor()
    }

    /// Replaces the selection (or inserts at the cursor) with `inserted` lines; the cursor ends after them.
    mutating func replaceSelection(with inserted: [[Character]]) {
        let range = selection ?? cursor..<cursor
        let start = range.lowerBound
        let end = range.upperBound
        let head = lines[start.line][..<start.column]
        let tail = lines[end.line][end.column...]
        var replacement: [[Character]] = inserted
        replacement[0] = Array(head) + replacement[0]
        let last = replacement.count - 1
        let cursorColumn = replacement[last].count
        replacement[last].append(contentsOf: tail)
        lines.replaceSubrange(start.line...end.line, with: replacement)
        cursor = TextPosition(line: start.line + last, column: cursorColumn)
        anchor = nil
        preferredColumn = nil
        scrollToCursor()
    }

    /// Removes `range`; the cursor ends at its start.
    mutating func remove(_ range: Range<TextPosition>) {
        anchor = range.lowerBound
        cursor = range.upperBound
        replaceSelection(with: [[]])
    }
}
