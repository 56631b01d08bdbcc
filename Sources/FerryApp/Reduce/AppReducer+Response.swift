import FerryJSON

// MARK: - The response body: search, expansion, copying

extension AppReducer {
    /// Applies a response-body command to the open request's exchange.
    static func reduce(_ action: ResponseAction, _ state: inout AppState) -> [Effect] {
        switch action {
        case .cursorMoved(let move): return moveCursorInResponse(move, &state)
        case .rowActivated: return activateResponseRow(&state)
        case .searchRequested:
            // Each `/` starts a fresh search (the last one stays in force until Enter runs the new one).
            guard state.currentExchange != nil else { return [] }
            state.overlay = .search("")
            return []
        case .searchStepped(let step): return stepSearch(step, &state)
        case .jsonExpandedAll: return reshapeTree(&state) { $0.expandAll() }
        case .jsonCollapsedAll: return reshapeTree(&state) { $0 = JSONTree(document: $0.document, expandedDepth: 1) }
        case .jsonExpandedToLevel(let level):
            return reshapeTree(&state) { $0 = JSONTree(document: $0.document, expandedDepth: level) }
        case .copyRequested(let target): return copy(target, &state)
        case .wrapToggled: return toggleWrap(&state)
        case .scrolledSideways(let step): return scrollSideways(step, &state)
        case .valueOpened: return openValue(&state)
        case .bodySaveRequested: return requestBodySave(&state)
        case .bodySaveFinished(let id, let typed, let result): return bodySaveFinished(id, typed: typed, result, &state)
        }
    }
}
