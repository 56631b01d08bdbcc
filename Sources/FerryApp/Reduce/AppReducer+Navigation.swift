import FerryJSON
import FerryTerminal
import FerryWorkbench

// MARK: - Moving around: panes, rows, tabs, the mouse

extension AppReducer {
    /// Moves the cursor of the dialog on top.
    static func moveCursorInOverlay(_ move: CursorMove, _ state: inout AppState) -> [Effect] {
        guard let overlay = state.overlay else { return [] }
        moveInOverlay(overlay, move, &state)
        return []
    }

    /// Enter in the dialog on top: runs the search, opens the history entry, restores the trash entry, opens the
    /// run's row, or closes the dialog.
    static func activateInOverlay(_ state: inout AppState) -> [Effect] {
        if closeOverlayHelp(&state) { return [] }
        switch state.overlay {
        case .search(let text):
            state.overlay = nil
            return reduceResponse(.searchRun(text), &state)
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
        syncTreeViewport(&state)
        state.tree.select(id: .request(id))
    }

    /// Shows the next or previous tab of the focused pane (the response's when the tree is focused).
    static func switchTab(_ step: Int, _ state: inout AppState) -> [Effect] {
        if state.focus == .editor {
            state.editor.mode = .url
            let count = EditorTab.allCases.count
            state.editor.tab =
                EditorTab(rawValue: ((state.editor.tab.rawValue + step) % count + count) % count) ?? .params
            return []
        }
        return reduceResponse(.tabStepped(step), &state)
    }

    /// A mouse press focuses the pane under it and selects the row or tab; the wheel scrolls.
    static func click(_ mouse: MouseEvent, _ state: inout AppState) -> [Effect] {
        let layout = state.layout
        let position = mouse.position
        switch mouse.kind {
        case .scrollUp, .scrollDown:
            guard state.overlay == nil, let pane = layout.pane(at: position) else { return [] }
            state.focus = pane
            let move: CursorMove = mouse.kind == .scrollUp ? .up : .down
            var effects: [Effect] = []
            for _ in 0..<3 {
                switch pane {
                case .tree: effects += reduceTree(.cursorMoved(move), &state)
                case .editor: effects += reduceEditor(.cursorMoved(move), &state)
                case .response: effects += reduceResponse(.cursorMoved(move), &state)
                }
            }
            return effects
        case .press(.left):
            guard state.overlay == nil, let pane = layout.pane(at: position) else { return [] }
            state.focus = pane
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
                    return reduceEditor(.urlEdited(.mouse(inField)), &state)
                }
            case .response:
                if let index = ResponseView.tabs(for: state).index(at: position, in: layout.responseTabs) {
                    return reduceResponse(.tabSelected(ResponseTab(rawValue: index) ?? .body), &state)
                } else if layout.responseContent.contains(position) {
                    return reduceResponse(.contentClicked(row: position.y - layout.responseContent.y), &state)
                }
            }
            return []
        case .press(.middle), .press(.right), .release, .move:
            return []
        }
    }

    /// Keeps scroll positions valid after a resize.
    static func clampScrolls(_ state: inout AppState) {
        let layout = state.layout
        syncTreeViewport(&state)
        let page = layout.responseContent.height
        for key in Array(state.response.exchanges.keys) {
            guard var exchange = state.response.exchanges[key] else { continue }
            exchange.viewport.scroll = scrolled(exchange.viewport.scroll, cursor: exchange.viewport.cursor, page: page)
            state.response.exchanges[key] = exchange
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

    /// Tells the tree widget how many rows its pane shows (paging and scrolling use it).
    static func syncTreeViewport(_ state: inout AppState) {
        state.tree.viewportHeight = state.tree.rowsArea(in: state.layout.treeList).height
    }

    /// A click in the tree: the widget selects the row (and toggles a folder when its ▸/▾ is hit); a click on
    /// a request opens it, a second click on a selected folder or file toggles it.
    private static func clickTree(_ mouse: MouseEvent, layout: WorkbenchLayout, _ state: inout AppState) -> [Effect] {
        let rows = state.tree.rowsArea(in: layout.treeList)
        let index = state.tree.visibleOffset(height: rows.height) + mouse.position.y - rows.y
        guard rows.contains(mouse.position), state.tree.rows.indices.contains(index) else { return [] }
        let wasSelected = state.tree.selectedID
        let expanded = state.tree.expanded
        syncTreeViewport(&state)
        _ = state.tree.handle(.mouse(mouse), area: layout.treeList)
        guard let node = state.tree.selectedID else { return [] }
        if node.requestID != nil || (node == wasSelected && state.tree.expanded == expanded) {
            return reduceTree(.rowActivated, &state)
        }
        return []
    }

    private static func moveInOverlay(_ overlay: Overlay, _ move: CursorMove, _ state: inout AppState) {
        let page = max(1, state.size.height - 6)
        switch overlay {
        case .help(let scroll, let query):
            let count = OverlayView.helpBindings(in: state, matching: query).count
            state.overlay = .help(scroll: step(scroll, move, count: count, page: page), query: query)
        case .overlayHelp(let under, let scroll, let query):
            let count = overlayHelpBindings(for: under, in: state.keyMap, matching: query).count
            state.overlay = .overlayHelp(
                under: under, scroll: step(scroll, move, count: count, page: page), query: query)
        case .problems(let scroll):
            // Lines, not entries: a long problem or error wraps over several (a generous count; the view stops).
            let count = (state.problems.map(\.description) + state.messageLog.map(\.text)).reduce(2) {
                $0 + 1 + $1.count / 40
            }
            state.overlay = .problems(scroll: step(scroll, move, count: count, page: page))
        case .run(let selection):
            state.overlay = .run(selection: step(selection, move, count: state.run?.rows.count ?? 0, page: page))
        case .valueDetail(let title, let rows, let scroll):
            let shown = ResponseFeature.valueDetailSize(in: state.size).height - 2
            let last = max(0, rows.count - shown)
            state.overlay = .valueDetail(
                title: title, rows: rows, scroll: min(last, step(scroll, move, count: rows.count, page: shown)))
        case .search(let text):
            // ↑ and ↓ bring back the queries run before (the prompt's other keys are text).
            guard move == .up || move == .down,
                let recalled = state.response.queryHistory.recall(earlier: move == .up, from: text)
            else { return }
            state.overlay = .search(recalled)
        case .confirmQuit, .treeFilter, .palette, .environmentPicker, .methodPicker, .authPicker,
            .optionsPicker, .bodyKindPicker, .themePicker,
            .namePrompt,
            .confirmDelete, .confirmDiscard, .confirmDeleteItem,
            .variableFilePicker:
            break
        case .cookies, .trash, .trust, .history, .variables, .reloadConflict:
            // These features' keys reach them as their own actions (InputRouter.scopedToDialog).
            break
        }
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
