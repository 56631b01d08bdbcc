extension ScreenBuffer {
    // MARK: - Drawing runs of characters (widget internals)

    /// The columns `character` takes when a widget draws it: tabs take `tabWidth`, unsafe characters the
    /// width of their visible escape, everything else at least one column.
    static func cellWidth(of character: Character) -> Int {
        if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F { return 1 }
        if character == "\t" { return tabWidth }
        if let escaped = SafeText.escape(character) { return CharacterWidth.columns(of: escaped) }
        return max(1, CharacterWidth.columns(of: character))
    }

    /// The columns a run of characters takes (see `cellWidth(of:)`).
    static func cellWidth(of characters: some Sequence<Character>) -> Int {
        var total = 0
        for character in characters { total += cellWidth(of: character) }
        return total
    }

    /// Draws `characters` on row `y` of `clip`, skipping the first `skip` columns of the run (horizontal
    /// scroll), each character in `style(index)`; returns the run column just after the last character drawn.
    ///
    /// A wide character cut by the left edge is drawn as blanks; drawing stops at the right edge.
    @discardableResult
    mutating func drawRun(
        _ characters: some Sequence<Character>, y: Int, clip: Rect, skip: Int = 0, style: (Int) -> Style
    ) -> Int {
        guard y >= clip.y, y < clip.bottom, !clip.isEmpty else { return 0 }
        var column = 0
        for (index, character) in characters.enumerated() {
            let width = Self.cellWidth(of: character)
            defer { column += width }
            if column + width <= skip { continue }
            let x = clip.x + column - skip
            if x >= clip.right { break }
            let cellStyle = style(index)
            if column < skip || x + width > clip.right {
                // Cut by an edge: blank the visible part.
                for blankX in max(x, clip.x)..<min(x + width, clip.right) {
                    set(Cell.blank(cellStyle), at: Position(x: blankX, y: y))
                }
                continue
            }
            if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
                put(character, width: 1, style: cellStyle, at: Position(x: x, y: y))
            } else if character == "\t" {
                for blankX in x..<(x + width) { set(Cell.blank(cellStyle), at: Position(x: blankX, y: y)) }
            } else if SafeText.escape(character) == nil {
                put(character, width: width, style: cellStyle, at: Position(x: x, y: y), limit: clip.right)
            } else {
                set(string: String(character), at: Position(x: x, y: y), style: cellStyle, clippedTo: clip)
            }
        }
        return column
    }

    /// Fills row `y` of `area` with blanks in `style`.
    mutating func fillRow(_ y: Int, of area: Rect, style: Style) {
        fill(area.rows(y, count: 1), with: .blank(style))
    }
}
