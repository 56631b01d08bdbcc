import FerryTerminal

// MARK: - Long lines: wrapping, sideways scrolling, opening one value whole

extension ResponseFeature {
    /// The most of a value the detail view holds (a 50 MB document is never wrapped whole; `y` copies it all).
    static let valueDetailLimit = 1 << 20

    /// The detail view's size on a screen of `size`: all of it but a margin.
    static func valueDetailSize(in size: Size) -> Size {
        Size(width: max(10, size.width - 4), height: max(3, size.height - 2))
    }

    /// Wraps the response's long lines onto the rows below, or cuts them at the edge again (with `…`).
    static func toggleWrap(_ state: inout State, _ context: Context) -> FeatureOutput {
        state.wrapsLines.toggle()
        state.detailColumn = 0
        state.updateExchange(of: context.openRequest) { $0.viewport.column = 0 }
        let key = AppKeyMap.hint(for: .toggleWrap, in: context.keyMap) ?? "w"
        return .report(
            .info(
                state.wrapsLines
                    ? "Long lines wrap (\(key) cuts them again)."
                    : "Long lines are cut with … (\(key) wraps them; < and > scroll sideways)."))
    }

    /// Scrolls the lines of the tab shown right (+1) or left (-1) by a third of the pane's width, stopping
    /// where the longest line in view ends at the right edge (as `less -S`); nothing while lines wrap (there is
    /// nothing to the side then).
    static func scrollSideways(_ step: Int, _ state: inout State, _ context: Context) -> FeatureOutput {
        guard !state.wrapsLines, state.exchange(in: context) != nil else { return .none }
        let stride = max(1, context.content.width / 3) * step
        // From the column on screen (the one kept may lie past a line since left), to the one drawn after.
        setSidewaysColumn(max(0, context.shownColumn(state) + stride), &state, context)
        setSidewaysColumn(context.shownColumn(state), &state, context)
        return .none
    }

    /// Sets the column the tab shown scrolls its lines from.
    private static func setSidewaysColumn(_ column: Int, _ state: inout State, _ context: Context) {
        if state.tab == .body {
            state.updateExchange(of: context.openRequest) { $0.viewport.column = column }
        } else {
            state.detailColumn = column
        }
    }

    /// Opens the value under the cursor whole, wrapped, in a dialog: the JSON node's text, the text line, or on
    /// the other tabs their top row (a header's whole value).
    static func openValue(_ state: State, _ context: Context) -> FeatureOutput {
        guard let exchange = state.exchange(in: context), let (title, text) = valueUnderCursor(exchange, state) else {
            return .report(.error("Nothing to open here: move to a node, a line or a header."))
        }
        let width = valueDetailSize(in: context.screen).width - 2
        let bytes = text.utf8.count
        let kept =
            bytes > valueDetailLimit ? String(decoding: Array(text.utf8.prefix(valueDetailLimit)), as: UTF8.self) : text
        let rows = kept.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
            Paragraph.wrapped(Line(String(line)), width: width).map(\.plainText)
        }
        let shown =
            bytes > valueDetailLimit
            ? " (the first \(WorkbenchView.formatBytes(valueDetailLimit)) of \(WorkbenchView.formatBytes(bytes)))" : ""
        return .present(.valueDetail(title: "\(title)\(shown) · Esc closes", rows: rows, scroll: 0))
    }

    /// The title and text of what the cursor is on, if anything.
    private static func valueUnderCursor(_ exchange: Exchange, _ state: State) -> (String, String)? {
        switch state.tab {
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
