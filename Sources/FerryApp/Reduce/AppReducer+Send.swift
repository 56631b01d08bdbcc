import FerryHTTP
import FerryJSON
import FerryWorkbench
import Foundation

// MARK: - Sending, canceling, receiving, saving

extension AppReducer {
    /// Starts sending the open request (with its unsaved edits) in the active environment; a send already
    /// in flight for the same request is canceled and its result will be dropped by id. The effect prepares
    /// it (``RequestSender``: values captured from earlier responses, included files) and reports back with
    /// ``TransferAction/prepared(_:)`` or ``TransferAction/preparationFailed(_:)`` (in ``AppAction/transfer(_:_:)``).
    /// `bodyAsWritten` skips the check of a JSON body (``SendPlan/sendsBodyAsWritten``).
    static func send(_ state: inout AppState, bodyAsWritten: Bool = false) -> [Effect] {
        guard let (id, opened) = openPlan(state) else {
            state.report(.error("Open a request first: select it in the tree and press Enter."))
            return []
        }
        var plan = opened
        plan.sendsBodyAsWritten = bodyAsWritten
        var effects: [Effect] = []
        if let previous = state.response.exchanges[id], previous.isInFlight { effects.append(.cancel(id: previous.id)) }
        let sendID = state.nextSendID
        state.nextSendID = sendID.next
        state.response.exchanges[id] = Exchange(id: sendID, requestID: id)
        state.message = nil
        state.response.detailScroll = 0
        state.response.detailColumn = 0
        if plan.request.request.isWebSocket {
            state.response.exchanges[id]?.conversation = Conversation()
            effects.append(.openWebSocket(id: sendID, plan))
            return effects
        }
        effects.append(.send(id: sendID, plan))
        return effects
    }

    /// The open request, with its unsaved edits, as a plan to send in the active environment.
    static func openPlan(_ state: AppState) -> (RequestID, SendPlan)? {
        guard let id = state.openRequest, let request = state.currentRequest, var located = state.workspaceRequest(id)
        else { return nil }
        located.request = request
        var plan = SendPlan(
            workspace: state.workspace, request: located, context: state.variableContext(for: id),
            environment: state.environment, folder: state.workspace.url(of: id.path).deletingLastPathComponent())
        plan.access = state.workspaceAccess
        return (id, plan)
    }

    /// Esc: peels the innermost transient state (``AppState/nextEscape``), and cancels the open request's send
    /// only when nothing is left to peel; the pane then says Canceled.
    static func cancel(_ state: inout AppState) -> [Effect] {
        switch state.nextEscape {
        case .dialog, .tabEditor:
            // Their own key-map contexts bind Esc; a remapped key lands here and does what Esc would.
            return state.overlay != nil ? reduce(OverlayAction.dismissed, &state) : reduce(.tabEditingEnded, &state)
        case .selection:
            state.editor.urlEditor.moveCursor(to: state.editor.urlEditor.cursor)
            return []
        case .responseFilter:
            return reduceScoped(&state, .response(.filterClosed(showing: false)))
        case .treeFilter:
            let selected = state.tree.selectedID
            state.tree.setFilter("")
            if let selected { state.tree.select(id: selected) }
            return []
        case .maximizedPane:
            return reduce(&state, .panes(.maximizeToggled))
        case .transfer:
            guard let exchange = state.currentExchange else { return [] }
            state.response.updateExchange(of: state.openRequest) { $0.phase = .canceled }
            state.report(.info("Canceled."))
            return [.cancel(id: exchange.id)]
        case .nothing:
            if let inFlight = state.response.exchanges.values.first(where: \.isInFlight) {
                state.report(
                    .info("Nothing in flight here; \(inFlight.requestID) is still sending (open it and press Esc)."))
            }
            return []
        }
    }

    /// Saves the open request's edits to its file.
    static func save(_ state: inout AppState) -> [Effect] {
        guard let id = state.openRequest else { return [] }
        guard let draft = state.editor.drafts[id] else {
            state.report(.info("No unsaved changes in \(id)."))
            return []
        }
        state.report(.info("Saving \(id.path)…"))
        return state.queue(.save(id, draft))
    }

    /// Takes in a finished save: the workspace as written, the draft gone if nothing changed since.
    static func finishSave(
        _ id: RequestID, _ saved: SavedRequest, _ result: Result<Workspace, SaveFailure>, _ state: inout AppState
    ) -> [Effect] {
        let quits = state.quitsAfterSaving == id
        if quits { state.quitsAfterSaving = nil }
        switch result {
        case .success(let workspace):
            state.workspace = workspace
            state.rebuildTree()
            state.report(.info("Saved \(id.path)."), about: .request(id, draft: state.editor.drafts[id]))
            var effects: [Effect] = []
            if state.editor.drafts[id] == saved {
                state.editor.drafts[id] = nil
                effects.append(.writeDraft(id, nil))
            }
            // `:wq` and `:x`: quit once written, asking first when other edits are still unsaved.
            if quits { effects += reduce(&state, .app(.quitRequested)) }
            return effects
        case .failure(let failure):
            state.report(.error(failure.message))
            return []
        }
    }
}
