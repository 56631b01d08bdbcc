import FerryHTTP
import FerryTerminal
import FerryWorkbench
import Foundation

/// Something that happened, scoped to the feature it belongs to: a key the user pressed (as what it means),
/// or a result an effect posted back. Each feature's reducer switches over its own action exhaustively.
enum AppAction: Sendable {
    /// Keys whose meaning depends on the focus or the dialog on top, and what concerns the whole screen.
    case app(AppEvent)
    /// The collection tree: filtering and the commands that change files.
    case tree(TreeAction)
    /// The request editor: the URL, the tabs' editors, saving.
    case editor(EditorAction)
    /// The response pane's body: search, expansion, copying.
    case response(ResponseAction)
    /// The dialog on top: its keys, its answer, and the history and trash views.
    case overlay(OverlayAction)
    /// A file operation on the workspace ended.
    case workspace(WorkspaceEvent)
    /// The session: the active environment, trusting the workspace, names typed for the file commands.
    case session(SessionAction)
    /// Send `id` moved on: prepared, bytes moved, retried, ended.
    case transfer(SendID, TransferAction)
    /// A run of the selected file or folder: asked for, moving on, canceled.
    case run(RunAction)
    /// GraphQL: schemas, completion in the query, response errors.
    case graphQL(GraphQLAction)
    /// gRPC: the endpoints' descriptors, completion in the body.
    case grpc(GRPCAction)
    /// A WebSocket conversation: its keys, and what its connection did.
    case webSocket(WebSocketAction)
    /// The stack of file-changing commands `u` takes back.
    case undo(UndoAction)
    /// The panes: focus, hiding, maximizing, the terminal's size.
    case panes(PanesAction)
}

/// The keys and events that concern the whole screen or mean something different in each pane
/// (``ScreenFeature``).
enum AppEvent: Sendable {
    /// Send the open request (from the history: the selected entry's request).
    case sendRequested
    /// Send the open request with its body as written, even a JSON body that does not parse.
    case sendAsWrittenRequested
    /// Esc: cancel the open request's send, else clear the filter of the focused pane.
    case cancelRequested
    /// Quit (asks first when something is unsaved).
    case quitRequested
    /// Quit even though something is unsaved.
    case quitConfirmed
    /// Open the help overlay.
    case helpRequested
    /// Open the command palette.
    case paletteRequested
    /// Open the palette as vim's command line: `w`, `q`, `wq`, `x` and `q!` first, then the palette's commands.
    case commandLineRequested
    /// Save the open request, then quit once it is written (asking first when other edits are unsaved).
    case saveAndQuitRequested
    /// Open the list of the problems found at start-up.
    case problemsRequested
    /// The spinner's clock ticked, at this time (ticks come only while something is in flight).
    case ticked(ContinuousClock.Instant)
    /// Ctrl-Z: stop the app and give the terminal to the shell until it is continued.
    case suspendRequested
    /// Copying to the clipboard failed (the text is too large for OSC 52).
    case copyFailed(SaveFailure)
    /// A save of this request ended (`succeeded`: written): `:wq` quits once it is.
    case saveEnded(RequestID, succeeded: Bool)
}

/// A movement or Enter: what it does is up to the feature in charge (the dialog on top, else the focused pane),
/// so ``InputRouter/route(_:in:)-(Navigation,_)`` turns it into that feature's action before the reducer sees it.
enum Navigation: Sendable, Hashable {
    /// Move the cursor or selection.
    case cursor(CursorMove)
    /// Enter.
    case activate
    /// The next (+1) or previous (-1) tab of the focused pane (the response's when the tree is focused).
    case tab(Int)
}

/// A cursor movement in a list, a tree or a text field.
enum CursorMove: Sendable, Hashable {
    case up, down, left, right, pageUp, pageDown, home, end
}
