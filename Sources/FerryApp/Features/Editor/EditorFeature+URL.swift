import FerryTerminal
import FerryWorkbench

// MARK: - The URL field: the widgets' TextEditorState, written back into the draft

extension EditorFeature {
    /// Applies `change` to the URL field and writes its text into the open request's draft when it changed.
    static func editURL(
        _ state: inout State, _ context: Context, _ change: (inout TextEditorState) -> Void
    ) -> FeatureOutput {
        guard let id = state.openRequest, let request = state.request(context) else { return .none }
        state.syncURLEditor(context)
        var editor = state.urlEditor
        editor.viewport = urlFieldArea(request, context).size
        change(&editor)
        state.urlEditor = editor
        let url = editor.text
        guard url != request.fullURL else { return .none }
        return .run(
            state.edit(id, saved: context.saved) {
                $0.url = url
                $0.urlContinuations = []
            })
    }

    /// A key, paste or click for the URL field (word motion, selection, undo…); line breaks in a paste are
    /// dropped.
    static func editURL(_ event: InputEvent, _ state: inout State, _ context: Context) -> FeatureOutput {
        let area = urlFieldArea(state.request(context), context)
        var event = event
        if case .paste(let text) = event {
            event = .paste(text.replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\n", with: ""))
        }
        return editURL(&state, context) { _ = $0.handle(event, area: area) }
    }

    /// Moves the URL cursor (the key map's Left, Right, Home and End in the editor).
    static func moveURLCursor(_ move: CursorMove, _ state: inout State, _ context: Context) -> FeatureOutput {
        let motion: TextMotion
        switch move {
        case .left: motion = .left
        case .right: motion = .right
        case .home: motion = .lineStart
        case .end: motion = .lineEnd
        case .up, .down, .pageUp, .pageDown: return .none
        }
        return editURL(&state, context) { $0.move(motion) }
    }

    /// Tab inside `{{partial`: completes the name with the first candidate (and closes the braces); on a `GRPC`
    /// target, the first service or method.
    static func acceptCompletion(_ state: inout State, _ context: Context) -> FeatureOutput {
        if context.completions(state).isEmpty, let rest = context.targetCompletionRest(state) {
            // A `GRPC` target's service or method, from the endpoint's descriptors.
            state.syncURLEditor(context)
            return editURL(&state, context) { $0.insert(rest) }
        }
        guard let name = context.completions(state).first, let request = state.request(context) else { return .none }
        state.syncURLEditor(context)
        let url = request.fullURL
        let cursor = state.urlEditor.cursor.column
        let before = String(url.prefix(cursor))
        guard let open = before.range(of: "{{", options: .backwards) else { return .none }
        let typed = before[open.upperBound...].count
        let after = url.dropFirst(cursor)
        let text = String(name.dropFirst(typed)) + (after.hasPrefix("}}") ? "" : "}}")
        return editURL(&state, context) { $0.insert(text) }
    }

    /// Where the URL field is drawn: the URL row after `request`'s method and a space.
    static func urlFieldArea(_ request: SavedRequest?, _ context: Context) -> Rect {
        let line = context.layout.urlLine
        let offset = min(line.width, (request?.method.count ?? 0) + 1)
        return Rect(x: line.x + offset, y: line.y, width: line.width - offset, height: 1)
    }
}
