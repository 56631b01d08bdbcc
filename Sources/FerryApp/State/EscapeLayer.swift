/// What the next Esc takes away: the innermost transient state first, a transfer only when nothing is left to
/// peel. ``AppState/nextEscape`` derives it from the state; the status bar says it while a transfer runs and
/// ``AppState/escapeAction`` peels exactly it, so the two can never disagree.
enum EscapeLayer: Equatable, Sendable {
    /// The dialog on top closes (its own key map binds Esc).
    case dialog
    /// The body editor or a table gives the keyboard back to the URL (or drops the cell being edited).
    case tabEditor
    /// The URL field's selection is dropped.
    case selection
    /// The response body's query filter closes.
    case responseFilter
    /// The collection tree's filter is cleared.
    case treeFilter
    /// The maximized pane gives the others their place back.
    case maximizedPane
    /// The open request's transfer is canceled.
    case transfer
    /// Nothing to peel and nothing to cancel here.
    case nothing

    /// What Esc does, in words for the status bar: `Esc clears the filter`.
    var hint: String {
        switch self {
        case .dialog: "Esc closes the dialog"
        case .tabEditor: "Esc goes back to the URL"
        case .selection: "Esc drops the selection"
        case .responseFilter: "Esc closes the query"
        case .treeFilter: "Esc clears the filter"
        case .maximizedPane: "Esc shows all panes"
        case .transfer: "Esc cancels"
        case .nothing: ""
        }
    }
}

extension AppState {
    /// What the next Esc takes away (see ``EscapeLayer``).
    var nextEscape: EscapeLayer {
        if overlay != nil { return .dialog }
        if panes.focus == .editor {
            switch editor.mode {
            case .body, .headers, .params, .fields: return .tabEditor
            case .url: if editor.urlEditor.selection != nil { return .selection }
            }
        }
        if response.listsFilter(of: currentExchange, focused: panes.focus == .response) { return .responseFilter }
        if panes.focus == .tree, !tree.filter.isEmpty { return .treeFilter }
        if panes.maximizedPane != nil { return .maximizedPane }
        if currentExchange?.isInFlight == true { return .transfer }
        return .nothing
    }
}

extension AppState {
    /// The action that peels ``nextEscape``: the layer's own feature takes it away (a remapped Esc lands here
    /// too; dialogs and the tabs' editors bind Esc in their own contexts as well).
    var escapeAction: AppAction {
        switch nextEscape {
        case .dialog: .overlay(.dismissed)
        case .tabEditor: .editor(.tabEditingEnded)
        case .selection: .editor(.selectionCleared)
        case .responseFilter: .response(.filterClosed(showing: false))
        case .treeFilter: .tree(.filterCleared)
        case .maximizedPane: .panes(.maximizeToggled)
        case .transfer, .nothing: .response(.cancelRequested)
        }
    }
}
