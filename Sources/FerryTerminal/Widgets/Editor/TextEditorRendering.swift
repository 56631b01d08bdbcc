/// Draws the visible part of a `TextEditorState` (shared by `TextField` and `TextArea`).
enum TextEditorRendering {
    /// Draws lines from the scroll position that keeps the cursor visible, the selection in `selectionStyle`,
    /// or `placeholder` when the text is empty.
    static func render(
        _ state: TextEditorState, into buffer: inout ScreenBuffer, area: Rect, style: Style, selectionStyle: Style,
        placeholder: String, placeholderStyle: Style, characterStyles: (([Character]) -> [Style])? = nil
    ) {
        guard let area = buffer.blankedWidgetArea(area, style: style) else { return }
        if state.isEmpty && !placeholder.isEmpty {
            Line(placeholder, style: style.patched(with: placeholderStyle)).render(into: &buffer, area: area)
            return
        }
        let scroll = state.visibleScroll(in: area.size)
        let selection = state.selection
        let selected = style.patched(with: selectionStyle)
        for y in area.y..<area.bottom {
            let lineIndex = scroll.y + y - area.y
            guard lineIndex < state.lines.count else { break }
            let characters = state.lines[lineIndex]
            let styles = characterStyles?(characters)
            let styleAt = { (index: Int) -> Style in
                guard let styles, styles.indices.contains(index) else { return style }
                return style.patched(with: styles[index])
            }
            guard let selection, selection.lowerBound.line <= lineIndex, selection.upperBound.line >= lineIndex else {
                buffer.drawRun(characters, y: y, clip: area, skip: scroll.x, style: styleAt)
                continue
            }
            let from = selection.lowerBound.line == lineIndex ? selection.lowerBound.column : 0
            let to = selection.upperBound.line == lineIndex ? selection.upperBound.column : Int.max
            let end = buffer.drawRun(characters, y: y, clip: area, skip: scroll.x) { index in
                index >= from && index < to ? selected : styleAt(index)
            }
            // A selected line break shows as one selected cell after the line.
            if selection.upperBound.line > lineIndex {
                let x = area.x + end - scroll.x
                if x >= area.x && x < area.right { buffer.set(Cell.blank(selected), at: Position(x: x, y: y)) }
            }
        }
    }
}
