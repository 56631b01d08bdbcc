import FerryJSON
import Foundation

// MARK: - The response body: search, the query filter's list, expand and collapse, copy

extension ResponseFeature {
    /// Runs the `/` search `text` on the open response body, moves to the first match and shows the Body tab.
    static func runSearch(_ text: String, _ state: inout State, _ context: Context) -> FeatureOutput {
        let page = context.content.height
        state.queryHistory.record(text)
        state.updateExchange(of: context.openRequest) { exchange in
            exchange.viewport.search = text
            exchange.viewport.matches = []
            exchange.viewport.matchTotal = 0
            exchange.viewport.matchIndex = 0
            exchange.viewport.searchError = nil
            exchange.viewport.filter = nil
            guard !text.isEmpty else { return }
            switch exchange.body {
            case .json(let tree) where BodySearch.isQuery(text):
                let filter = BodySearch.filter(text, in: tree.document)
                exchange.viewport.filter = filter
                exchange.viewport.matches = filter.results.compactMap(\.node)
                exchange.viewport.matchTotal = filter.total
                if let error = filter.error {
                    exchange.viewport.searchError = "column \(error.column): \(error.message)"
                }
            case .json(let tree):
                let found = BodySearch.nodes(containing: text, in: tree.document)
                exchange.viewport.matches = found.rows
                exchange.viewport.matchTotal = found.total
            case .text(let body):
                let found = BodySearch.lines(containing: text, in: body)
                exchange.viewport.matches = found.rows
                exchange.viewport.matchTotal = found.total
            case .binary, .parsing, .empty:
                break
            }
            reveal(&exchange, page: page)
        }
        guard let exchange = state.exchange(in: context), !exchange.viewport.search.isEmpty else { return .none }
        state.tab = .body
        var message: AppState.Message
        if let filter = exchange.viewport.filter {
            let failed = filter.error != nil || filter.results.isEmpty
            message = AppState.Message(
                text: failed
                    ? filter.summary : filter.summary + "; ↑↓ or n/N move, Enter shows it in the tree, Esc clears.",
                isError: failed)
        } else if let problem = exchange.viewport.searchError {
            message = .error("Cannot search: \(problem)")
        } else {
            message = AppState.Message(
                text: exchange.viewport.matches.isEmpty
                    ? "No match for \(exchange.viewport.search)."
                    : matchSummary(exchange.viewport) + "; n / N to move.",
                isError: exchange.viewport.matches.isEmpty)
        }
        message.subject = .bodySearch(exchange.requestID)
        return .report(message)
    }

    /// The text search's count in words: `3 matches for id`, or `first 10,000 of 322,331 matches for id`
    /// when more rows match than are kept.
    static func matchSummary(_ viewport: BodyViewport) -> String {
        let total = max(viewport.matchTotal, viewport.matches.count)
        let count = BodySearch.formatCount(total)
        let kept = viewport.matches.count < total ? "first \(BodySearch.formatCount(viewport.matches.count)) of " : ""
        return "\(kept)\(count) match\(total == 1 ? "" : "es") for \(viewport.search)"
    }

    /// Moves to the next or previous match.
    static func stepSearch(_ step: Int, _ state: inout State, _ context: Context) -> FeatureOutput {
        let page = context.content.height
        state.updateExchange(of: context.openRequest) { exchange in
            let count = exchange.viewport.filter?.results.count ?? exchange.viewport.matches.count
            guard count > 0 else { return }
            exchange.viewport.matchIndex = ((exchange.viewport.matchIndex + step) % count + count) % count
            if let row = exchange.viewport.filter?.row(ofResult: exchange.viewport.matchIndex) {
                exchange.viewport.filter?.selectedRow = row
            }
            reveal(&exchange, page: page)
        }
        return .none
    }

    /// Changes the JSON tree's expansion, keeping the cursor on the same node when it stays visible.
    static func reshapeTree(
        _ state: inout State, _ context: Context, _ change: (inout JSONTree) -> Void
    ) -> FeatureOutput {
        let page = context.content.height
        state.updateExchange(of: context.openRequest) { exchange in
            guard case .json(var tree) = exchange.body else { return }
            let node = exchange.viewport.cursor < tree.visibleRowCount ? tree.node(atRow: exchange.viewport.cursor) : 0
            change(&tree)
            var cursor = node
            while tree.row(of: cursor) == nil, let parent = tree.document.parent(of: cursor) { cursor = parent }
            exchange.viewport.cursor = tree.row(of: cursor) ?? 0
            exchange.body = .json(tree)
            exchange.viewport.scroll = AppReducer.scrolled(
                exchange.viewport.scroll, cursor: exchange.viewport.cursor, page: page)
        }
        return .none
    }

    /// Copies the selected node's value or path (OSC 52), or the selected text line.
    static func copy(_ target: CopyTarget, _ state: State, _ context: Context) -> FeatureOutput {
        guard let exchange = state.exchange(in: context) else { return .none }
        let wantsPath = target == .path
        let text: String
        switch exchange.body {
        case .json
        where exchange.viewport.filter?.results.indices.contains(exchange.viewport.matchIndex) == true
            && exchange.viewport.filter?.results[exchange.viewport.matchIndex].node == nil:
            // A computed result (`length`, `keys`, a slice): its value (or the part of it the cursor is on), or
            // the query that made it.
            guard let filter = exchange.viewport.filter else { return .none }
            if wantsPath {
                text = filter.query
            } else if let tree = filter.tree,
                filter.resultIndex(ofRow: filter.selectedRow) == exchange.viewport.matchIndex
            {
                text = tree.document.rawText(of: tree.node(atRow: filter.selectedRow))
            } else {
                text = filter.results[exchange.viewport.matchIndex].preview
            }
        case .json(let tree):
            guard exchange.viewport.cursor < tree.visibleRowCount else { return .none }
            let node = tree.node(atRow: exchange.viewport.cursor)
            text = wantsPath ? tree.document.path(of: node).description : tree.document.rawText(of: node)
        case .text(let body):
            guard exchange.viewport.cursor < body.lineCount else { return .none }
            text = body.line(exchange.viewport.cursor)
        case .binary, .parsing, .empty:
            return .none
        }
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return FeatureOutput(
            effects: [.copy(text)], requests: [.report(.info("Copied \(wantsPath ? "path" : "value") \(shown)"))])
    }

