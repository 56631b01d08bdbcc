import FerryTerminal
import FerryWorkbench

// MARK: - Editing a request

extension AppReducer {
    /// The methods the picker offers.
    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]

    /// Applies an edit to a request; the result is a draft (kept across switching, written to
    /// `.ferry/drafts`) unless it matches what is saved.
    static func edit(_ id: RequestID, _ state: inout AppState, _ change: (inout SavedRequest) -> Void) -> [Effect] {
        let workspace = state.workspace
        return state.editor.edit(id, saved: { AppState.savedRequest($0, in: workspace) }, change)
    }
}
