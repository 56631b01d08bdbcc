import FerryTerminal

// MARK: - The mouse: the pane under it, and what the press or wheel means there

extension InputRouter {
    /// The action a mouse event is in `state`: a press focuses the pane under it and selects the row or tab
    /// hit; the wheel focuses it and moves its cursor three rows. `nil` while a dialog is open (pickers take
    /// the mouse before this), and for the other buttons.
    static func route(_ mouse: MouseEvent, in state: AppState) -> AppAction? {
        let layout = state.layout
        let position = mouse.position
        if state.overlay == nil, let border = border(at: mouse, in: layout, state) { return border }
        guard state.overlay == nil, let pane = layout.pane(at: position) else { return nil }
        switch mouse.kind {
        case .scrollUp, .scrollDown:
            let move: CursorMove = mouse.kind == .scrollUp ? .up : .down
            let moved: AppAction =
                switch pane {
                case .tree: .tree(.cursorMoved(move))
                case .editor: .editor(.cursorMoved(move))
                case .response: .response(.cursorMoved(move))
                }
            return .panes(.pointed(pane, then: Array(repeating: moved, count: 3)))
        case .press(.left):
            return .panes(.pointed(pane, then: pressed(mouse, in: pane, state, layout).map { [$0] } ?? []))
        case .press(.middle), .press(.right), .release, .move:
            return nil
        }
    }

    /// What a left press means in `pane`: the tree's row, the editor's tab or URL field, the response's tab or
    /// content row (`nil`: only the focus changes).
    private static func pressed(
        _ mouse: MouseEvent, in pane: Pane, _ state: AppState, _ layout: WorkbenchLayout
    ) -> AppAction? {
        let position = mouse.position
        switch pane {
        case .tree:
            return .tree(.clicked(mouse))
        case .editor:
            if let index = RequestEditorView.tabs(for: state).index(at: position, in: layout.editorTabs) {
                return .editor(.tabSelected(EditorTab(rawValue: index) ?? .params))
            }
            guard layout.urlLine.contains(position), state.currentRequest != nil else { return nil }
            // A press left of the field's text lands on its first column.
            let field = AppReducer.urlFieldArea(state)
            let inField = MouseEvent(
                mouse.kind, at: Position(x: max(field.x, position.x), y: field.y), modifiers: mouse.modifiers)
            return .editor(.urlEdited(.mouse(inField)))
        case .response:
            if let index = ResponseView.tabs(for: state).index(at: position, in: layout.responseTabs) {
                return .response(.tabSelected(ResponseTab(rawValue: index) ?? .body))
            }
            guard layout.responseContent.contains(position) else { return nil }
            return .response(.contentClicked(row: position.y - layout.responseContent.y))
        }
    }

    /// A press on the tree's right edge or the editor's bottom edge starts moving it; the release moves it
    /// there (``PanesAction/borderPressed(_:)``); `nil` for any other press.
    private static func border(at mouse: MouseEvent, in layout: WorkbenchLayout, _ state: AppState) -> AppAction? {
        let position = mouse.position
        switch mouse.kind {
        case .press(.left):
            if layout.shows(.tree), layout.shows(.editor), position.x == layout.tree.x + layout.tree.width - 1,
                position.y >= layout.tree.y, position.y < layout.tree.y + layout.tree.height
            {
                return .panes(.borderPressed(.treeEdge))
            }
            if layout.shows(.editor), layout.shows(.response), position.y == layout.editor.y + layout.editor.height - 1,
                position.x >= layout.editor.x, position.x < layout.editor.x + layout.editor.width
            {
                return .panes(.borderPressed(.editorEdge))
            }
            return nil
        case .release: return state.panes.draggedBorder == nil ? nil : .panes(.borderReleased(at: position))
        default: return nil
        }
    }
}
