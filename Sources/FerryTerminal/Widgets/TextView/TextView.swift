/// Read-only lines scrolled to a first line, optionally numbered, with one line highlighted as the cursor;
/// long lines are either wrapped or shown from a column, with `…` where they are cut.
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
    /// The first column shown of every line (horizontal scrolling; ignored while wrapping); drawn as
    /// ``shownColumn(in:)``, which stops where the longest line in view ends.
    public var column = 0
    /// Whether long lines continue on the rows below instead of being cut at the right edge.
    public var wraps = false
    /// The style of the `…` drawn where a line is cut, or `nil` to cut without a mark.
    public var cutMarkStyle: Style?

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

    /// Draws the lines in view, one per row of `area` (or as many rows as each needs while wrapping).
    public func render(into buffer: inout ScreenBuffer, area: Rect) {
        guard !area.isEmpty else { return }
        let count = source.lineCount
        var first = firstLine
        if wraps, let cursorLine, cursorLine < count, cursorLine - first >= area.height {
            first = cursorLine - area.height + 1
        }
        let shown = min(area.height, max(0, count - first))
        guard shown > 0 else { return }
        let digits = max(minimumNumberDigits, String(count).count)
        let gutterWidth = lineNumberStyle == nil ? 0 : digits + 1
        let textWidth = max(1, area.width - gutterWidth)
        let lines = source.lines(first..<(first + shown)).prefix(shown)
        let start = shownColumn(of: lines, width: textWidth)
        var rows = lines.map { self.rows(of: $0, from: start, width: textWidth, height: area.height) }
        // While wrapping, lines above the cursor may take its place on screen: start lower until it shows.
        if wraps, let cursorLine, cursorLine >= first, cursorLine < first + rows.count {
            while first < cursorLine, rows[0...(cursorLine - first)].reduce(0, { $0 + $1.count }) > area.height {
                rows.removeFirst()
                first += 1
            }
        }
        var y = area.y
        for (offset, lineRows) in rows.enumerated() {
            let index = first + offset
            for (part, text) in lineRows.enumerated() {
                guard y < area.bottom else { return }
                var row = text
                if let cutMarkStyle, y == area.bottom - 1, part < lineRows.count - 1 {
                    // A wrapped line that goes on below the area: its last row on screen says so.
                    row = text.window(from: 0, width: max(1, textWidth - 1), marker: nil)
                    row.spans.append(Span("…", style: cutMarkStyle))
                }
                if let lineNumberStyle {
                    let number = part == 0 ? String(index + 1) : ""
                    let gutter = String(repeating: " ", count: max(0, digits - number.count)) + number + " "
                    row.spans.insert(Span(gutter, style: lineNumberStyle), at: 0)
                }
                let rowArea = area.rows(y, count: 1)
                if index == cursorLine {
                    row.render(into: &buffer, area: rowArea, highlightedWith: cursorStyle)
                } else {
                    row.render(into: &buffer, area: rowArea)
                }
                y += 1
            }
        }
    }

    /// The column the lines are drawn from in `area`: ``column``, but never past the point where the longest
    /// line in view ends at the right edge (as `less -S` stops), so scrolling sideways stops there; 0 while
    /// wrapping.
    public func shownColumn(in area: Rect) -> Int {
        guard !wraps, column > 0, !area.isEmpty else { return 0 }
        let count = source.lineCount
        let first = firstLine
        let shown = min(area.height, max(0, count - first))
        guard shown > 0 else { return 0 }
        let digits = max(minimumNumberDigits, String(count).count)
        let textWidth = max(1, area.width - (lineNumberStyle == nil ? 0 : digits + 1))
        return shownColumn(of: source.lines(first..<(first + shown)).prefix(shown), width: textWidth)
    }

    /// ``column`` kept so the longest of `lines` still reaches the right edge of `width` columns. Measures
    /// no line further than the column asked for plus the width, so a 50 MB line costs a screen.
    private func shownColumn(of lines: some Sequence<Line>, width: Int) -> Int {
        guard !wraps, column > 0 else { return 0 }
        var longest = 0
        for line in lines {
            if line.isWider(than: column + width - 1) { return column }
            longest = max(longest, line.width)
        }
        return max(0, longest - width)
    }

    /// `line` as the rows it takes `width` columns wide: wrapped (its first `height` screens at most, so a
    /// 50 MB line costs a screen), or the window from `start`, marked where it is cut.
    private func rows(of line: Line, from start: Int, width: Int, height: Int) -> [Line] {
        guard wraps else { return [line.window(from: start, width: width, marker: cutMarkStyle)] }
        let (head, isLonger) = line.leadingColumns(width * height)
        guard isLonger || head.width > width else { return [line] }
        var wrapped = Paragraph.wrapped(head, width: width)
        if isLonger, var last = wrapped.popLast() {
            // The line goes on past the screens shown: its last row says so.
            if last.width >= width { last = last.window(from: 0, width: width - 1, marker: nil) }
            last.spans.append(Span("…", style: cutMarkStyle ?? .plain))
            wrapped.append(last)
        }
        return wrapped
    }
}
