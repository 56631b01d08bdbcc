/// Read-only lines scrolled to a first line, optionally numbered, with one line highlighted as the cursor.
///
/// Only the rows in view are read from the source (in one call) and drawn, so a frame costs the same for a
/// 10-line and a 10-million-line body. The line numbers are right-aligned in a gutter at least
/// `minimumNumberDigits` wide, followed by a space, and take the cursor line's background like the text.
///
/// ```swift
/// TextView(source: lines, top: scroll, cursorLine: cursor, cursorStyle: theme[.selection],
///          lineNumberStyle: theme[.muted]).render(into: &buffer, area: pane)
/// ```
public struct TextView<Source: TextLineSource>: Widget {
    /// The lines.
    public var source: Source
    /// The first line in view (clamped so at least the last line shows).
    public var top: Int
    /// The line drawn in `cursorStyle`, if any.
    public var cursorLine: Int?
    /// The style of the cursor line (its background is laid under every span on it).
    public var cursorStyle: Style
    /// The style of line numbers, or `nil` for no gutter.
    public var lineNumberStyle: Style?
    /// The fewest digits the gutter holds.
    public var minimumNumberDigits: Int

    /// Creates a text view.
    public init(
        source: Source, top: Int = 0, cursorLine: Int? = nil, cursorStyle: Style = Style(modifiers: .reverse),
        lineNumberStyle: Style? = Style(modifiers: .dim), minimumNumberDigits: Int = 3
    ) {
        self.source = source
        self.top = top
        self.cursorLine = cursorLine
        self.cursorStyle = cursorStyle
        self.lineNumberStyle = lineNumberStyle
        self.minimumNumberDigits = minimumNumberDigits
    }

    /// The first line drawn: `top`, kept inside the source.
    public var firstLine: Int { min(max(0, top), max(0, source.lineCount - 1)) }

    // MARK: - Drawing

    /// Draws the lines in view, one per row of `area`.
    public func render(into buffer: inout ScreenBuffer, area: Rect) {
        guard !area.isEmpty else { return }
        let count = source.lineCount
        let first = firstLine
        let shown = min(area.height, max(0, count - first))
        guard shown > 0 else { return }
        let digits = max(minimumNumberDigits, String(count).count)
        for (offset, line) in source.lines(first..<(first + shown)).prefix(shown).enumerated() {
            let index = first + offset
            var row = line
            if let lineNumberStyle {
                let number = String(index + 1)
                let gutter = String(repeating: " ", count: max(0, digits - number.count)) + number + " "
                row.spans.insert(Span(gutter, style: lineNumberStyle), at: 0)
            }
            let rowArea = area.rows(area.y + offset, count: 1)
            if index == cursorLine {
                row.render(into: &buffer, area: rowArea, highlightedWith: cursorStyle)
            } else {
                row.render(into: &buffer, area: rowArea)
            }
        }
    }
}
