import FerryJSON
import Foundation

// MARK: - The response body: search, expand and collapse, copy

extension AppReducer {
    /// Runs the `/` search typed so far on the open response body and moves to the first match.
    static func applySearch(_ state: inout AppState, keepOverlay: Bool) -> [Effect] {
        guard case .search(let text) = state.overlay else { return [] }
        if !keepOverlay { state.overlay = nil }
        let page = WorkbenchLayout(size: state.size).responseContent.height
        updateCurrentExchange(&state) { exchange in
            exchange.search = text
            exchange.matches = []
            exchange.matchIndex = 0
            exchange.searchError = nil
            guard !text.isEmpty else { return }
            switch exchange.body {
            case .json(let tree):
                do {
                    exchange.matches =
                        try BodySearch.nodes(matching: text, in: tree.document)
                        ?? BodySearch.nodes(containing: text, in: tree.document)
                } catch {
                    exchange.searchError = "\(error)"
                }
            case .text(let body):
                exchange.matches = BodySearch.lines(containing: text, in: body)
            default:
                break
            }
            reveal(&exchange, page: page)
        }
        if let exchange = state.currentExchange, !exchange.search.isEmpty {
            state.responseTab = .body
            if let problem = exchange.searchError {
                state.message = .init(text: "Cannot search: \(problem)", isError: true)
            } else {
                state.message = .init(
                    text: exchange.matches.isEmpty
                        ? "No match for \(exchange.search)."
                        : "\(exchange.matches.count) match\(exchange.matches.count == 1 ? "" : "es") for \(exchange.search); n / N to move.",
                    isError: exchange.matches.isEmpty)
            }
        }
        return []
    }

    /// Moves to the next or previous match.
    static func stepSearch(_ step: Int, _ state: inout AppState) -> [Effect] {
        let page = WorkbenchLayout(size: state.size).responseContent.height
        updateCurrentExchange(&state) { exchange in
            guard !exchange.matches.isEmpty else { return }
            let count = exchange.matches.count
            exchange.matchIndex = ((exchange.matchIndex + step) % count + count) % count
            reveal(&exchange, page: page)
        }
        return []
    }

    /// Changes the JSON tree's expansion, keeping the cursor on the same node when it stays visible.
    static func reshapeTree(_ state: inout AppState, _ change: (inout JSONTree) -> Void) -> [Effect] {
        let page = WorkbenchLayout(size: state.size).responseContent.height
        updateCurrentExchange(&state) { exchange in
            guard case .json(var tree) = exchange.body else { return }
            let node = exchange.bodyCursor < tree.visibleRowCount ? tree.node(atRow: exchange.bodyCursor) : 0
            change(&tree)
            var cursor = node
            while tree.row(of: cursor) == nil, let parent = tree.document.parent(of: cursor) { cursor = parent }
            exchange.bodyCursor = tree.row(of: cursor) ?? 0
            exchange.body = .json(tree)
            exchange.bodyScroll = scrolled(exchange.bodyScroll, cursor: exchange.bodyCursor, page: page)
        }
        return []
    }

    /// Copies the selected node's value or path (OSC 52), or the selected text line.
    static func copy(_ action: AppAction, _ state: inout AppState) -> [Effect] {
        guard let exchange = state.currentExchange else { return [] }
        let wantsPath: Bool
        if case .pathCopyRequested = action { wantsPath = true } else { wantsPath = false }
        let text: String
        switch exchange.body {
        case .json(let tree):
            guard exchange.bodyCursor < tree.visibleRowCount else { return [] }
            let node = tree.node(atRow: exchange.bodyCursor)
            text = wantsPath ? tree.document.path(of: node).description : tree.document.rawText(of: node)
        case .text(let body):
            guard exchange.bodyCursor < body.lineCount else { return [] }
            text = body.line(exchange.bodyCursor)
        default:
            return []
        }
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        state.message = .init(text: "Copied \(wantsPath ? "path" : "value") \(shown)", isError: false)
        return [.copy(text)]
    }

    /// Puts the cursor on the current match, expanding the JSON nodes above it.
    private static func reveal(_ exchange: inout Exchange, page: Int) {
        guard exchange.matches.indices.contains(exchange.matchIndex) else { return }
        let target = exchange.matches[exchange.matchIndex]
        switch exchange.body {
        case .json(var tree):
            var ancestor = tree.document.parent(of: target)
            while let node = ancestor {
                if tree.isCollapsed(node) { tree.setCollapsed(false, node) }
                ancestor = tree.document.parent(of: node)
            }
            exchange.bodyCursor = tree.row(of: target) ?? 0
            exchange.body = .json(tree)
        case .text:
            exchange.bodyCursor = target
        default:
            return
        }
        exchange.bodyScroll = max(0, exchange.bodyCursor - page / 3)
    }
}
