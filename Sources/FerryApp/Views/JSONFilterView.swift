import FerryJSON
import FerryTerminal

/// A query filter's results in the Body tab: the count (or the error with a caret under its column), then
/// one row per result with its path and value; the current result is highlighted.
struct JSONFilterView: Widget {
    /// The filter to list.
    let filter: JSONFilter
    /// The current result.
    let selected: Int
    /// The colours.
    let theme: Theme
    /// Whether the pane has the keyboard.
    let isFocused: Bool

    /// Draws the list into `area`.
    func render(into buffer: inout ScreenBuffer, area: Rect) {
        guard !area.isEmpty else { return }
        if let error = filter.error {
            let lines = [
                Line("⚠ " + filter.summary, style: theme[.error]),
                Line("  " + filter.query, style: theme[.text]),
                Line("  " + String(repeating: " ", count: max(0, error.column - 1)) + "^", style: theme[.error]),
            ]
            for (offset, line) in lines.prefix(area.height).enumerated() {
                line.render(into: &buffer, area: area.rows(area.y + offset, count: 1))
            }
            return
        }
        let hint = filter.results.isEmpty ? "  (/ edits, Esc clears)" : "  (Enter: in the tree, Esc clears)"
        Line([Span(filter.summary, style: theme[.accent].adding(.bold)), Span(hint, style: theme[.muted])])
            .render(into: &buffer, area: area.rows(area.y, count: 1))
        let list = area.rows(area.y + filter.headerHeight, count: max(0, area.height - filter.headerHeight))
        guard !list.isEmpty else { return }
        let first = JSONFilter.firstRow(selected: selected, height: list.height)
        let width = min(40, filter.results.dropFirst(first).prefix(list.height).map(\.path.count).max() ?? 0)
        for (offset, result) in filter.results.dropFirst(first).prefix(list.height).enumerated() {
            let row = list.rows(list.y + offset, count: 1)
            let path =
                result.path.count < width
                ? result.path.padding(toLength: width, withPad: " ", startingAt: 0) : result.path
            let line = Line([
                Span(path, style: result.node == nil ? theme[.muted] : theme[.jsonKey]), Span("  "),
                Span(result.preview, style: style(for: result.kind)),
            ])
            if first + offset == selected {
                let style = isFocused ? theme[.selection] : theme[.selection].adding(.dim)
                line.render(into: &buffer, area: row, highlightedWith: style)
            } else {
                line.render(into: &buffer, area: row)
            }
        }
    }

    private func style(for kind: JSONNodeKind) -> Style {
        switch kind {
        case .string: theme[.jsonString]
        case .number: theme[.jsonNumber]
        case .bool: theme[.jsonBoolean]
        case .null: theme[.jsonNull]
        case .object, .array: theme[.text]
        }
    }
}
