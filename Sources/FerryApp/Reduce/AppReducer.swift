import FerryHTTP
import FerryJSON
import FerryTerminal
import FerryWorkbench
import Foundation

/// The one place state changes: `reduce(&state, action)` applies an action and returns the effects to
/// run. No IO happens here; everything the reducer needs was read into the state beforehand.
///
/// The root only scopes: each feature's action goes to that feature's `reduce`, whose switch is exhaustive.
enum AppReducer {
    /// Applies `action` to `state` and returns the work to do off the loop.
    static func reduce(_ state: inout AppState, _ action: AppAction) -> [Effect] {
        let message = state.message
        let table = state.openTable
        let waiting = state.waitingPassphrases
        var effects = reduceScoped(&state, action)
        let released = releaseReplacedPassphrases(waiting, shown: state.waitingPassphrases, answeredBy: effects)
        if !released.isEmpty { state.report(replacedPassphraseMessage) }
        effects += released
        state.carryTableUndo(from: table)
        // A message said about a request describes it as this action left it; one about something that
        // changed since goes.
        if state.message != message, case .request(let id, _)? = state.message?.subject {
            state.message?.subject = .request(id, draft: state.editor.drafts[id])
        }
        if let subject = state.message?.subject, !subject.holds(in: state) { state.message = nil }
        // A file changed on disk under unsaved edits asks what to do as soon as no other dialog is open.
        if state.overlay == nil, let id = state.editor.nextReloadConflict(saved: state.savedRequest) {
            state.overlay = .reloadConflict(ReloadFeature.State(asking: id))
        }
        // Whatever opened a request: a response recorded for it shows when it has none of its own, said after
        // what the action itself said.
        var recorded: [Effect] = []
        if let id = state.openRequest, let shown = state.response.showRecorded(for: id, keyMap: state.keyMap) {
            let earlier = state.message != message ? state.message : nil
            state.report(
                earlier.map { .init(text: $0.text + " " + shown.text, isError: $0.isError) } ?? .info(shown.text))
            recorded = shown.effects
        }
        return effects + recorded + state.nextFileWork()
    }

    /// Hands `action` to its feature's `reduce`.
    static func reduceScoped(_ state: inout AppState, _ action: AppAction) -> [Effect] {
        switch action {
        case .app(let event):
            scope(&state, \.screen, context: ScreenFeature.Context(state), event, ScreenFeature.reduce)
        case .tree(let action): scope(&state, \.tree, context: TreeFeature.Context(state), action, TreeFeature.reduce)
        case .editor(let action):
            scope(&state, \.editor, context: EditorFeature.Context(state), action, EditorFeature.reduce)
        case .response(let action):
            scope(&state, \.response, context: ResponseFeature.Context(state), action, ResponseFeature.reduce)
        case .overlay(let action): reduce(action, &state)
        case .workspace(let event):
            scope(&state, \.session, context: SessionFeature.Context(state), event, SessionFeature.reduce)
        case .session(let action):
            scope(&state, \.session, context: SessionFeature.Context(state), action, SessionFeature.reduce)
        case .transfer(let id, let action):
            scope(&state, \.response, context: TransferFeature.Context(state), action) { action, response, context in
                TransferFeature.reduce(action, of: id, &response, context)
            }
        case .run(let action): scope(&state, \.run, context: RunFeature.Context(state), action, RunFeature.reduce)
        case .graphQL(let action):
            scope(&state, \.graphQL, context: GraphQLFeature.Context(state), action, GraphQLFeature.reduce)
        case .grpc(let action): scope(&state, \.grpc, context: GRPCFeature.Context(state), action, GRPCFeature.reduce)
        case .webSocket(let action):
            scope(&state, \.response, context: WebSocketFeature.Context(state), action, WebSocketFeature.reduce)
        case .undo(let action): scope(&state, \.undo, context: (), action, UndoFeature.reduce)
        case .panes(let action):
            scope(&state, \.panes, context: PanesFeature.Context(keyMap: state.keyMap), action, PanesFeature.reduce)
        }
    }
}
