import FerryHTTP
import FerryJSON
import FerryWorkbench
import Foundation

// MARK: - Sending, canceling, receiving, saving

extension AppReducer {
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
