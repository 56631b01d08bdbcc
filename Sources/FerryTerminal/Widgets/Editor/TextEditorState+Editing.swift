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
        guard let step = undoStack.popLast() else { return false }
        for edit in step.edits.reversed() {
            splice(edit.start..<Self.end(of: edit.inserted, from: edit.start), with: edit.removed)
        }
        redoStack.append(step)
        settle(cursor: step.cursorBefore, anchor: step.anchorBefore)
        return true
    }

    /// Re-applies the last undone edit; returns whether there was anything to redo.
    @discardableResult
    public mutating func redo() -> Bool {
        guard let step = redoStack.popLast() else { return false }
        for edit in step.edits {
            splice(edit.start..<Self.end(of: edit.removed, from: edit.start), with: edit.inserted)
        }
        undoStack.append(step)
        settle(cursor: step.cursorAfter, anchor: nil)
        return true
    }

    // MARK: - Internals

    /// Opens a new undo step before an edit of `kind`, unless the edit continues a typing or deleting run.
    mutating func recordUndo(_ kind: EditKind) {
        defer { lastEdit = kind }
        if kind != .other && kind == lastEdit && !undoStack.isEmpty { return }
        undoStack.append(UndoStep(edits: [], cursorBefore: cursor, anchorBefore: anchor, cursorAfter: cursor))
        if undoStack.count > undoLimit { undoStack.removeFirst(undoStack.count - undoLimit) }
        redoStack.removeAll()
    }

    /// Puts the cursor and selection back after undo or redo.
    mutating func settle(cursor newCursor: TextPosition, anchor newAnchor: TextPosition?) {
        cursor = newCursor
        anchor = newAnchor
        lastEdit = nil
        preferredColumn = nil
        scrollToCursor()
    }

    /// Replaces the selection (or inserts at the cursor) with `inserted` lines, recording the edit in the open
    /// undo step; the cursor ends after the inserted text.
    mutating func replaceSelection(with inserted: [[Character]]) {
        let range = selection ?? cursor..<cursor
        let removed = slice(range)
        let end = splice(range, with: inserted)
        if !undoStack.isEmpty {
            undoStack[undoStack.count - 1].edits.append(
                Edit(start: range.lowerBound, removed: removed, inserted: inserted))
            undoStack[undoStack.count - 1].cursorAfter = end
        }
        cursor = end
        anchor = nil
        preferredColumn = nil
        scrollToCursor()
    }

    /// Replaces the text in `range` with `replacement` lines; returns the position after them.
    @discardableResult
    mutating func splice(_ range: Range<TextPosition>, with replacement: [[Character]]) -> TextPosition {
        let start = range.lowerBound
        let end = range.upperBound
        var newLines = replacement
        newLines[0] = Array(lines[start.line][..<start.column]) + newLines[0]
        let last = newLines.count - 1
        let endColumn = newLines[last].count
        newLines[last].append(contentsOf: lines[end.line][end.column...])
        lines.replaceSubrange(start.line...end.line, with: newLines)
        return TextPosition(line: start.line + last, column: endColumn)
    }

    /// The position after `text` when it starts at `start`.
    static func end(of text: [[Character]], from start: TextPosition) -> TextPosition {
        text.count == 1
            ? TextPosition(line: start.line, column: start.column + text[0].count)
            : TextPosition(line: start.line + text.count - 1, column: text[text.count - 1].count)
    }

    /// Removes `range`; the cursor ends at its start.
    mutating func remove(_ range: Range<TextPosition>) {
        anchor = range.lowerBound
        cursor = range.upperBound
        replaceSelection(with: [[]])
    }
}
