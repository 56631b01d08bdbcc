import FerryTerminal
import Foundation

/// The collection tree: the widgets' `TreeView` over `AppState.tree`, with coloured method badges in its
/// badge column and the unsaved (●), in-flight (⟳) and open (◂) markers in its marker column.
struct CollectionTreeView: Widget {
    /// The state to draw.
    let state: AppState

    /// What an empty workspace shows: the keys that make a first request and a folder.
    var emptyWorkspaceLines: [String] {
        let keyMap = state.keyMap
        var lines = ["No .http files here."]
        if let key = AppKeyMap.hint(for: .newRequest, in: keyMap) { lines.append("\(key): a first request") }
        if let key = AppKeyMap.hint(for: .newFolder, in: keyMap) { lines.append("\(key): a folder") }
        if let key = AppKeyMap.hint(for: .importFile, in: keyMap) { lines.append("\(key): import curl, Postman…") }
        return lines
    }

    /// Draws the pane into `area`.
    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let theme = state.theme
        var title = " Requests "
        if !state.tree.filter.isEmpty { title = " Requests /\(state.tree.filter) " }
        let block = WorkbenchView.pane(Line(title), focused: state.panes.focus == .tree, theme: theme)
        block.render(into: &buffer, area: area)
        let list = block.inner(area)
        guard !list.isEmpty else { return }
        if state.tree.rows.isEmpty {
            let lines = state.tree.filter.isEmpty ? emptyWorkspaceLines : ["Nothing matches."]
            for (row, text) in lines.prefix(list.height).enumerated() {
                Line(text, style: theme[.muted]).render(into: &buffer, area: list.rows(list.y + row, count: 1))
            }
            return
        }
        let selection = state.panes.focus == .tree ? theme[.selection] : theme[.selection].adding(.dim)
        TreeView(
            state: state.tree, style: theme[.text], selectedStyle: selection, guideStyle: theme[.muted],
            matchStyle: theme[.accent].adding(.bold), filterStyle: theme[.accent],
            badge: { _, row in badge(row) }, marker: { node, _ in marker(node) },
            rowStyle: { _, row in theme[row.role] }
        ).render(into: &buffer, area: list)
    }

    /// A request's method in its colour, padded to five columns; a longer one is shown whole (`PATCH`,
    /// `DELETE`, `OPTIONS`), a custom one longer than seven letters cut with `…`.
    private func badge(_ row: CollectionRow) -> [Span] {
        guard let method = row.method else { return [] }
        let shown = method.count > 7 ? String(method.prefix(6)) + "…" : method
        return [
            Span(
                shown.padding(toLength: max(5, shown.count + 1), withPad: " ", startingAt: 0),
                style: state.theme.style(forMethod: method).adding(.bold))
        ]
    }

    /// Unsaved edits, a send in flight, and which request the editor shows.
    private func marker(_ node: CollectionNode) -> [Span] {
        guard case .request(let id) = node else { return [] }
        var spans: [Span] = []
        if state.isUnsaved(id) { spans.append(Span(" ●", style: state.theme[.warning])) }
        if let exchange = state.response.exchanges[id], exchange.isInFlight {
            spans.append(Span(" ⟳", style: state.theme[.accent]))
        }
        if id == state.openRequest && state.tree.selectedID != node {
            spans.append(Span(" ◂", style: state.theme[.accent]))
        }
        return spans
    }
}
