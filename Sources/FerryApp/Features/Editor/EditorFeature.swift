import FerryTerminal
import FerryWorkbench
import Foundation

/// The request editor as a feature that owns its state: the unsaved edits of every request (drafts), the tab
/// shown, which editor has the keyboard (the URL field or a tab's table or body), the URL field's text state,
/// and what typing into a table or a file field can take back.
enum EditorFeature {
    /// The editor's state.
    struct State: Sendable {
        /// The request open in the editor.
        var openRequest: RequestID?
        /// Unsaved edits by request: they survive switching requests.
        var drafts: [RequestID: SavedRequest] = [:]
        /// The tab shown.
        var tab: EditorTab = .params
        /// The URL field: the widgets' single-line `TextEditorState` (word motion, selection, undo), its text
        /// kept equal to the open request's URL.
        var urlEditor = TextEditorState()
        /// Which editor has the keyboard in the editor pane: the URL field, or one tab's editor.
        var mode = EditorMode.url
        /// What is wrong with the JSON body being edited (`nil` when it parses or is not JSON).
        var bodyProblem: String?
        /// What Esc takes back while the path of a field just made a file (`f`) is edited.
        var fileFieldUndo: FileFieldUndo?
        /// The undo history of each table the keyboard left (by request and tab), with the rows it left: Ctrl-Z
        /// goes on where it stopped when the same rows open again.
        var tableUndo: [TableUndoKey: TableUndo] = [:]
        /// Requests whose file changed on disk under their draft, waiting for the user's choice (asked one at
        /// a time, when no other dialog is open).
        var reloadConflicts: [RequestID] = []
    }
}

extension EditorFeature {
    /// What the editor reads of the rest of the app.
    struct Context {
        /// A request as its file has it (`nil`: no such request).
        var saved: (RequestID) -> SavedRequest?
        /// Where the panes are drawn (the URL row, the tab's content, the body editor).
        var layout: WorkbenchLayout
        /// The variable names that complete the `{{partial` before the URL cursor of an editor in this state.
        var completions: (State) -> [String]
        /// What is left to type of the first service or method completing a `GRPC` target before the URL cursor
        /// of an editor in this state.
        var targetCompletionRest: (State) -> String? = { _ in nil }
        /// The workspace's folder: requests' and scripts' paths are relative to it.
        var root: URL
        /// The keys, for naming one in a message.
        var keyMap: KeyMap
        /// The open request, with its unsaved edits, as a plan to send in the active environment.
        var plan: () -> (RequestID, SendPlan)?
        /// The `import` / `run` lines of a request's file and where each leads, those just above it first.
        var definitions: (RequestID) -> [DefinitionTarget] = { _ in [] }
    }

