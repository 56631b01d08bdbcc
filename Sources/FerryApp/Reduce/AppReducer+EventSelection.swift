// MARK: - The live events: selecting one, expanding and collapsing its JSON data

extension AppReducer {
    /// ↑/↓ select the previous or next event (↑ from none selects the newest, ↓ past the newest follows the
    /// newest again); → and ← expand or collapse the selected event's JSON data a level.
    static func moveEventSelection(_ move: CursorMove, _ state: inout AppState) -> [Effect] {
        updateCurrentExchange(&state) { exchange in
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
        return []
    }

    /// Enter on the live events: collapses or expands the selected event's JSON data.
    static func toggleSelectedEvent(_ state: inout AppState) -> [Effect] {
        updateCurrentExchange(&state) { $0.eventSelection?.reshape(0) }
        return []
    }
}