    /// Puts the cursor on the current match, expanding the JSON nodes above it.
    static func reveal(_ exchange: inout Exchange, page: Int) {
        let current: Int?
        if let filter = exchange.viewport.filter {
            // The place in the body the tree's row shows (inside the result), else the result itself.
            if filter.resultIndex(ofRow: filter.selectedRow) == exchange.viewport.matchIndex,
                let node = filter.documentNode(ofRow: filter.selectedRow)
            {
                current = node
            } else {
                current =
                    filter.results.indices.contains(exchange.viewport.matchIndex)
                    ? filter.results[exchange.viewport.matchIndex].node : nil
            }
        } else {
            current =
                exchange.viewport.matches.indices.contains(exchange.viewport.matchIndex)
                ? exchange.viewport.matches[exchange.viewport.matchIndex] : nil
        }
        guard let target = current else { return }
        switch exchange.body {
        case .json(var tree):
            var ancestor = tree.document.parent(of: target)
            while let node = ancestor {
                if tree.isCollapsed(node) { tree.setCollapsed(false, node) }
                ancestor = tree.document.parent(of: node)
            }
            exchange.viewport.cursor = tree.row(of: target) ?? 0
            exchange.body = .json(tree)
        case .text:
            exchange.viewport.cursor = target
        case .binary, .parsing, .empty:
            return
        }
        exchange.viewport.scroll = max(0, exchange.viewport.cursor - page / 3)
    }

    // MARK: The query filter's list

    /// Moves through the query filter's tree of results (the body's cursor follows to the same place); ← and →
    /// fold and unfold it as the body's.
    static func moveInFilter(_ move: CursorMove, _ exchange: inout Exchange, page: Int) {
        guard var filter = exchange.viewport.filter, var tree = filter.tree, filter.treeRowCount > 0 else { return }
        let rows = max(1, page - filter.headerHeight)
        let node = tree.node(atRow: filter.selectedRow)
        switch move {
        case .right:
            tree.setCollapsed(false, node)
        case .left:
            if tree.document.childCount(of: node) > 0, !tree.isCollapsed(node) {
                tree.setCollapsed(true, node)
            } else if let parent = tree.document.parent(of: node), parent != 0 {
                filter.selectedRow = tree.row(of: parent) ?? filter.selectedRow
            }
        case .up, .down, .pageUp, .pageDown, .home, .end:
            filter.selectedRow =
                1 + AppReducer.step(filter.selectedRow - 1, move, count: filter.treeRowCount, page: rows)
        }
        filter.tree = tree
        if move == .left || move == .right {
            filter.selectedRow = tree.row(of: tree.node(atRow: filter.selectedRow)) ?? 1
        }
        exchange.viewport.matchIndex = filter.resultIndex(ofRow: filter.selectedRow) ?? exchange.viewport.matchIndex
        exchange.viewport.filter = filter
        reveal(&exchange, page: page)
    }

    /// Leaves the query filter's list: `showing` keeps the cursor on the current result in the tree (Enter),
    /// otherwise the filter is cleared altogether (Esc).
    static func closeFilter(showing: Bool, _ state: inout State, _ context: Context) -> FeatureOutput {
        state.updateExchange(of: context.openRequest) { exchange in
            guard let filter = exchange.viewport.filter else { return }
            let current =
                filter.results.indices.contains(exchange.viewport.matchIndex)
                ? filter.results[exchange.viewport.matchIndex].node : nil
            exchange.viewport.filter = nil
            if showing {
                // n / N go on stepping through the nodes the query found.
                exchange.viewport.matchIndex = current.flatMap { exchange.viewport.matches.firstIndex(of: $0) } ?? 0
            } else {
                exchange.viewport.search = ""
                exchange.viewport.matches = []
                exchange.viewport.matchTotal = 0
                exchange.viewport.matchIndex = 0
                exchange.viewport.searchError = nil
            }
        }
        return .report(.info(showing ? "Showing it in the tree; n / N go on through the results." : "Filter cleared."))
    }

    /// A click on the query filter's list selects a result; a second click on it shows it in the tree.
    static func clickFilter(row: Int, _ state: inout State, _ context: Context) -> FeatureOutput {
        let page = context.content.height
        var again = false
        state.updateExchange(of: context.openRequest) { exchange in
            guard var filter = exchange.viewport.filter else { return }
            let rows = max(1, page - filter.headerHeight)
            let first = JSONFilter.firstRow(selected: filter.selectedRow - 1, height: rows)
            let index = first + row - filter.headerHeight
            guard row >= filter.headerHeight, index < filter.treeRowCount else { return }
            again = index + 1 == filter.selectedRow
            filter.selectedRow = index + 1
            exchange.viewport.matchIndex = filter.resultIndex(ofRow: filter.selectedRow) ?? exchange.viewport.matchIndex
            exchange.viewport.filter = filter
            reveal(&exchange, page: page)
        }
        return again ? closeFilter(showing: true, &state, context) : .none
    }
}
