extension TextEditorState {
    // MARK: - Events

    /// Applies `event` to the editor drawn in `area` (the area given to `TextField`/`TextArea`); returns whether
    /// it was used. Enter in a single-line editor, Tab and Esc without a selection are left to the caller.
    public mutating func handle(_ event: InputEvent, area: Rect) -> Bool {
        viewport = area.size
        switch event {
        case .key(let key):
            return handle(key)
        case .paste(let text):
            paste(text)
            return true
        case .mouse(let mouse):
            return handle(mouse, area: area)
        case .resize:
            return false
        }
    }

    /// Applies a key press (using the last known viewport); returns whether it was used.
    public mutating func handle(_ key: KeyEvent) -> Bool {
        let modifiers = key.modifiers
        let shift = modifiers.contains(.shift)
        let word = modifiers.contains(.control) || modifiers.contains(.alt)
        switch key.key {
        case .character(let character):
            return handle(character: character, modifiers: modifiers)
        case .left:
            move(word ? .wordLeft : .left, extending: shift)
        case .right:
            move(word ? .wordRight : .right, extending: shift)
        case .home:
            move(modifiers.contains(.control) ? .documentStart : .lineStart, extending: shift)
        case .end:
            move(modifiers.contains(.control) ? .documentEnd : .lineEnd, extending: shift)
        case .up where isMultiline:
            move(.up, extending: shift)
        case .down where isMultiline:
            move(.down, extending: shift)
        case .pageUp where isMultiline:
            move(.pageUp, extending: shift)
        case .pageDown where isMultiline:
            move(.pageDown, extending: shift)
        case .backspace:
            if word { deleteWordBackward() } else { deleteBackward() }
        case .delete:
            if word { deleteWordForward() } else { deleteForward() }
        case .enter where isMultiline && modifiers.isEmpty:
            insertLineBreak()
        case .escape where selection != nil:
            anchor = nil
        default:
            return false
        }
        return true
    }

    // MARK: - Internals

    /// Typed characters insert; Control and Alt letters are the readline-style shortcuts.
    mutating func handle(character: Character, modifiers: KeyModifiers) -> Bool {
        if modifiers.contains(.control) {
            switch character {
            case "a": move(.lineStart)
            case "e": move(.lineEnd)
            case "k": deleteToLineEnd()
            case "u": deleteToLineStart()
            case "w": deleteWordBackward()
            case "z" where modifiers.contains(.shift): redo()
            case "z": undo()
            case "y": redo()
            default: return false
            }
            return true
        }
        if modifiers.contains(.alt) {
            switch character {
            case "b": move(.wordLeft, extending: modifiers.contains(.shift))
            case "f": move(.wordRight, extending: modifiers.contains(.shift))
            case "d": deleteWordForward()
            default: return false
            }
            return true
        }
        insert(String(character))
        return true
    }

    /// A click places the cursor; the wheel scrolls a multi-line editor, taking the cursor along.
    mutating func handle(_ mouse: MouseEvent, area: Rect) -> Bool {
        guard area.contains(mouse.position) else { return false }
        let visible = visibleScroll(in: area.size)
        switch mouse.kind {
        case .press(.left):
            let line = min(lines.count - 1, visible.y + mouse.position.y - area.y)
            let column = characterIndex(forDisplayColumn: visible.x + mouse.position.x - area.x, in: line)
            moveCursor(to: TextPosition(line: line, column: column))
            return true
        case .scrollUp, .scrollDown:
            guard isMultiline else { return false }
            let direction = mouse.kind == .scrollUp ? -1 : 1
            let top = RowNavigation.scrolled(visible.y, direction: direction, height: area.height, count: lines.count)
            scroll = Position(x: visible.x, y: top)
            if let line = RowNavigation.clamp(cursor.line, offset: top, height: min(area.height, lines.count)),
                line != cursor.line
            {
                let column = characterIndex(forDisplayColumn: cursorColumn, in: line)
                cursor = TextPosition(line: line, column: column)
                anchor = nil
            }
            return true
        default:
            return false
        }
    }
}
