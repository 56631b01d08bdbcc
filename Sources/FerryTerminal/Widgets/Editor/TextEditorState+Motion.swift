extension TextEditorState {
    // MARK: - Moving the cursor

    /// Moves the cursor by `motion`; with `extending` the selection grows from where the cursor was, else
    /// the selection is dropped (Left/Right then land on its start/end).
    public mutating func move(_ motion: TextMotion, extending: Bool = false) {
        let isVertical = [.up, .down, .pageUp, .pageDown].contains(motion)
        if !isVertical { preferredColumn = nil }
        if extending {
            if anchor == nil { anchor = cursor }
        } else if let selection, motion == .left || motion == .right {
            cursor = motion == .left ? selection.lowerBound : selection.upperBound
            anchor = nil
            lastEdit = nil
            scrollToCursor()
            return
        } else {
            anchor = nil
        }
        if isVertical {
            let column = preferredColumn ?? cursorColumn
            preferredColumn = column
            let step = max(1, viewport.height)
            let delta: Int
            switch motion {
            case .up: delta = -1
            case .down: delta = 1
            case .pageUp: delta = -step
            default: delta = step
            }
            let target = cursor.line + delta
            if target < 0 {
                cursor = .zero
            } else if target >= lines.count {
                cursor = endPosition
            } else {
                cursor = TextPosition(line: target, column: characterIndex(forDisplayColumn: column, in: target))
            }
        } else {
            cursor = position(cursor, moved: motion)
        }
        lastEdit = nil
        scrollToCursor()
    }

    /// Selects the whole text, cursor at the end.
    public mutating func selectAll() {
        anchor = .zero
        cursor = endPosition
        lastEdit = nil
        scrollToCursor()
    }

    /// Places the cursor at `position` (clamped to the text) and drops the selection.
    public mutating func moveCursor(to position: TextPosition) {
        let line = min(max(0, position.line), lines.count - 1)
        cursor = TextPosition(line: line, column: min(max(0, position.column), lines[line].count))
        anchor = nil
        preferredColumn = nil
        lastEdit = nil
        scrollToCursor()
    }

    // MARK: - Internals

    /// Where `motion` (a horizontal or document motion) takes `position`.
    func position(_ position: TextPosition, moved motion: TextMotion) -> TextPosition {
        let line = lines[position.line]
        switch motion {
        case .left:
            if position.column > 0 { return TextPosition(line: position.line, column: position.column - 1) }
            if position.line > 0 {
                return TextPosition(line: position.line - 1, column: lines[position.line - 1].count)
            }
            return position
        case .right:
            if position.column < line.count { return TextPosition(line: position.line, column: position.column + 1) }
            if position.line < lines.count - 1 { return TextPosition(line: position.line + 1, column: 0) }
            return position
        case .wordLeft:
            if position.column == 0 { return self.position(position, moved: .left) }
            var column = position.column
            while column > 0 && !Self.isWordCharacter(line[column - 1]) { column -= 1 }
            while column > 0 && Self.isWordCharacter(line[column - 1]) { column -= 1 }
            return TextPosition(line: position.line, column: column)
        case .wordRight:
            if position.column == line.count { return self.position(position, moved: .right) }
            var column = position.column
            while column < line.count && !Self.isWordCharacter(line[column]) { column += 1 }
            while column < line.count && Self.isWordCharacter(line[column]) { column += 1 }
            return TextPosition(line: position.line, column: column)
        case .lineStart:
            return TextPosition(line: position.line, column: 0)
        case .lineEnd:
            return TextPosition(line: position.line, column: line.count)
        case .documentStart:
            return .zero
        case .documentEnd:
            return endPosition
        case .up, .down, .pageUp, .pageDown:
            return position
        }
    }

    /// The character offset in `line` whose display column is the last one not past `column`.
    func characterIndex(forDisplayColumn column: Int, in line: Int) -> Int {
        var used = 0
        for (index, character) in lines[line].enumerated() {
            let width = ScreenBuffer.cellWidth(of: character)
            if used + width > column { return index }
            used += width
        }
        return lines[line].count
    }

    /// Letters, digits and `_` make words.
    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
