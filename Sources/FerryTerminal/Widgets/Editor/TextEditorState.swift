/// The state of a text editor shared by `TextField` (one line) and `TextArea` (many lines): the text, the
/// cursor, the selection, undo/redo history and the scroll position.
///
/// Everything is a pure value operation: the app keeps the state and feeds it events.
/// Cursor movement is by character (grapheme), word (Ctrl/Alt-Left/Right, Alt-B/F) and line (Home/End,
/// Ctrl-A/E); Shift extends the selection; Ctrl-Z undoes, Ctrl-Y (or Ctrl-Shift-Z) redoes; a paste event
/// inserts its text in one undo step. Wide characters (CJK, emoji) take two columns.
///
/// ```swift
/// var url = TextEditorState(text: "https://")
/// if url.handle(event, area: urlArea) { return }   // typed, moved, pasted…
/// TextField(state: url, placeholder: "URL").render(into: &buffer, area: urlArea)
/// frame.cursor = url.cursorPosition(in: urlArea)
/// ```
public struct TextEditorState: Hashable, Sendable {
    // MARK: - Stored state

    /// The text as lines of characters (always at least one, possibly empty, line).
    public internal(set) var lines: [[Character]]
    /// Where the cursor is.
    public internal(set) var cursor: TextPosition
    /// The other end of the selection, when there is one.
    public internal(set) var anchor: TextPosition?
    /// Whether Enter inserts a line break and Up/Down move between lines.
    public let isMultiline: Bool
    /// The scroll position: `x` in display columns, `y` in lines.
    public internal(set) var scroll: Position
    /// The size of the text area last seen by `handle(_:area:)`; used for paging and keeping the cursor in view.
    public var viewport: Size
    /// The most undo steps kept.
    public var undoLimit: Int

    var undoStack: [UndoStep]
    var redoStack: [UndoStep]
    var lastEdit: EditKind?
    var preferredColumn: Int?

    /// One replacement of text: what was at `start` and what took its place. History keeps these rather than
    /// copies of the text, so a long body's undo history costs only what changed.
    struct Edit: Hashable, Sendable {
        var start: TextPosition
        var removed: [[Character]]
        var inserted: [[Character]]
    }

    /// What one undo reverts: edits in the order they were made, and the cursor around them.
    struct UndoStep: Hashable, Sendable {
        var edits: [Edit]
        var cursorBefore: TextPosition
        var anchorBefore: TextPosition?
        var cursorAfter: TextPosition
    }

    /// What the last edit was, so runs of typing or deleting undo together.
    enum EditKind: Hashable, Sendable {
        case typing
        case deleting
        case other
    }

    // MARK: - Creating

    /// Creates an editor holding `text` with the cursor at its end.
    ///
    /// A single-line editor turns line breaks in `text` into spaces.
    public init(text: String = "", isMultiline: Bool = false) {
        self.isMultiline = isMultiline
        self.lines = Self.split(text, multiline: isMultiline)
        self.cursor = .zero
        self.anchor = nil
        self.scroll = .zero
        self.viewport = .zero
        self.undoLimit = 500
        self.undoStack = []
        self.redoStack = []
        self.lastEdit = nil
        self.preferredColumn = nil
        self.cursor = endPosition
    }

    // MARK: - Reading

    /// The whole text, lines joined with `\n`.
    public var text: String {
        var result = ""
        for (index, line) in lines.enumerated() {
            if index > 0 { result.append("\n") }
            result.append(contentsOf: line)
        }
        return result
    }

    /// Whether the text is empty.
    public var isEmpty: Bool { lines.count == 1 && lines[0].isEmpty }

    /// The selected range, ordered, or `nil` when nothing (or an empty range) is selected.
    public var selection: Range<TextPosition>? {
        guard let anchor, anchor != cursor else { return nil }
        return min(anchor, cursor)..<max(anchor, cursor)
    }

    /// The selected text, or `nil`.
    public var selectedText: String? {
        guard let selection else { return nil }
        return Self.join(slice(selection))
    }

    /// Whether `undo()` would change anything.
    public var canUndo: Bool { !undoStack.isEmpty }

    /// Whether `redo()` would change anything.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// The position after the last character.
    public var endPosition: TextPosition {
        TextPosition(line: lines.count - 1, column: lines[lines.count - 1].count)
    }

    /// The display column of the cursor in its line (wide characters count two, tabs `ScreenBuffer.tabWidth`).
    public var cursorColumn: Int { displayColumn(of: cursor) }

    /// The display column of `position` in its line.
    public func displayColumn(of position: TextPosition) -> Int {
        ScreenBuffer.cellWidth(of: lines[position.line][..<position.column])
    }

    /// The scroll position that shows the cursor in a viewport of `size`, moving as little as possible from
    /// `scroll`.
    public func visibleScroll(in size: Size) -> Position {
        var result = scroll
        let column = cursorColumn
        let cursorWidth =
            cursor.column < lines[cursor.line].count
            ? ScreenBuffer.cellWidth(of: lines[cursor.line][cursor.column]) : 1
        if size.width > 0 {
            if column < result.x {
                result.x = column
            } else if column + cursorWidth > result.x + size.width {
                result.x = column + cursorWidth - size.width
            }
        }
        result.x = max(0, result.x)
        if size.height > 0 {
            result.y = RowNavigation.offset(result.y, keeping: cursor.line, height: size.height, count: lines.count)
        } else {
            result.y = 0
        }
        return result
    }

    /// Where the cursor shows on screen when the text is drawn in `area`, or `nil` when it falls outside.
    public func cursorPosition(in area: Rect) -> Position? {
        let visible = visibleScroll(in: area.size)
        let position = Position(x: area.x + cursorColumn - visible.x, y: area.y + cursor.line - visible.y)
        return area.contains(position) ? position : nil
    }

    // MARK: - Internals

    /// `text` as lines of characters; `\r\n` and `\r` count as line breaks.
    static func split(_ text: String, multiline: Bool) -> [[Character]] {
        var result: [[Character]] = [[]]
        for character in text {
            if character == "\n" || character == "\r\n" || character == "\r" {
                if multiline {
                    result.append([])
                } else {
                    result[result.count - 1].append(" ")
                }
            } else {
                result[result.count - 1].append(character)
            }
        }
        return result
    }

    /// Lines joined with `\n`.
    static func join(_ lines: [[Character]]) -> String {
        lines.map { String($0) }.joined(separator: "\n")
    }

    /// The characters in `range`, as lines.
    func slice(_ range: Range<TextPosition>) -> [[Character]] {
        let start = range.lowerBound
        let end = range.upperBound
        if start.line == end.line { return [Array(lines[start.line][start.column..<end.column])] }
        var result = [Array(lines[start.line][start.column...])]
        for line in (start.line + 1)..<end.line { result.append(lines[line]) }
        result.append(Array(lines[end.line][..<end.column]))
        return result
    }

    /// Keeps the cursor in view of `viewport`.
    mutating func scrollToCursor() {
        scroll = visibleScroll(in: viewport)
    }
}
