/// The bar at the bottom of the screen: a line on the left (mode, messages) that is never cut silently, and
/// key hints on the right of its last row when they fit.
///
/// The left line wraps at word boundaries over as many rows as the bar is given (see `rowCount(width:limit:)`);
/// only when even those are too few does its last row end in `…`. The hints are alternatives, fullest first:
/// the first that fits beside the left line is drawn right-aligned, none when none fits.
///
/// ```swift
/// let bar = StatusBar(left: Line(" NORMAL "), hints: [Line("F1 help  ^Q quit"), Line("^Q quit")],
///                     style: theme[.statusBar])
/// bar.render(into: &buffer, area: screen.rows(screen.bottom - bar.rowCount(width: 80, limit: 3), count: 3))
/// ```
public struct StatusBar: Widget, Hashable, Sendable {
    /// What is drawn from the left edge (wrapped when long).
    public var left: Line
    /// Key hints for the right edge, fullest first.
    public var hints: [Line]
    /// The style of the whole bar, under both sides.
    public var style: Style

    /// Creates a status bar.
    public init(left: Line = Line([]), hints: [Line] = [], style: Style = Style(modifiers: .reverse)) {
        self.left = left
        self.hints = hints
        self.style = style
    }

    // MARK: - Size

    /// The rows the left line takes at `width` columns: one, or more when it wraps, at most `limit`.
    public func rowCount(width: Int, limit: Int) -> Int {
        min(max(1, Paragraph.wrapped(left, width: max(1, width)).count), max(1, limit))
    }

    // MARK: - Drawing

    /// Draws the bar into `area`: the left line over its rows, the hints on the last row drawn.
    public func render(into buffer: inout ScreenBuffer, area: Rect) {
        let area = area.intersection(buffer.area)
        guard !area.isEmpty else { return }
        buffer.fill(area, with: .blank(style))
        let rows = Paragraph.wrapped(left, width: area.width)
        var shown = Array(rows.prefix(area.height))
        if rows.count > shown.count, let last = shown.popLast() {
            shown.append(Self.markedCut(last, width: area.width, style: style))
        }
        for (offset, row) in shown.enumerated() {
            var styled = row
            styled.style = style.patched(with: row.style)
            styled.render(into: &buffer, area: area.rows(area.y + offset, count: 1))
        }
        let lastRow = area.rows(area.y + max(0, shown.count - 1), count: 1)
        let used = shown.last?.width ?? 0
        if var hint = hints.first(where: { used + $0.width + 1 < area.width }) {
            hint.style = style.patched(with: hint.style)
            hint.render(into: &buffer, area: lastRow, alignment: .right)
        }
    }

    /// `line` shortened to end with an ellipsis inside `width` columns.
    static func markedCut(_ line: Line, width: Int, style: Style) -> Line {
        var text = line.plainText
        while !text.isEmpty && CharacterWidth.columns(of: text) + 1 > width { text.removeLast() }
        var spans = line.spans
        let keep = text.count
        var counted = 0
        for index in spans.indices {
            let characters = spans[index].content.count
            if counted + characters > keep {
                spans[index].content = String(spans[index].content.prefix(max(0, keep - counted)))
            }
            counted += characters
        }
        spans.append(Span("…", style: style))
        return Line(spans.filter { !$0.content.isEmpty }, style: line.style)
    }
}
