import FerryTerminal
import FerryWorkbench

// MARK: - The request editor: the URL, the tabs' editors, saving

extension AppReducer {
    /// Applies an editor action or the result of an editing effect.
    static func reduce(_ action: EditorAction, _ state: inout AppState) -> [Effect] {
        switch action {
        case .cursorMoved(let move): return moveURLCursor(move, &state)
        case .saveRequested: return save(&state)
        case .methodCycled: return pickMethod(&state)
        case .tabEditingStarted: return startTabEditing(&state)
        case .tabEditingEnded:
            state.editor.mode = .url
            return []
        case .headersEdited(let event): return editHeaders(event, &state)
        case .paramsEdited(let event): return editParams(event, &state)
        case .tableKeyPressed(let key): return editFocusedTable(.key(key), &state)
        case .discardRequested: return askToDiscard(&state)
        case .bodyEdited(let event): return editBody(event, &state)
        case .bodyTableEdited(let event): return editBodyTable(event, &state)
        case .completionAccepted: return acceptCompletion(&state)
        case .urlEdited(let event): return editURL(event, &state)
        case .bodyKindPickerRequested: return pickBodyKind(&state)
        case .bodyFormatRequested: return formatBody(&state)
        case .fileFieldToggled: return toggleFileField(&state)
        case .externalEditorRequested: return requestExternalEdit(&state)
        case .scriptEditRequested: return requestScriptEdit(&state)
        case .externalEditFinished(let id, let result): return finishExternalEdit(id, result, &state)
        case .curlCopyRequested: return copyAsCurl(&state)
        case .curlCommandMade(let id, let result): return curlCommandMade(id, result, &state)
        }
    }

    /// Down from the URL: the open tab's editor takes the keyboard (a picker for the Options and Auth tabs).
    private static func startTabEditing(_ state: inout AppState) -> [Effect] {
        guard let request = state.currentRequest else { return [] }
        switch state.editor.tab {
        case .body:
            return startBodyEditing(&state)
        case .headers:
            state.editor.mode = .headers(HeaderRows.table(for: request))
        case .options:
            state.overlay = .optionsPicker(
                PickerDialogState(title: "Options", items: OptionDirectives.choices(for: request)))
        case .auth:
            state.overlay = .authPicker(
                PickerDialogState(title: "Auth", items: AuthChoice.allCases.map(\.row)))
        case .params:
            state.editor.mode = .params(QueryRows.table(for: request.fullURL))
        }
        return []
    }
}

extension AppReducer {
    /// Hands `event` to the table that has the keyboard, if one does.
    static func editFocusedTable(_ event: InputEvent, _ state: inout AppState) -> [Effect] {
        switch state.editor.mode {
        case .params: editParams(event, &state)
        case .headers: editHeaders(event, &state)
        case .fields: editBodyTable(event, &state)
        case .url, .body: []
        }
    }
}
