import FerryHTTP
import FerryJSON
import FerryTerminal
import FerryWorkbench
import Foundation

/// The one place state changes: `reduce(&state, action)` applies an action and returns the effects to
/// run. No IO happens here; everything the reducer needs was read into the state beforehand.
enum AppReducer {
    /// Applies `action` to `state` and returns the work to do off the loop.
    static func reduce(_ state: inout AppState, _ action: AppAction) -> [Effect] {
        switch action {
        case .sendRequested:
            if case .history = state.overlay {
                // Re-send from the history: open the entry's request (where it lives now), then send it.
                return openHistoryEntry(&state) ? send(&state) : []
            }
            return send(&state)
        case .cancelRequested: return cancel(&state)
        case .environmentCycled:
            let names = state.environments.names
            guard !names.isEmpty else {
                state.message = .init(
                    text: "No environments: add http-client.env.json to the workspace.", isError: true)
                return []
            }
            let index = state.environment.flatMap { names.firstIndex(of: $0) } ?? -1
            return choose(names[(index + 1) % names.count], &state)
        case .environmentPickerRequested:
            let names = state.environments.names
            state.overlay = .environmentPicker(
                PickerDialogState(
                    title: "Environment (\(state.environment ?? "none") now)", items: names.map { ListItem($0) }))
            return []
        case .environmentChosen(let name):
            state.overlay = nil
            return choose(name, &state)
        case .saveRequested: return save(&state)
        case .quitRequested:
            if state.hasUnsavedEdits {
                state.overlay = .confirmQuit
            } else {
                state.isFinished = true
            }
            return []
        case .quitConfirmed:
            state.isFinished = true
            return []
        case .overlayDismissed:
            if closeOverlayHelp(&state) { return [] }
            if case .search = state.overlay { return applySearch(&state, keepOverlay: false) }
            if let selection = trashSelectionBehindConfirmation(state) {
                // n or Esc keeps the entries and goes back to the trash view.
                state.overlay = .trash(selection: selection)
                return []
            }
            state.overlay = nil
            return []
        case .helpRequested:
            state.overlay = helpOverlay(over: state.overlay)
            return []
        case .paletteRequested:
            state.overlay = .palette(
                PickerDialogState(title: "Command palette", items: PaletteEntries.all(keyMap: state.keyMap)))
            return []
        case .dialogEvent(let event): return handleDialog(event, &state)
        case .historyRequested:
            state.overlay = .history(query: "", selection: 0, marked: nil)
            return [.loadHistory]
        case .historyLoaded(let entries, let targets):
            state.history = entries.reversed()
            state.historyTargets = targets
            return []
        case .historyMarked: return markHistory(&state)
        case .trashRequested, .trashLoaded, .trashRestored, .trashPurgeRequested, .trashEmptyRequested, .trashPurged:
            return changeTrash(action, &state)
        case .newRequestRequested, .renameRequested, .duplicateRequested, .deleteRequested, .moveRequested,
            .newFolderRequested:
            return changeCollection(action, &state)
        case .dialogConfirmed: return confirm(&state)
        case .workspaceChanged(let result, let select): return workspaceChanged(result, select: select, &state)
        case .workspaceItemChanged(let result, let from, let to, let copied):
            return itemChanged(result, from: from, to: to, copied: copied, &state)
        case .focusMoved(let step):
            state.bodyEditor = nil
            state.headerTable = nil
            state.bodyTable = nil
            let count = Pane.allCases.count
            state.focus = Pane(rawValue: ((state.focus.rawValue + step) % count + count) % count) ?? .tree
            return []
        case .cursorMoved(let move): return moveCursor(move, &state)
        case .rowActivated: return activate(&state)
        case .tabSwitched(let step): return switchTab(step, &state)
        case .methodCycled: return pickMethod(&state)
        case .completionAccepted: return acceptCompletion(&state)
        case .urlEdited(let event): return editURL(event, &state)
        case .bodyKindPickerRequested: return pickBodyKind(&state)
        case .bodyKindChosen(let kind): return chooseBodyKind(kind, &state)
        case .bodyTableEdited(let event): return editBodyTable(event, &state)
        case .bodyFormatRequested: return formatBody(&state)
        case .fileFieldToggled: return toggleFileField(&state)
        case .includedFilesRead(let id, let result):
            guard state.openRequest == id else { return [] }
            switch result {
            case .success(let files): return copyAsCurl(&state, includedFiles: files)
            case .failure(let failure):
                state.message = .init(text: failure.message, isError: true)
                return []
            }
        case .tabEditingStarted:
            guard let request = state.currentRequest else { return [] }
            if state.editorTab == .body {
                return startBodyEditing(&state)
            } else if state.editorTab == .headers {
                state.headerTable = HeaderRows.table(for: request)
            } else if state.editorTab == .options {
                state.overlay = .optionsPicker(
                    PickerDialogState(
                        title: "Options", items: OptionDirectives.choices(for: request).map { ListItem($0) }))
            } else if state.editorTab == .auth {
                state.overlay = .authPicker(
                    PickerDialogState(title: "Auth", items: ["None", "Basic", "Bearer"].map { ListItem($0) }))
            }
            return []
        case .tabEditingEnded:
            state.bodyEditor = nil
            state.headerTable = nil
            state.bodyTable = nil
            return []
        case .headersEdited(let event): return editHeaders(event, &state)
        case .bodyEdited(let event): return editBody(event, &state)
        case .characterTyped(let character): return type(String(character), &state)
        case .pasted(let text):
            return type(text.replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\n", with: ""), &state)
        case .backspacePressed: return erase(backwards: true, &state)
        case .deletePressed: return erase(backwards: false, &state)
        case .searchRequested:
            guard let exchange = state.currentExchange else { return [] }
            state.overlay = .search(exchange.search)
            return []
        case .searchStepped(let step): return stepSearch(step, &state)
        case .treeFilterRequested:
            state.overlay = .treeFilter(state.tree.filter)
            return []
        case .unboundTreeLetterTyped(let character):
            let filter = AppKeyMap.hint(for: .filterTree, in: state.keyMap) ?? "/"
            let help = AppKeyMap.hint(for: .help, in: state.keyMap) ?? "F1"
            state.message = .init(
                text: "\(SafeText.sanitized(String(character))) is no command in the tree: \(filter) filters, "
                    + "\(help) lists the keys.", isError: false)
            return []
        case .undoRequested: return [.undoLastChange]
        case .problemsRequested:
            state.overlay = .problems(scroll: 0)
            return []
        case .undoFinished(let result): return finishUndo(result, &state)
        case .jsonExpandedAll: return reshapeTree(&state) { $0.expandAll() }
        case .jsonCollapsedAll: return reshapeTree(&state) { $0 = JSONTree(document: $0.document, expandedDepth: 1) }
        case .jsonExpandedToLevel(let level):
            return reshapeTree(&state) { $0 = JSONTree(document: $0.document, expandedDepth: level) }
        case .valueCopyRequested, .pathCopyRequested: return copy(action, &state)
        case .curlCopyRequested: return copyAsCurl(&state)
        case .importRequested: return requestImport(&state)
        case .importFinished(let result): return importFinished(result, &state)
        case .externalEditorRequested: return requestExternalEdit(&state)
        case .externalEditFinished(let id, let result): return finishExternalEdit(id, result, &state)
        case .suspendRequested: return [.suspendProcess]
        case .copyFailed(let failure):
            state.message = .init(text: failure.message, isError: true)
            return []
        case .mouseUsed(let mouse): return click(mouse, &state)
        case .terminalResized(let size):
            state.size = size
            clampScrolls(&state)
            return []
        case .ticked:
            state.spinnerFrame += 1
            return []
        case .progressReceived(let id, let progress, let elapsed):
            updateExchange(id, &state) { exchange in
                guard exchange.isInFlight else { return }
                exchange.progress = progress
                exchange.elapsed = elapsed
            }
            return []
        case .partialReceived(let id, let head, let preview):
            updateExchange(id, &state) { exchange in
                // Until the transfer ends (a cancel included): then the body itself is prepared.
                guard exchange.isInFlight || exchange.bodySize == 0, case .empty = exchange.body else { return }
                exchange.head = head
                exchange.preview = preview
            }
            return []
        case .retryWaiting, .retryStarted: return retryChanged(action, &state)
        case .responseReceived(let id, let result): return receive(id, result, &state)
        case .transferEnded(let id, let end): return finishTransfer(id, end, &state)
        case .sendPrepared(let id, let send): return sendPrepared(id, send, &state)
        case .sendFailed(let id, let problem): return sendFailed(id, problem, &state)
        case .bodyPrepared(let id, let body):
            updateExchange(id, &state) { exchange in
                exchange.body = body
                exchange.preview = []
                exchange.bodyCursor = 0
                exchange.bodyScroll = 0
                // The prepared body holds the bytes now; keeping the raw copy too would double the memory.
                if case .received(var response) = exchange.phase {
                    response.body = Data()
                    exchange.phase = .received(response)
                }
            }
            return []
        case .saveFinished(let id, let saved, let result): return finishSave(id, saved, result, &state)
        }
    }

    // MARK: - Helpers shared by the concerns

    /// Changes the exchange whose send id is `id`; a result for a replaced send finds nothing.
    static func updateExchange(_ id: Int, _ state: inout AppState, _ change: (inout Exchange) -> Void) {
        guard let key = state.exchanges.first(where: { $0.value.id == id })?.key else { return }
        guard var exchange = state.exchanges[key] else { return }
        change(&exchange)
        state.exchanges[key] = exchange
    }

    /// Changes the open request's exchange.
    static func updateCurrentExchange(_ state: inout AppState, _ change: (inout Exchange) -> Void) {
        guard let id = state.openRequest, var exchange = state.exchanges[id] else { return }
        change(&exchange)
        state.exchanges[id] = exchange
    }

    /// Hands an event to the picker on top and acts on its answer.
    private static func handleDialog(_ event: InputEvent, _ state: inout AppState) -> [Effect] {
        let screen = Rect(origin: .zero, size: state.size)
        switch state.overlay {
        case .environmentPicker(var picker):
            let response = picker.handle(event, area: screen)
            state.overlay = .environmentPicker(picker)
            switch response {
            case .confirmed:
                guard let name = picker.selectedItem?.text else { return [] }
                return reduce(&state, .environmentChosen(name))
            case .cancelled:
                state.overlay = nil
            case .handled, .ignored:
                break
            }
        case .palette(var picker):
            let response = picker.handle(event, area: screen)
            state.overlay = .palette(picker)
            switch response {
            case .confirmed:
                state.overlay = nil
                guard let entry = picker.selectedItem else { return [] }
                return reduce(&state, entry.command.action)
            case .cancelled:
                state.overlay = nil
            case .handled, .ignored:
                break
            }
        case .methodPicker(var picker):
            let response = picker.handle(event, area: screen)
            state.overlay = .methodPicker(picker)
            switch response {
            case .confirmed:
                state.overlay = nil
                guard let method = picker.selectedItem?.text else { return [] }
                return setMethod(method, &state)
            case .cancelled:
                state.overlay = nil
            case .handled, .ignored:
                break
            }
        case .authPicker(var picker):
            let response = picker.handle(event, area: screen)
            state.overlay = .authPicker(picker)
            switch response {
            case .confirmed:
                state.overlay = nil
                guard let id = state.openRequest, let choice = picker.selectedItem?.text else { return [] }
                switch choice {
                case "Basic":
                    state.overlay = .namePrompt(
                        .basicAuth(id),
                        PromptDialogState(title: "Basic auth", label: "user password", text: "{{user}} {{password}}"))
                case "Bearer":
                    state.overlay = .namePrompt(
                        .bearerToken(id), PromptDialogState(title: "Bearer token", label: "Token", text: "{{token}}"))
                default:
                    return edit(id, &state) { $0.removeHeader("Authorization") }
                }
            case .cancelled:
                state.overlay = nil
            case .handled, .ignored:
                break
            }
        case .bodyKindPicker(var picker):
            let response = picker.handle(event, area: screen)
            state.overlay = .bodyKindPicker(picker)
            switch response {
            case .confirmed:
                state.overlay = nil
                guard let index = picker.selectedIndex, BodyKind.allCases.indices.contains(index) else { return [] }
                return chooseBodyKind(BodyKind.allCases[index], &state)
            case .cancelled:
                state.overlay = nil
            case .handled, .ignored:
                break
            }
        case .optionsPicker(var picker):
            let response = picker.handle(event, area: screen)
            state.overlay = .optionsPicker(picker)
            switch response {
            case .confirmed:
                state.overlay = nil
                guard let id = state.openRequest, let index = picker.selectedIndex else { return [] }
                if index == OptionDirectives.timeoutIndex {
                    let current = state.currentRequest?.directives.timeout.map { String(Int($0)) } ?? ""
                    state.overlay = .namePrompt(
                        .timeout(id), PromptDialogState(title: "Timeout", label: "seconds (empty: none)", text: current)
                    )
                    return []
                }
                if index == OptionDirectives.retriesIndex {
                    let current = state.currentRequest?.directives.retries.map(String.init) ?? ""
                    state.overlay = .namePrompt(
                        .retries(id), PromptDialogState(title: "Retries", label: "0 to 10 (empty: none)", text: current)
                    )
                    return []
                }
                return edit(id, &state) { OptionDirectives.toggle(index, in: &$0) }
            case .cancelled:
                state.overlay = nil
            case .handled, .ignored:
                break
            }
        case .namePrompt(let purpose, var prompt):
            let response = prompt.handle(event, area: screen)
            state.overlay = .namePrompt(purpose, prompt)
            switch response {
            case .confirmed:
                state.overlay = nil
                return named(purpose, prompt.text, &state)
            case .cancelled:
                state.overlay = nil
            case .handled, .ignored:
                break
            }
        default:
            break
        }
        return []
    }

    private static func choose(_ name: String, _ state: inout AppState) -> [Effect] {
        guard state.environments.names.contains(name) else { return [] }
        state.environment = name
        state.message = .init(text: "Environment: \(name)", isError: false)
        return [.rememberEnvironment(name)]
    }
}
