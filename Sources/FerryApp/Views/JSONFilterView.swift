import FerryJSON
import FerryTerminal

/// A query filter's results in the Body tab: the count (or the error with a caret under its column), then
/// the results as the same foldable tree as the body's, each named by its path; the cursor's row is highlighted.
struct JSONFilterView: Widget {
    /// The filter to show.
    let filter: JSONFilter
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
        let hint = filter.results.isEmpty ? "  (/ edits, Esc clears)" : "  (←→ fold, Enter: in the tree, Esc clears)"
        Line([Span(filter.summary, style: theme[.accent].adding(.bold)), Span(hint, style: theme[.muted])])
            .render(into: &buffer, area: area.rows(area.y, count: 1))
        let list = area.rows(area.y + filter.headerHeight, count: max(0, area.height - filter.headerHeight))
        guard !list.isEmpty, let tree = filter.tree else { return }
        let first = JSONFilter.firstRow(selected: filter.selectedRow - 1, height: list.height)
        let source = JSONTreeLines(tree: tree, matches: [], theme: theme, baseDepth: 1)
        let rows = 1 + first..<min(tree.visibleRowCount, 1 + first + list.height)
        for (offset, line) in source.lines(rows).enumerated() {
            let row = list.rows(list.y + offset, count: 1)
            if rows.lowerBound + offset == filter.selectedRow {
                let style = isFocused ? theme[.selection] : theme[.selection].adding(.dim)
                line.render(into: &buffer, area: row, highlightedWith: style)
            } else {
                line.render(into: &buffer, area: row)
            }
        }
    }
}
