import FerryTerminal
import FerryWorkbench

// MARK: - The request editor: what reaches the workspace and the terminal (saving, discarding, $EDITOR, curl)

extension AppReducer {
    /// Applies an editor action: the editor's own in ``EditorFeature``, saving, discarding, the external
    /// editor and copying as curl here, since they reach the workspace and the terminal.
    static func reduce(_ action: EditorAction, _ state: inout AppState) -> [Effect] {
        switch action {
        case .saveRequested: save(&state)
        case .discardRequested: askToDiscard(&state)
        case .externalEditorRequested: requestExternalEdit(&state)
        case .scriptEditRequested: requestScriptEdit(&state)
        case .externalEditFinished(let id, let result): finishExternalEdit(id, result, &state)
        case .curlCopyRequested: copyAsCurl(&state)
        case .curlCommandMade(let id, let result): curlCommandMade(id, result, &state)
        case .cursorMoved, .urlEdited, .textTyped, .erased, .completionAccepted, .methodCycled, .tabEditingStarted,
            .tabEditingEnded, .headersEdited, .paramsEdited, .tableKeyPressed, .bodyEdited, .bodyTableEdited,
            .bodyKindPickerRequested, .bodyFormatRequested, .fileFieldToggled, .methodChosen, .authChosen,
            .optionChosen,
            .bodyKindChosen, .promptAnswered, .curlPasted:
            scope(&state, \.editor, context: EditorFeature.Context(state), action, EditorFeature.reduce)
        }
    }
}