    /// Applies an editor action; what reaches the files (saving, discarding) or the terminal (`$EDITOR`, the
    /// clipboard) goes out as effects and requests to the root.
    static func reduce(_ action: EditorAction, _ state: inout State, _ context: Context) -> FeatureOutput {
        switch action {
        case .cursorMoved(let move): return moveURLCursor(move, &state, context)
        case .urlEdited(let event): return editURL(event, &state, context)
        case .textTyped(let text): return editURL(&state, context) { $0.insert(text) }
        case .erased(let backwards):
            return editURL(&state, context) { backwards ? $0.deleteBackward() : $0.deleteForward() }
        case .completionAccepted: return acceptCompletion(&state, context)
        case .methodCycled:
            guard let request = state.request(context) else { return .none }
            return .present(
                .methodPicker(
                    PickerDialogState(
                        title: "Method (\(request.method) now)", items: EditorFeature.methods.map { PickerChoice($0) }))
            )
        case .tabStepped(let step):
            state.mode = .url
            let count = EditorTab.allCases.count
            state.tab = EditorTab(rawValue: ((state.tab.rawValue + step) % count + count) % count) ?? .params
            return .none
        case .selectionCleared:
            state.urlEditor.moveCursor(to: state.urlEditor.cursor)
            return .none
        case .tabSelected(let tab):
            state.tab = tab
            return .none
        case .tabEditingStarted: return startTabEditing(&state, context)
        case .tabEditingEnded:
            state.mode = .url
            return .none
        case .headersEdited(let event): return editHeaders(event, &state, context)
        case .paramsEdited(let event): return editParams(event, &state, context)
        case .tableKeyPressed(let key): return editFocusedTable(.key(key), &state, context)
        case .bodyEdited(let event): return editBody(event, &state, context)
        case .bodyTableEdited(let event): return editBodyTable(event, &state, context)
        case .bodyKindPickerRequested: return pickBodyKind(state, context)
        case .bodyFormatRequested: return formatBody(&state, context)
        case .fileFieldToggled: return toggleFileField(&state, context)
        case .methodChosen(let method, let picker): return chooseMethod(method, from: picker, &state, context)
        case .authChosen(let choice): return chooseAuth(choice, &state, context)
        case .optionChosen(let choice): return chooseOption(choice, &state, context)
        case .bodyKindChosen(let kind): return chooseBodyKind(kind, &state, context)
        case .promptAnswered(let purpose, let text): return answer(purpose, text, &state, context)
        case .curlPasted(let text): return pasteCurl(text, &state, context)
        case .saveRequested: return save(state, context)
        case .discardRequested: return askToDiscard(state, context)
        case .discardConfirmed(let id): return discardDraft(id, &state, context)
        case .draftForgotten(let id):
            state.drafts[id] = nil
            return .none
        case .reloadAnswered(let id, let keepsEdits): return answerReload(id, keepsEdits: keepsEdits, &state, context)
        case .saved(let id, let saved): return takeSave(id, saved, &state)
        case .requestOpened(let id):
            state.openRequest = id
            state.mode = .url
            state.urlEditor = TextEditorState(text: state.request(context)?.fullURL ?? "")
            return .none
        case .workspaceAdopted(let relocation): return adoptWorkspace(relocation, &state, context)
        case .requestsRelocated(let from, let to): return relocateDrafts(Relocation(from: from, to: to), &state)
        case .requestsTrashed(let path):
            for id in state.drafts.keys where Workspace.path(id.path, isInside: path) { state.drafts[id] = nil }
            return .none
        case .draftsRestored(let drafts): return restoreDrafts(drafts, &state, context)
        case .reloadSorted(let sorting): return takeReload(sorting, &state)
        case .externalEditorRequested: return requestExternalEdit(state, context)
        case .scriptEditRequested: return requestScriptEdit(state, context)
        case .externalEditFinished(let id, let result): return finishExternalEdit(id, result, &state, context)
        case .curlCopyRequested: return copy(.curl, context)
        case .definitionRequested: return goToDefinition(state, context)
        case .curlCommandMade(let id, let result): return curlCommandMade(id, result)
        case .codeLanguagePickerRequested: return pickCodeLanguage(state, context)
        case .codeCopyRequested(let language): return copy(.code(language), context)
        case .copyAnswered(let copy, let answers, let id): return copyAnswered(copy, answers, to: id, state, context)
        case .codeMade(let id, let language, let result): return codeMade(id, language, result)
        }
    }
}

extension EditorFeature {
    /// The methods the picker offers.
    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
}

extension EditorFeature.State {
    /// The open request as edited: its draft, else its file's version.
    func request(_ context: EditorFeature.Context) -> SavedRequest? {
        openRequest.flatMap { drafts[$0] ?? context.saved($0) }
    }

    /// Applies an edit to request `id`; the result is a draft (kept across switching, written to
    /// `.ferry/drafts`) unless it matches what is saved (`saved`), when the draft goes.
    mutating func edit(
        _ id: RequestID, saved: (RequestID) -> SavedRequest?, _ change: (inout SavedRequest) -> Void
    ) -> [Effect] {
        let file = saved(id)
        guard var request = drafts[id] ?? file else { return [] }
        change(&request)
        if request == file {
            guard drafts[id] != nil else { return [] }
            drafts[id] = nil
            return [.writeDraft(id, nil)]
        }
        drafts[id] = request
        return [.writeDraft(id, request)]
    }

    /// Puts the open request's URL into a fresh field (no undo history), cursor at the end, when the field no
    /// longer holds it (another request was opened, or the URL changed outside the field).
    mutating func syncURLEditor(_ context: EditorFeature.Context) {
        syncURLEditor(to: request(context)?.fullURL ?? "")
    }

    /// Puts `url` into a fresh field (no undo history), cursor at the end, when the field does not hold it; keeps
    /// the field, with its undo history, when it does.
    mutating func syncURLEditor(to url: String) {
        if urlEditor.text != url { urlEditor = TextEditorState(text: url) }
    }
}

extension EditorFeature.Context {
    /// The context in `state`.
    init(_ state: AppState) {
        self.init(
            saved: { [workspace = state.workspace] in AppState.savedRequest($0, in: workspace) },
            layout: state.layout,
            completions: { editor in
                var shown = state
                shown.editor = editor
                return shown.variableCompletions
            },
            targetCompletionRest: { editor in
                var shown = state
                shown.editor = editor
                return shown.grpcTargetCompletion.flatMap { found in
                    found.candidates.first.map { String($0.dropFirst(found.partial.count)) }
                }
            },
            root: state.workspace.root, keyMap: state.keyMap, plan: { AppReducer.openPlan(state) },
            definitions: { [workspace = state.workspace] in EditorFeature.definitionTargets(of: $0, in: workspace) })
    }
}
