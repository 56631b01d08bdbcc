import FerryTerminal
import FerryWorkbench

// MARK: - The URL field: the widgets' TextEditorState, written back into the draft

extension AppReducer {
    /// Applies `change` to the URL field and writes its text into the open request's draft when it changed.
    static func editURL(_ state: inout AppState, _ change: (inout TextEditorState) -> Void) -> [Effect] {
        guard let id = state.openRequest, let request = state.currentRequest else { return [] }
        state.syncURLEditor()
        var editor = state.editor.urlEditor
        editor.viewport = urlFieldArea(state).size
        change(&editor)
        state.editor.urlEditor = editor
        let url = editor.text
        guard url != request.fullURL else { return [] }
        return edit(id, &state) {
            $0.url = url
            $0.urlContinuations = []
        }
    }

    /// A key, paste or click for the URL field (word motion, selection, undo…); line breaks in a paste are dropped.
    static func editURL(_ event: InputEvent, _ state: inout AppState) -> [Effect] {
        let area = urlFieldArea(state)
        var event = event
        if case .paste(let text) = event {
            event = .paste(text.replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\n", with: ""))
        }
        return editURL(&state) { _ = $0.handle(event, area: area) }
    }

    /// Moves the URL cursor (the key map's Left, Right, Home and End in the editor).
    static func moveURLCursor(_ move: CursorMove, _ state: inout AppState) -> [Effect] {
        let motion: TextMotion
        switch move {
        case .left: motion = .left
        case .right: motion = .right
        case .home: motion = .lineStart
        case .end: motion = .lineEnd
        case .up, .down, .pageUp, .pageDown: return []
        }
        return editURL(&state) { $0.move(motion) }
    }

    /// Tab inside `{{partial`: completes the name with the first candidate (and closes the braces).
    static func acceptCompletion(_ state: inout AppState) -> [Effect] {
        guard let name = state.variableCompletions.first, let request = state.currentRequest else { return [] }
        let url = request.fullURL
        let before = String(url.prefix(state.urlCursor))
        guard let open = before.range(of: "{{", options: .backwards) else { return [] }
        let typed = before[open.upperBound...].count
        let after = url.dropFirst(state.urlCursor)
        let text = String(name.dropFirst(typed)) + (after.hasPrefix("}}") ? "" : "}}")
        return editURL(&state) { $0.insert(text) }
    }

    /// Where the URL field is drawn: the URL row after the method and a space.
    static func urlFieldArea(_ state: AppState) -> Rect {
        let line = state.layout.urlLine
        let offset = min(line.width, (state.currentRequest?.method.count ?? 0) + 1)
        return Rect(x: line.x + offset, y: line.y, width: line.width - offset, height: 1)
    }
}
