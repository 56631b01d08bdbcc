/// A scrollable, filterable list of rows with one selected; its state is a `ListState`.
///
/// Draws the rows in view (the selected one in `selectedStyle`, filter matches in `matchStyle`) and, while a
/// filter is set, a `/filter` line at the bottom.
///
/// ```swift
/// let list = ListView(state: state.requests, selectedStyle: theme[.selection])
/// list.render(into: &buffer, area: block.inner(pane))
/// frame.cursor = list.cursorPosition(in: block.inner(pane))   // while filtering
/// ```
public struct ListView<Row: ListRow>: CursorWidget {
    /// The rows, selection, scroll position and filter.
    public var state: ListState<Row>
    /// The style under every row.
    public var style: Style
    /// The style laid over the selected row.
    public var selectedStyle: Style
    /// The style laid over characters that matched the filter.
    public var matchStyle: Style
    /// The style of the filter line.
    public var filterStyle: Style
    /// Drawn before the selected row (and as blanks before the others), such as `"> "`; empty for none.
    public var selectionSymbol: String
    /// Shown when there are no rows to show (for example "No matches").
    public var placeholder: String

    /// Creates a list view.
    public init(
        state: ListState<Row>, style: Style = .plain, selectedStyle: Style = Style(modifiers: .reverse),
        matchStyle: Style = Style(fg: .yellow, modifiers: .bold), filterStyle: Style = Style(modifiers: .bold),
        selectionSymbol: String = "", placeholder: String = ""
    ) {
        self.state = state
        self.style = style
        self.selectedStyle = selectedStyle
        self.matchStyle = matchStyle
        self.filterStyle = filterStyle
        self.selectionSymbol = selectionSymbol
        self.placeholder = placeholder
    }

    // MARK: - Drawing

    /// Draws the rows in view and the filter line.
    public func render(into buffer: inout ScreenBuffer, area: Rect) {
        guard let area = buffer.blankedWidgetArea(area, style: style) else { return }
        let rows = state.rowsArea(in: area)
        if state.showsFilterLine {
            Line([Span("/", style: filterStyle), Span(state.filter, style: filterStyle)])
                .render(into: &buffer, area: area.rows(area.bottom - 1, count: 1))
        }
        guard !state.visibleIndices.isEmpty else {
            if !placeholder.isEmpty {
                Line(placeholder, style: style.adding(.dim)).render(into: &buffer, area: rows.rows(rows.y, count: 1))
            }
            return
        }
        let offset = state.visibleOffset(height: rows.height)
        let symbolWidth = CharacterWidth.columns(of: selectionSymbol)
        for y in rows.y..<rows.bottom {
            let row = offset + y - rows.y
            guard row < state.visibleIndices.count else { break }
            let item = state.items[state.visibleIndices[row]]
            let isSelected = row == state.selectedRow
            let rowStyle =
                isSelected
                ? style.patched(with: item.style).patched(with: selectedStyle) : style.patched(with: item.style)
            buffer.fillRow(y, of: rows, style: rowStyle)
            var textArea = rows.rows(y, count: 1)
            if symbolWidth > 0 {
                if isSelected {
                    buffer.set(string: selectionSymbol, at: textArea.origin, style: rowStyle, clippedTo: textArea)
                }
                textArea = textArea.columns(textArea.x + symbolWidth, count: textArea.width - symbolWidth)
            }
            let positions = row < state.matchPositions.count ? state.matchPositions[row] : []
            Self.drawRow(item, positions: positions, in: &buffer, area: textArea, base: rowStyle, match: matchStyle)
        }
    }

    /// Where the text cursor belongs: at the end of the filter while filtering, else `nil`.
    public func cursorPosition(in area: Rect) -> Position? {
        guard state.isFiltering, area.height > 0 else { return nil }
        let x = area.x + 1 + CharacterWidth.columns(of: SafeText.sanitized(state.filter))
        return x < area.right ? Position(x: x, y: area.bottom - 1) : nil
    }

    // MARK: - Internals

    /// Draws `item`'s spans on the one-row `area`, characters at `positions` patched with `match`.
    static func drawRow(
        _ item: Row, positions: [Int], in buffer: inout ScreenBuffer, area: Rect, base: Style, match: Style
    ) {
        var characters: [Character] = []
        var styles: [Style] = []
        for span in item.spans {
            let spanStyle = base.patched(with: span.style)
            for character in span.content {
                characters.append(character)
                styles.append(spanStyle)
            }
        }
        for position in positions where position < styles.count {
            styles[position] = styles[position].patched(with: match)
        }
        buffer.drawRun(characters, y: area.y, clip: area) { styles[$0] }
    }
}
