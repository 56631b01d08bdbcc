// MARK: - History: marking two entries for a diff

extension AppReducer {
    /// Marks the selected entry, or opens the diff of the marked entry and the selected one.
    static func markHistory(_ state: inout AppState) -> [Effect] {
        guard case .history(let query, let selection, let marked) = state.overlay else { return [] }
        let entries = HistoryFilter.matching(query, in: state.history)
        guard entries.indices.contains(selection) else { return [] }
        guard let marked else {
            state.overlay = .history(query: query, selection: selection, marked: selection)
            return []
        }
        guard marked != selection, entries.indices.contains(marked),
            let first = state.history.firstIndex(of: entries[marked]),
            let second = state.history.firstIndex(of: entries[selection])
        else { return [] }
        state.overlay = .historyDiff(first: first, second: second, scroll: 0)
        return []
    }
}
