import FerryHTTP
import FerryJSON
import FerryWorkbench
import Foundation

// MARK: - The open request as a plan to send

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
}
