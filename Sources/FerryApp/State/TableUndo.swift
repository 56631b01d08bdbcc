import FerryTerminal
import FerryWorkbench

/// Which table an undo history belongs to: a request's tab.
struct TableUndoKey: Hashable, Sendable {
    /// The request.
    var request: RequestID
    /// The tab whose table it is (params, headers, body).
    var tab: EditorTab
}

/// A table's undo history as the keyboard left it.
struct TableUndo: Sendable, Equatable {
    /// The request when it was left: the history applies only while the request is still that (an edit of the
    /// URL or the file in between starts the table afresh).
    var request: SavedRequest?
    /// ``KeyValueTableState/undoHistory`` then.
    var history: [[KeyValueRow]]
}

extension AppState {
    /// The table that has the keyboard now, with its key.
    var openTable: (key: TableUndoKey, table: KeyValueTableState)? {
        guard let id = openRequest else { return nil }
        let key = TableUndoKey(request: id, tab: editor.tab)
        switch editor.mode {
        case .params(let table), .headers(let table), .fields(let table): return (key, table)
        case .url, .body: return nil
        }
    }

    /// Keeps the undo history of the table `before` the action when the action closed it, and gives a table the
    /// action opened the history it had, when the request is as it was left.
    mutating func carryTableUndo(from before: (key: TableUndoKey, table: KeyValueTableState)?) {
        let now = openTable
        if let before, now?.key != before.key || now == nil {
            editor.tableUndo[before.key] = TableUndo(
                request: editor.drafts[before.key.request] ?? savedRequest(before.key.request),
                history: before.table.undoHistory)
        }
        guard let now, now.key != before?.key, let kept = editor.tableUndo[now.key], kept.request == currentRequest,
            !now.table.canUndo
        else { return }
        var table = now.table
        table.restoreUndoHistory(kept.history)
        switch editor.mode {
        case .params: editor.mode = .params(table)
        case .headers: editor.mode = .headers(table)
        case .fields: editor.mode = .fields(table)
        case .url, .body: break
        }
    }
}
