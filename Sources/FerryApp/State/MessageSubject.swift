import FerryWorkbench

/// What a status-bar message describes: the message stays only while that holds, so the bar never says
/// "Saved" over an unsaved request, "The JSON body is invalid" once it was fixed, a match count on another
/// tab, or "Closing…" after the socket closed. `AppReducer.reduce` drops a message whose subject no longer
/// holds after each action.
enum MessageSubject: Hashable, Sendable {
    /// A request as it was (`draft`: its unsaved edits then, `nil` when it had none): the message goes once it
    /// is edited, saved or discarded.
    case request(RequestID, draft: SavedRequest?)
    /// The search or query of a request's response body: the message goes when another tab or request shows.
    case bodySearch(RequestID)
    /// A WebSocket conversation closing: the message goes once it is no longer open.
    case closing(RequestID)

    /// Whether the message still describes `state`.
    func holds(in state: AppState) -> Bool {
        switch self {
        case .request(let id, let draft):
            return state.editor.drafts[id] == draft
        case .bodySearch(let id):
            return state.openRequest == id && state.response.tab == .body
        case .closing(let id):
            return state.response.exchanges[id]?.conversation?.isOpen == true
        }
    }
}
