import FerryJSON
import FerryTerminal
import FerryWorkbench

// MARK: - Moving around: panes, rows, tabs, the mouse

extension AppReducer {
    /// Enter in the dialog on top: runs the search, opens the history entry, restores the trash entry, opens the
    /// run's row, or closes the dialog.
    static func activateInOverlay(_ state: inout AppState) -> [Effect] {
        if closeOverlayHelp(&state) { return [] }
        switch state.overlay {
        case .search(let text):
            state.overlay = nil
            return reduceScoped(&state, .response(.searchRun(text)))
        case .run(let selection): return openRunRow(selection, &state)
        case .some:
            state.overlay = nil
            return []
        case nil: return []
        }
    }

    /// Opens a request in the editor (keeping any unsaved edits of the one before).
    static func open(_ id: RequestID, _ state: inout AppState) {
        state.openRequest = id
        state.editor.mode = .url
        state.resetURLEditor()
        state.response.show(state.response.tab)
        state.tree.viewportHeight = state.treeRowsHeight
        state.tree.select(id: .request(id))
    }

    /// Shows the next or previous tab of the focused pane (the response's when the tree is focused).
    static func switchTab(_ step: Int, _ state: inout AppState) -> [Effect] {
        if state.panes.focus == .editor {
            state.editor.mode = .url
            let count = EditorTab.allCases.count
            state.editor.tab =
                EditorTab(rawValue: ((state.editor.tab.rawValue + step) % count + count) % count) ?? .params
            return []
        }
        return reduceScoped(&state, .response(.tabStepped(step)))
    }

    /// A mouse press focuses the pane under it and selects the row or tab; the wheel scrolls.
    static func click(_ mouse: MouseEvent, _ state: inout AppState) -> [Effect] {
        let layout = state.layout
        let position = mouse.position
        switch mouse.kind {
        case .scrollUp, .scrollDown:
            guard state.overlay == nil, let pane = layout.pane(at: position) else { return [] }
            state.panes.focus = pane
            let move: CursorMove = mouse.kind == .scrollUp ? .up : .down
            var effects: [Effect] = []
            for _ in 0..<3 {
                switch pane {
                case .tree: effects += reduceScoped(&state, .tree(.cursorMoved(move)))
                case .editor: effects += reduceScoped(&state, .editor(.cursorMoved(move)))
                case .response: effects += reduceScoped(&state, .response(.cursorMoved(move)))
                }
            }
            return effects
        case .press(.left):
            guard state.overlay == nil, let pane = layout.pane(at: position) else { return [] }
            state.panes.focus = pane
            switch pane {
            case .tree:
                return clickTree(mouse, layout: layout, &state)
            case .editor:
                if let index = RequestEditorView.tabs(for: state).index(at: position, in: layout.editorTabs) {
                    state.editor.tab = EditorTab(rawValue: index) ?? .params
                } else if layout.urlLine.contains(position), state.currentRequest != nil {
                    let field = urlFieldArea(state)
                    let inField = MouseEvent(
                        mouse.kind, at: Position(x: max(field.x, position.x), y: field.y), modifiers: mouse.modifiers)
                    return reduceScoped(&state, .editor(.urlEdited(.mouse(inField))))
                }
            case .response:
                if let index = ResponseView.tabs(for: state).index(at: position, in: layout.responseTabs) {
                    return reduceScoped(&state, .response(.tabSelected(ResponseTab(rawValue: index) ?? .body)))
                } else if layout.responseContent.contains(position) {
                    return reduceScoped(&state, .response(.contentClicked(row: position.y - layout.responseContent.y)))
                }
            }
            return []
        case .press(.middle), .press(.right), .release, .move:
            return []
        }
    }

    // MARK: - Internals

    /// The number of rows the body view has in a pane `width` columns wide.
    static func bodyRowCount(_ body: ResponseBody, width: Int) -> Int {
        switch body {
        case .json(let tree): tree.visibleRowCount
        case .text(let text): text.lineCount
        case .binary(let hex): hex.rowCount(width: width)
        case .parsing, .empty: 0
        }
    }

    /// A cursor moved within `0..<count`.
    static func step(_ cursor: Int, _ move: CursorMove, count: Int, page: Int) -> Int {
        guard count > 0 else { return 0 }
        let next: Int
        switch move {
        case .up: next = cursor - 1
        case .down: next = cursor + 1
        case .pageUp: next = cursor - max(1, page - 1)
        case .pageDown: next = cursor + max(1, page - 1)
        case .home: next = 0
        case .end: next = count - 1
        case .left, .right: next = cursor
        }
        return min(max(0, next), count - 1)
    }

    /// The scroll that keeps `cursor` on a page of `page` rows.
    static func scrolled(_ scroll: Int, cursor: Int, page: Int) -> Int {
        guard page > 0 else { return 0 }
        if cursor < scroll { return cursor }
        if cursor >= scroll + page { return cursor - page + 1 }
        return max(0, scroll)
    }

    /// A click in the tree: the widget selects the row (and toggles a folder when its ▸/▾ is hit); a click on
    /// a request opens it, a second click on a selected folder or file toggles it.
    private static func clickTree(_ mouse: MouseEvent, layout: WorkbenchLayout, _ state: inout AppState) -> [Effect] {
        let rows = state.tree.rowsArea(in: layout.treeList)
        let index = state.tree.visibleOffset(height: rows.height) + mouse.position.y - rows.y
        guard rows.contains(mouse.position), state.tree.rows.indices.contains(index) else { return [] }
        let wasSelected = state.tree.selectedID
        let expanded = state.tree.expanded
        state.tree.viewportHeight = state.treeRowsHeight
        _ = state.tree.handle(.mouse(mouse), area: layout.treeList)
        guard let node = state.tree.selectedID else { return [] }
        if node.requestID != nil || (node == wasSelected && state.tree.expanded == expanded) {
            return reduceScoped(&state, .tree(.rowActivated))
        }
        return []
    }
}

extension CursorMove {
    /// The key the tree widget reads for this move.
    var treeKey: Key {
        switch self {
        case .up: .up
        case .down: .down
        case .left: .left
        case .right: .right
        case .pageUp: .pageUp
        case .pageDown: .pageDown
        case .home: .home
        case .end: .end
        }
    }
}
