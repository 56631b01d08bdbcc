import FerryTerminal

/// What the request editor draws over a body it checks and completes (a GraphQL query, a gRPC request's JSON):
/// the problems' places underlined and the completion list under the cursor.
struct BodyEditorMarks {
    /// The most completions listed at once.
    static let listedCompletions = 6

    /// The colours.
    let theme: Theme

    /// Underlines, in the body editor drawn in `area`, the name (or the quoted key) at each 1-based line and
    /// column of `places`.
    func underline(
        _ places: [(line: Int, column: Int)], of editor: TextEditorState, in area: Rect,
        into buffer: inout ScreenBuffer
    ) {
        let scroll = editor.visibleScroll(in: area.size)
        let style = theme[.error].adding(.underline)
        for place in places {
            let line = place.line - 1
            guard editor.lines.indices.contains(line) else { continue }
            let characters = editor.lines[line]
            let column = min(max(0, place.column - 1), characters.count)
            let length: Int
            if characters[column...].first == "\"" {
                let key = characters[(column + 1)...].prefix { $0 != "\"" }
                length = min(characters.count - column, key.count + 2)
            } else {
                length = characters[column...].prefix { $0 == "_" || $0.isLetter || $0.isNumber }.count
            }
            let start = editor.displayColumn(of: TextPosition(line: line, column: column))
            let end = editor.displayColumn(of: TextPosition(line: line, column: column + length))
            let width = max(1, end - start)
            let y = area.y + line - scroll.y
            guard y >= area.y, y < area.bottom else { continue }
            let x = area.x + start - scroll.x
            buffer.setStyle(style, in: Rect(x: x, y: y, width: width, height: 1).intersection(area))
        }
    }

    /// Draws `candidates` (name, then detail dimmed; the first selected) under the cursor `cursor` of the body
    /// editor drawn in `area` (above it when there is no room below), lined up with the `partial` name typed.
    func drawCompletions(
        _ candidates: [(name: String, detail: String)], partial: String, at cursor: Position, in area: Rect,
        into buffer: inout ScreenBuffer
    ) {
        let shown = Array(candidates.prefix(Self.listedCompletions))
        let width = min(area.width, max(24, shown.map { $0.name.count + $0.detail.count + 3 }.max() ?? 0))
        let height = shown.count
        let below = cursor.y + 1
        let top = below + height <= area.bottom ? below : max(area.y, cursor.y - height)
        let x = max(area.x, min(cursor.x - partial.count, area.right - width))
        for (index, candidate) in shown.enumerated() {
            let row = Rect(x: x, y: top + index, width: width, height: 1)
            let base = index == 0 ? theme[.selection] : theme[.accent]
            buffer.fill(row, with: Cell(" ", style: base))
            Line([Span(" " + candidate.name, style: base), Span(" " + candidate.detail, style: base.adding(.dim))])
                .render(into: &buffer, area: row)
        }
    }
}
