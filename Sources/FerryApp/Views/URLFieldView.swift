import FerryTerminal
import FerryWorkbench

/// The URL field: the widgets' `TextEditorState` drawn on one row, scrolled sideways to keep the cursor in view,
/// with `{{variables}}` highlighted (unresolved ones flagged), the selection laid over them and `…` at an edge
/// where the text goes on out of view.
struct URLFieldView: CursorWidget {
    /// The field's text, cursor, selection and scroll.
    let editor: TextEditorState
    /// The variables in scope, for highlighting.
    let context: VariableContext
    /// The colours.
    let theme: Theme

    /// Draws the field in the first row of `area`.
    func render(into buffer: inout ScreenBuffer, area: Rect) {
        guard area.width > 0, area.height > 0 else { return }
        let row = area.rows(area.y, count: 1)
        let characters = editor.lines.first ?? []
        var styles: [Style] = []
        styles.reserveCapacity(characters.count)
        for span in VariableHighlighter.spans(String(characters), context: context, base: theme[.text], theme: theme) {
            styles += repeatElement(span.style, count: span.content.count)
        }
        if let selection = editor.selection {
            for index in selection.lowerBound.column..<min(selection.upperBound.column, styles.count) {
                styles[index] = styles[index].patched(with: theme[.selection])
            }
        }
        let skip = editor.visibleScroll(in: row.size).x
        var spans: [Span] = []
        var column = 0
        for (index, character) in characters.enumerated() {
            let width = CharacterWidth.columns(of: character)
            defer { column += width }
            guard column >= skip else { continue }
            let style = index < styles.count ? styles[index] : theme[.text]
            if let last = spans.last, last.style == style {
                spans[spans.count - 1].content.append(character)
            } else {
                spans.append(Span(String(character), style: style))
            }
        }
        // Scrolled sideways, the first column says so (a line cut on the right ends in `…` by itself).
        if skip > 0, !spans.isEmpty {
            let hidden = spans[0].content.removeFirst()
            let marker = CharacterWidth.columns(of: hidden) > 1 ? "… " : "…"
            if spans[0].content.isEmpty { spans.removeFirst() }
            spans.insert(Span(marker, style: theme[.muted]), at: 0)
        }
        Line(spans).render(into: &buffer, area: row)
    }

    /// Where the terminal's cursor goes when the field is drawn in `area`.
    func cursorPosition(in area: Rect) -> Position? {
        editor.cursorPosition(in: area.rows(area.y, count: 1))
    }
}
