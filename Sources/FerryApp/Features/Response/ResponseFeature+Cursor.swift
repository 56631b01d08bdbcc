import FerryJSON
import FerryTerminal
import FerryWorkbench

// MARK: - Moving in the tab shown: body rows and JSON nodes, live events, Tests rows, a detail tab's lines

extension ResponseFeature {
    /// Moves the cursor of the tab shown: the Tests rows, the live events, the lines of a detail tab, the
    /// filter's list, or the body's rows (← and → fold and unfold JSON).
    static func moveCursor(_ move: CursorMove, _ state: inout State, _ context: Context) -> FeatureOutput {
        let page = context.content.height
        let exchange = state.exchange(in: context)
        if state.tab == .tests {
            let count = ScriptReportRow.rows(exchange?.scriptOutcomes ?? []).count
            state.testsCursor = AppReducer.step(state.testsCursor, move, count: count, page: page)
            state.detailScroll = AppReducer.scrolled(state.detailScroll, cursor: state.testsCursor, page: page)
            return .none
        }
        if state.showsLiveEvents(of: exchange) {
            state.updateExchange(of: context.openRequest) { moveEventSelection(move, &$0) }
            return .none
        }
        if state.tab != .body {
            state.detailScroll = max(0, AppReducer.step(state.detailScroll, move, count: Int.max / 2, page: page))
            return .none
        }
        if state.listsFilter(of: exchange, focused: context.isFocused) {
            state.updateExchange(of: context.openRequest) { moveInFilter(move, &$0, page: page) }
            return .none
        }
        let width = context.content.width
        state.updateExchange(of: context.openRequest) { exchange in
            if move == .left || move == .right {
                fold(move, &exchange, page: page)
                return
            }
            let count = AppReducer.bodyRowCount(exchange.body, width: width)
            exchange.viewport.cursor = AppReducer.step(exchange.viewport.cursor, move, count: count, page: page)
            exchange.viewport.scroll = AppReducer.scrolled(
                exchange.viewport.scroll, cursor: exchange.viewport.cursor, page: page)
        }
        return .none
    }

    /// Enter: opens the test's row, toggles the live event, closes the filter's list, or toggles the JSON node
    /// under the cursor.
    static func activateRow(_ state: inout State, _ context: Context) -> FeatureOutput {
        let exchange = state.exchange(in: context)
        if state.tab == .tests {
            let rows = ScriptReportRow.rows(exchange?.scriptOutcomes ?? [])
            guard rows.indices.contains(state.testsCursor), let location = rows[state.testsCursor].location else {
                return .none
            }
            return FeatureOutput(requests: [.openScriptLocation(location)])
        }
        if state.showsLiveEvents(of: exchange) {
            state.updateExchange(of: context.openRequest) { $0.eventSelection?.reshape(0) }
            return .none
        }
        if state.listsFilter(of: exchange, focused: context.isFocused) {
            return closeFilter(showing: true, &state, context)
        }
        state.updateExchange(of: context.openRequest) { exchange in
            guard case .json(var tree) = exchange.body, exchange.viewport.cursor < tree.visibleRowCount else { return }
            let node = tree.node(atRow: exchange.viewport.cursor)
            guard tree.document.kind(of: node).isContainer else { return }
            tree.toggle(node)
            exchange.body = .json(tree)
        }
        return .none
    }

    /// A click on the tab's content, `row` rows below its top: a row of the query filter's list (a second
    /// click shows it in the tree), or a body row (a second click toggles it).
    static func click(row: Int, _ state: inout State, _ context: Context) -> FeatureOutput {
        let exchange = state.exchange(in: context)
        if state.listsFilter(of: exchange, focused: context.isFocused) {
            return clickFilter(row: row, &state, context)
        }
        guard state.tab == .body else { return .none }
        var toggle = false
        state.updateExchange(of: context.openRequest) { exchange in
            let target = exchange.viewport.scroll + row
            guard target < AppReducer.bodyRowCount(exchange.body, width: context.content.width) else { return }
            toggle = exchange.viewport.cursor == target
            exchange.viewport.cursor = target
        }
        return toggle ? activateRow(&state, context) : .none
    }

    /// ← folds the JSON node under the cursor (or goes to its parent), → unfolds it.
    private static func fold(_ move: CursorMove, _ exchange: inout Exchange, page: Int) {
        guard case .json(var tree) = exchange.body, exchange.viewport.cursor < tree.visibleRowCount else { return }
        let node = tree.node(atRow: exchange.viewport.cursor)
        if move == .left && tree.document.kind(of: node).isContainer && !tree.isCollapsed(node) {
            tree.setCollapsed(true, node)
        } else if move == .left, let parent = tree.document.parent(of: node), let row = tree.row(of: parent) {
            exchange.viewport.cursor = row
        } else if move == .right && tree.isCollapsed(node) {
            tree.setCollapsed(false, node)
        }
        exchange.body = .json(tree)
        exchange.viewport.scroll = AppReducer.scrolled(
            exchange.viewport.scroll, cursor: exchange.viewport.cursor, page: page)
    }

    /// ↑/↓ select the previous or next event (↑ from none selects the newest, ↓ past the newest follows the
    /// newest again); → and ← expand or collapse the selected event's JSON data a level.
    private static func moveEventSelection(_ move: CursorMove, _ exchange: inout Exchange) {
        guard let events = exchange.events, events.count > 0 else { return }
        let first = events.count - events.latest.count
        let newest = events.count - 1
        let current = exchange.eventSelection.map { $0.ordinal }
        var target: Int?
        switch move {
        case .up: target = max(first, (current ?? events.count) - 1)
        case .down: target = current.flatMap { $0 < newest ? $0 + 1 : nil }
        case .pageUp, .home: target = first
        case .end, .pageDown: target = nil
        case .left, .right:
            exchange.eventSelection?.reshape(move == .right ? 1 : -1)
            return
        }
        guard target != current else { return }
        exchange.eventSelection = target.flatMap { EventSelection(ordinal: $0, in: events) }
    }
}
