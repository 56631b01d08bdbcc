/// Scrollable read-only text with line numbers and search highlights; its state is a `TextViewState`.
///
/// Only the rows in view are read from the source and drawn, so a frame costs the same for a 10-line and a
/// 10-million-line body.
///
/// ```swift
/// let view = TextView(state: state.responseBody, matchStyle: Style(bg: .yellow, fg: .black))
/// view.render(into: &buffer, area: pane)
/// frame.cursor = view.cursorPosition(in: pane)   // while typing a search
/// ```
public struct TextView<Source: TextLineSource>: Widget {
    /// The lines, scroll position and search.
    public var state: TextViewState<Source>
    /// The style of the text.
    public var style: Style
    /// The style of line numbers.
    public var lineNumberStyle: Style
    /// The style laid over every match.
    public var matchStyle: Style
    /// The style laid over the current match.
    public var currentMatchStyle: Style
    /// The style of the search line.
    public var searchStyle: Style

    /// Creates a text view.
    public init(
        state: TextViewState<Source>, style: Style = .plain, lineNumberStyle: Style = Style(modifiers: .dim),
        matchStyle: Style = Style(fg: .black, bg: .yellow),
        currentMatchStyle: Style = Style(fg: .black, bg: .brightWhite, modifiers: [.bold, .underline]),
        searchStyle: Style = Style(modifiers: .bold)
    ) {
        self.state = state
        self.style = style
        self.lineNumberStyle = lineNumberStyle
        self.matchStyle = matchStyle
        self.currentMatchStyle = currentMatchStyle
        self.searchStyle = searchStyle
    }

    // MARK: - Drawing

    /// Draws the lines in view, the gutter and the search line.
    public func render(into buffer: inout ScreenBuffer, area: Rect) {
        guard let area = buffer.blankedWidgetArea(area, style: style) else { return }
        let text = state.textArea(in: area)
        if state.showsSearchLine { renderSearchLine(into: &buffer, row: area.rows(area.bottom - 1, count: 1)) }
        let count = state.source.lineCount
        let top = min(state.top, max(0, count - text.height))
        let numberStyle = style.patched(with: lineNumberStyle)
        var matchIndex = firstMatch(atOrAfter: top)
        for y in text.y..<text.bottom {
            let index = top + y - text.y
            guard index < count else { break }
            if state.gutterWidth > 0 {
                let number = String(index + 1)
                let x = area.x + state.gutterWidth - 1 - number.count
                buffer.set(string: number, at: Position(x: x, y: y), style: numberStyle, clippedTo: area)
            }
            var ranges: [(range: Range<Int>, isCurrent: Bool)] = []
            while matchIndex < state.matches.count && state.matches[matchIndex].line == index {
                ranges.append((state.matches[matchIndex].range, matchIndex == state.currentMatch))
                matchIndex += 1
            }
            let line = state.source.line(at: index)
            let base = style
            let match = style.patched(with: matchStyle)
            let current = style.patched(with: currentMatchStyle)
            buffer.drawRun(line, y: y, clip: text, skip: state.left) { offset in
                for entry in ranges where entry.range.contains(offset) { return entry.isCurrent ? current : match }
                return base
            }
        }
    }

    /// Where the terminal's cursor belongs while typing a search, else `nil`.
    public func cursorPosition(in area: Rect) -> Position? {
        guard state.isSearching, area.height > 0 else { return nil }
        let x = area.x + 1 + CharacterWidth.columns(of: SafeText.sanitized(state.query))
        return x < area.right ? Position(x: x, y: area.bottom - 1) : nil
    }

    // MARK: - Internals

    /// `/query` on the left and `current/total` (or "no matches") on the right.
    func renderSearchLine(into buffer: inout ScreenBuffer, row: Rect) {
        let lineStyle = style.patched(with: searchStyle)
        buffer.fill(row, with: .blank(lineStyle))
        let counter: String
        if state.query.isEmpty {
            counter = ""
        } else if state.matches.isEmpty {
            counter = "no matches"
        } else {
            counter = "\((state.currentMatch ?? 0) + 1)/\(state.matches.count)"
        }
        let counterWidth = counter.count
        Line("/" + state.query, style: lineStyle).render(
            into: &buffer, area: row.columns(row.x, count: row.width - counterWidth - 1))
        Line(counter, style: lineStyle).render(into: &buffer, area: row, alignment: .right)
    }

    /// The index of the first match on `line` or later (binary search).
    func firstMatch(atOrAfter line: Int) -> Int {
        var low = 0
        var high = state.matches.count
        while low < high {
            let middle = (low + high) / 2
            if state.matches[middle].line < line { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
