import FerryTerminal

// MARK: - Opening one value whole

extension AppReducer {
    /// The most of a value the detail view holds (a 50 MB document is never wrapped whole; `y` copies it all).
    static let valueDetailLimit = 1 << 20

    /// The detail view's size on a screen of `size`: all of it but a margin.
    static func valueDetailSize(in size: Size) -> Size {
        Size(width: max(10, size.width - 4), height: max(3, size.height - 2))
    }

    /// Opens the value under the response's cursor whole, wrapped: the JSON node's text, the text line, or
    /// on the other tabs their top row (a header's whole value).
    static func openValue(_ state: inout AppState) -> [Effect] {
        guard let exchange = state.currentExchange, let (title, text) = valueUnderCursor(exchange, state) else {
            state.report(.error("Nothing to open here: move to a node, a line or a header."))
            return []
        }
        let width = valueDetailSize(in: state.size).width - 2
        let bytes = text.utf8.count
        let kept =
            bytes > valueDetailLimit ? String(decoding: Array(text.utf8.prefix(valueDetailLimit)), as: UTF8.self) : text
        let rows = kept.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
            Paragraph.wrapped(Line(String(line)), width: width).map(\.plainText)
        }
        let shown =
            bytes > valueDetailLimit
            ? " (the first \(WorkbenchView.formatBytes(valueDetailLimit)) of \(WorkbenchView.formatBytes(bytes)))" : ""
        state.overlay = .valueDetail(title: "\(title)\(shown) · Esc closes", rows: rows, scroll: 0)
        return []
    }

    /// The title and text of what the cursor is on, if anything.
    private static func valueUnderCursor(_ exchange: Exchange, _ state: AppState) -> (String, String)? {
        switch state.responseTab {
        case .body:
            switch exchange.body {
            case .json(let tree):
                guard exchange.viewport.filter == nil, exchange.viewport.cursor < tree.visibleRowCount else {
                    return nil
                }
                let node = tree.node(atRow: exchange.viewport.cursor)
                return (tree.document.path(of: node).description, tree.document.rawText(of: node))
            case .text(let body):
                guard exchange.viewport.cursor < body.lineCount else { return nil }
                return ("Line \(exchange.viewport.cursor + 1)", body.line(exchange.viewport.cursor))
            case .binary, .parsing, .empty:
                return nil
            }
        case .headers:
            guard let headers = exchange.headers?.map({ $0 }), headers.indices.contains(state.detailScroll) else {
                return nil
            }
            let header = headers[state.detailScroll]
            return (header.name, header.value)
        case .timing, .request, .tests, .errors:
            return nil
        }
    }
}
