import FerryTerminal
import FerryWorkbench

// MARK: - Typing into the URL field and the dialogs' text fields

extension AppReducer {
    /// Inserts typed or pasted text into the field that has the keyboard.
    static func type(_ text: String, _ state: inout AppState) -> [Effect] {
        if editOverlayText({ $0 + text }, &state) { return [] }
        guard state.focus == .editor else { return [] }
        return editURL(&state) { $0.insert(text) }
    }

    /// Deletes one character before (Backspace) or after (Delete) the cursor, or the selection.
    static func erase(backwards: Bool, _ state: inout AppState) -> [Effect] {
        if editOverlayText({ String($0.dropLast()) }, &state) { return [] }
        guard state.focus == .editor else { return [] }
        return editURL(&state) { backwards ? $0.deleteBackward() : $0.deleteForward() }
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

    /// Applies a key, paste or click to the body editor and keeps the draft in step with it.
    static func editBody(_ event: InputEvent, _ state: inout AppState) -> [Effect] {
        guard var editor = state.bodyEditor, let id = state.openRequest else { return [] }
        let before = editor.text
        _ = editor.handle(event, area: state.layout.bodyEditor)
        state.editor.mode = .body(editor)
        let text = editor.text
        guard text != before else { return [] }
        state.editor.bodyProblem = jsonProblem(in: text, of: state.currentRequest)
        return edit(id, &state) { $0.body = text.isEmpty ? nil : text }
    }

    /// Applies a key, paste or click to the headers table and writes its rows back into the draft.
    static func editHeaders(_ event: InputEvent, _ state: inout AppState) -> [Effect] {
        guard var table = state.headerTable, let id = state.openRequest else { return [] }
        let before = table.rows
        _ = table.handle(event, area: state.layout.editorContent)
        state.editor.mode = .headers(table)
        guard table.rows != before else { return [] }
        return edit(id, &state) {
            $0.headerLines = HeaderRows.otherComments(in: $0.headerLines) + HeaderRows.lines(from: table.rows)
        }
    }

    /// The methods the picker offers.
    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]

    /// Opens the method picker (type to filter, Enter picks).
    static func pickMethod(_ state: inout AppState) -> [Effect] {
        guard let request = state.currentRequest else { return [] }
        state.overlay = .methodPicker(
            PickerDialogState(title: "Method (\(request.method) now)", items: methods.map { PickerChoice($0) }))
        return []
    }

    /// Uses `method` for the open request.
    static func setMethod(_ method: String, _ state: inout AppState) -> [Effect] {
        guard let id = state.openRequest else { return [] }
        return edit(id, &state) { $0.explicitMethod = method }
    }

    /// Applies an edit to a request; the result is a draft (kept across switching, written to
    /// `.ferry/drafts`) unless it matches what is saved.
    static func edit(_ id: RequestID, _ state: inout AppState, _ change: (inout SavedRequest) -> Void) -> [Effect] {
        guard var request = state.editor.drafts[id] ?? state.savedRequest(id) else { return [] }
        change(&request)
        if request == state.savedRequest(id) {
            guard state.editor.drafts[id] != nil else { return [] }
            state.editor.drafts[id] = nil
            return [.writeDraft(id, nil)]
        }
        state.editor.drafts[id] = request
        return [.writeDraft(id, request)]
    }
}
