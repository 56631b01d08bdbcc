import FerryJSON
import FerryTerminal
import FerryWorkbench

// MARK: - F4: the body in $EDITOR, and Ctrl-Z

extension AppReducer {
    /// Asks for the open request's body to be edited in `$EDITOR` (the runner suspends the terminal).
    static func requestExternalEdit(_ state: inout AppState) -> [Effect] {
        guard let id = state.openRequest, let request = state.currentRequest else { return [] }
        let body = request.body ?? ""
        let fileExtension = bodyFileExtension(body, contentType: request.header("Content-Type"))
        return [.editExternally(id, body, fileExtension: fileExtension)]
    }

    /// Takes the edited body back into the draft (marking it unsaved when it changed), or says why not.
    static func finishExternalEdit(_ id: RequestID, _ result: Result<String, SaveFailure>, _ state: inout AppState)
        -> [Effect]
    {
        switch result {
        case .success(let text):
            let before = (state.editor.drafts[id] ?? state.savedRequest(id))?.body ?? ""
            // Editors end files with a newline the body never had; keep what the user wrote otherwise.
            let edited = text.hasSuffix("\n") && !before.hasSuffix("\n") ? String(text.dropLast()) : text
            guard edited != before else {
                state.report(.info("The body is unchanged."))
                return []
            }
            if id == state.openRequest, state.bodyEditor != nil {
                state.editor.mode = .body(TextEditorState(text: edited, isMultiline: true))
            }
            state.report(.info("Body updated from the editor (Ctrl-S saves it)."))
            let effects = edit(id, &state) { $0.body = edited.isEmpty ? nil : edited }
            if id == state.openRequest, state.bodyTable != nil {
                // The fields table follows the new text (and closes when it no longer parses as fields).
                state.editor.mode =
                    state.currentRequest?.formFields.map { .fields(KeyValueTableState(rows: $0.map(row))) } ?? .url
            }
            return effects
        case .failure(let failure):
            state.report(.error(failure.message))
            return []
        }
    }

    /// The extension of the temporary file, so the editor highlights the body: `json` for a JSON
    /// content type or a body that parses as JSON, `xml`, `html`, else `txt`.
    static func bodyFileExtension(_ body: String, contentType: String?) -> String {
        let type = contentType?.lowercased() ?? ""
        if type.contains("json") { return "json" }
        if type.contains("xml") { return "xml" }
        if type.contains("html") { return "html" }
        let trimmed = body.drop { $0.isWhitespace }
        if trimmed.first == "{" || trimmed.first == "[", (try? JSONDocument(parsing: Array(body.utf8))) != nil {
            return "json"
        }
        return "txt"
    }
}
