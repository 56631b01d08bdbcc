import FerryTerminal
import Foundation

/// The collection tree: folders, files and requests with coloured method badges and unsaved markers.
struct CollectionTreeView {
    /// The state to draw.
    let state: AppState

    /// Draws the pane into `area`.
    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let theme = state.theme
        var title = " Requests "
        if !state.treeFilter.isEmpty { title = " Requests /\(state.treeFilter) " }
        let block = WorkbenchView.pane(Line(title), focused: state.focus == .tree, theme: theme)
        block.render(into: &buffer, area: area)
        let list = block.inner(area)
        guard !list.isEmpty else { return }
        if state.treeRows.isEmpty {
            let text = state.treeFilter.isEmpty ? "No .http files here." : "Nothing matches."
            Line(text, style: theme[.muted]).render(into: &buffer, area: list.rows(list.y, count: 1))
            return
        }
        let first = min(state.treeScroll, max(0, state.treeRows.count - 1))
        for (offset, row) in state.treeRows[first...].prefix(list.height).enumerated() {
            let index = first + offset
            let rowArea = list.rows(list.y + offset, count: 1)
            let isSelected = index == state.treeSelection
            var spans = [Span(String(repeating: "  ", count: row.depth))]
            switch row.kind {
            case .folder:
                spans.append(Span((row.isExpanded ? "▾ " : "▸ ") + row.title + "/", style: theme[.accent]))
            case .file:
                spans.append(Span((row.isExpanded ? "▾ " : "▸ ") + row.title, style: theme[.text]))
            case .request(let id):
                let method = row.method ?? "GET"
                let badge = method.count > 4 ? String(method.prefix(3)) : method
                spans.append(
                    Span(
                        badge.padding(toLength: 5, withPad: " ", startingAt: 0),
                        style: theme.style(forMethod: method).adding(.bold)))
                spans.append(Span(row.title, style: theme[.text]))
                if state.isUnsaved(id) { spans.append(Span(" ●", style: theme[.warning])) }
                if let exchange = state.exchanges[id], exchange.isInFlight {
                    spans.append(Span(" ⟳", style: theme[.accent]))
                }
                if id == state.openRequest && !isSelected {
                    spans[0].content = String(spans[0].content.dropLast()) + "›"
                }
            }
            if isSelected {
                let style = state.focus == .tree ? theme[.selection] : theme[.selection].adding(.dim)
                buffer.fill(rowArea, with: .blank(style))
                var line = Line(spans)
                line.style = style
                for index in line.spans.indices { line.spans[index].style.bg = style.bg }
                line.render(into: &buffer, area: rowArea)
            } else {
                Line(spans).render(into: &buffer, area: rowArea)
            }
        }
    }
}
