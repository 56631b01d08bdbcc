import FerryTerminal
import FerryWorkbench

// MARK: - Typing into the URL field and the dialogs' text fields

extension AppReducer {
    /// Inserts typed or pasted text into the field that has the keyboard.
    static func type(_ text: String, _ state: inout AppState) -> [Effect] {
        if editOverlayText({ $0 + text }, &state) { return [] }
        guard state.panes.focus == .editor else { return [] }
        return reduceScoped(&state, .editor(.textTyped(text)))
    }

    /// Deletes one character before (Backspace) or after (Delete) the cursor, or the selection.
    static func erase(backwards: Bool, _ state: inout AppState) -> [Effect] {
        if editOverlayText({ String($0.dropLast()) }, &state) { return [] }
        guard state.panes.focus == .editor else { return [] }
        return reduceScoped(&state, .editor(.erased(backwards: backwards)))
    }

    /// Applies `change` to the text of the open overlay's input (search, tree filter, history query, the help's
    /// search).
    /// Returns whether an overlay had the keyboard, in which case the URL field is left alone.
    private static func editOverlayText(_ change: (String) -> String, _ state: inout AppState) -> Bool {
        switch state.overlay {
        case .search(let current):
            state.overlay = .search(change(current))
        case .treeFilter(let current):
            let filter = change(current)
            state.overlay = .treeFilter(filter)
            state.tree.setFilter(filter)
        case .history(let view):
            _ = scope(
                &state, \.historyView, context: HistoryFeature.Context(state), .queryChanged(change(view.query)),
                HistoryFeature.reduce)
        case .help(_, let query):
            state.overlay = .help(scroll: 0, query: change(query))
        case .overlayHelp(let under, _, let query):
            state.overlay = .overlayHelp(under: under, scroll: 0, query: change(query))
        case .some:
            break
        case nil:
            return false
        }
        return true
    }

    /// The methods the picker offers.
    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]

    /// Applies an edit to a request; the result is a draft (kept across switching, written to
    /// `.ferry/drafts`) unless it matches what is saved.
    static func edit(_ id: RequestID, _ state: inout AppState, _ change: (inout SavedRequest) -> Void) -> [Effect] {
        let workspace = state.workspace
        return state.editor.edit(id, saved: { AppState.savedRequest($0, in: workspace) }, change)
    }
}
