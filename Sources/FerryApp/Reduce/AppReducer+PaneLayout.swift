import FerryTerminal

// MARK: - Giving a pane more room: hiding the tree, maximizing a pane

extension AppReducer {
    /// Hides the collection tree (the keyboard moves to the editor when the tree had it), or shows it again.
    static func toggleTree(_ state: inout AppState) -> [Effect] {
        state.isTreeHidden.toggle()
        if state.isTreeHidden {
            if state.maximizedPane == .tree { state.maximizedPane = nil }
            if state.focus == .tree { state.focus = .editor }
        }
        let key = AppKeyMap.hint(for: .toggleTree, in: state.keyMap).map { " (\($0) shows it)" } ?? ""
        state.report(.info(state.isTreeHidden ? "Tree hidden\(key)." : "Tree shown."))
        return syncViewports(&state)
    }

    /// Lets the focused pane take the screen above the status bar, or gives the other panes back their place.
    static func toggleMaximized(_ state: inout AppState) -> [Effect] {
        if state.maximizedPane == nil {
            if state.focus == .tree { state.isTreeHidden = false }
            state.maximizedPane = state.focus
        } else {
            state.maximizedPane = nil
        }
        let key = AppKeyMap.hint(for: .maximize, in: state.keyMap).map { " (\($0) gives it back)" } ?? ""
        state.report(.info(state.maximizedPane == nil ? "All panes shown." : "Pane maximized\(key)."))
        return syncViewports(&state)
    }

    /// Keeps the tree's page size and the body's scroll in step with the panes' new sizes.
    private static func syncViewports(_ state: inout AppState) -> [Effect] {
        syncTreeViewport(&state)
        let page = state.layout.responseContent.height
        updateCurrentExchange(&state) { exchange in
            exchange.viewport.scroll = scrolled(exchange.viewport.scroll, cursor: exchange.viewport.cursor, page: page)
        }
        return []
    }
}
