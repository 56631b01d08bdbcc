/// A scrollable, filterable tree with indentation guides; its state is a `TreeState`.
///
/// ```
/// ▾ api
/// ├ ▸ auth
/// └ ▾ users
///   ├ GET list
///   └ POST create
/// ```
///
/// ```swift
/// TreeView(state: state.workspace, selectedStyle: theme[.selection]).render(into: &buffer, area: pane)
/// ```
public struct TreeView<ID: Hashable, Row: ListRow>: CursorWidget {
    /// The nodes, expansion, selection, scroll position and filter.
    public var state: TreeState<ID, Row>
    /// The style under every row.
    public var style: Style
    /// The style laid over the selected row.
    public var selectedStyle: Style
    /// The style of guides and disclosure triangles.
    public var guideStyle: Style
    /// The style laid over characters that matched the filter.
    public var matchStyle: Style
    /// The style of the filter line.
    public var filterStyle: Style
    /// Spans drawn between a node's disclosure triangle and its text (a coloured method badge); never
    /// matched by the filter. Asked only for the rows in view, so it may read state the nodes do not hold.
    public var badge: (ID, Row) -> [Span]
    /// Spans drawn right after a node's text (an unsaved or busy marker); asked only for the rows in view.
    public var marker: (ID, Row) -> [Span]
    /// A node's own style, laid over `style` (the row's `style` unless told): asked while drawing, so a row
    /// may name a role of the theme shown now rather than keep a style that goes stale when it changes.
    public var rowStyle: (ID, Row) -> Style

    /// Creates a tree view.
    public init(
        state: TreeState<ID, Row>, style: Style = .plain, selectedStyle: Style = Style(modifiers: .reverse),
        guideStyle: Style = Style(modifiers: .dim), matchStyle: Style = Style(fg: .yellow, modifiers: .bold),
        filterStyle: Style = Style(modifiers: .bold), badge: @escaping (ID, Row) -> [Span] = { _, _ in [] },
        marker: @escaping (ID, Row) -> [Span] = { _, _ in [] },
        rowStyle: @escaping (ID, Row) -> Style = { _, row in row.style }
    ) {
        self.state = state
        self.style = style
        self.selectedStyle = selectedStyle
        self.guideStyle = guideStyle
        self.matchStyle = matchStyle
        self.filterStyle = filterStyle
        self.badge = badge
        self.marker = marker
        self.rowStyle = rowStyle
    }

    // MARK: - Drawing

    /// Draws the rows in view and the filter line.
    public func render(into buffer: inout ScreenBuffer, area: Rect) {
        guard let area = buffer.blankedWidgetArea(area, style: style) else { return }
        if state.showsFilterLine {
            Line([Span("/" + state.filter, style: filterStyle)]).render(
                into: &buffer, area: area.rows(area.bottom - 1, count: 1))
        }
        let rowsArea = state.rowsArea(in: area)
        let offset = state.visibleOffset(height: rowsArea.height)
        for y in rowsArea.y..<rowsArea.bottom {
            let index = offset + y - rowsArea.y
            guard index < state.rows.count else { break }
            let row = state.rows[index]
            let item = state.item(at: row.path)
            let base = style.patched(with: rowStyle(row.id, item.row))
            let rowStyle = index == state.selectedRow ? base.patched(with: selectedStyle) : base
            buffer.fillRow(y, of: rowsArea, style: rowStyle)
            let prefix = Self.prefix(of: row)
            let line = rowsArea.rows(y, count: 1)
            var x = buffer.set(
                string: prefix, at: line.origin, style: rowStyle.patched(with: guideStyle), clippedTo: line)
            x = draw(badge(row.id, item.row), at: x, in: line, base: rowStyle, into: &buffer)
            guard x < line.right else { continue }
            let markers = marker(row.id, item.row)
            let shown = drawText(of: item.row, row, at: x, before: markers, in: line, base: rowStyle, into: &buffer)
            draw(markers, at: x + shown, in: line, base: rowStyle, into: &buffer)
        }
    }

    /// Where the text cursor belongs: at the end of the filter while filtering, else `nil`.
    public func cursorPosition(in area: Rect) -> Position? {
        guard state.isFiltering, area.height > 0 else { return nil }
        let x = area.x + 1 + CharacterWidth.columns(of: SafeText.sanitized(state.filter))
        return x < area.right ? Position(x: x, y: area.bottom - 1) : nil
    }

    // MARK: - Internals

    /// Draws `spans` from column `x` of the one-row area `line`; returns the column after them.
    @discardableResult
    private func draw(_ spans: [Span], at x: Int, in line: Rect, base: Style, into buffer: inout ScreenBuffer) -> Int {
        var x = x
        for span in spans where x < line.right {
            x = buffer.set(
                string: span.content, at: Position(x: x, y: line.y), style: base.patched(with: span.style),
                clippedTo: line)
        }
        return x
    }

    /// Draws a row's text from column `x`, leaving room for its markers; a text too long for the room is cut
    /// with `…` in its last column. Returns the columns drawn.
    private func drawText(
        of item: Row, _ row: TreeRow<ID>, at x: Int, before markers: [Span], in line: Rect, base: Style,
        into buffer: inout ScreenBuffer
    ) -> Int {
        let textWidth = ScreenBuffer.cellWidth(of: item.spans.lazy.flatMap(\.content))
        let markerWidth = ScreenBuffer.cellWidth(of: markers.lazy.flatMap(\.content))
        let room = max(1, line.right - x - markerWidth)
        guard textWidth > room else {
            ListView<Row>.drawRow(
                item, positions: row.matchPositions, in: &buffer, area: line.columns(x, count: line.right - x),
                base: base, match: matchStyle)
            return textWidth
        }
        ListView<Row>.drawRow(
            item, positions: row.matchPositions, in: &buffer, area: line.columns(x, count: room - 1), base: base,
            match: matchStyle)
        buffer.set(string: "…", at: Position(x: x + room - 1, y: line.y), style: base, clippedTo: line)
        return room
    }

    /// The guides, connector and disclosure triangle drawn before a row's text.
    static func prefix(of row: TreeRow<ID>) -> String {
        var text = ""
        for continues in row.guides { text += continues ? "│ " : "  " }
        if row.depth > 0 { text += row.isLastSibling ? "└ " : "├ " }
        if row.hasChildren { text += row.isExpanded ? "▾ " : "▸ " }
        return text
    }

    /// The column (from the area's left) of a row's disclosure triangle.
    static func disclosureColumn(of row: TreeRow<ID>) -> Int {
        2 * row.guides.count + (row.depth > 0 ? 2 : 0)
    }
}
