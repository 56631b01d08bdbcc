import FerryHTTP
import FerryWorkbench
import Foundation

/// Work the reducer asks for; the `EffectRunner` does it off the loop and posts actions back.
enum Effect: Sendable {
    /// Prepare and send `plan` as send `id` (``RequestSender``: captured values and included files read,
    /// history recorded).
    case send(id: SendID, SendPlan)
    /// Prepare `plan`'s `GRPC` request and make the call as send `id` (``EffectRunner/sendGRPC(_:_:)``).
    case sendGRPC(id: SendID, SendPlan)
    /// Stop send `id`.
    case cancel(id: SendID)
    /// Prepare a streamed body for display (never on the loop); `note` is shown above text or hex.
    case prepareReceived(id: SendID, ReceivedBody, isJSON: Bool, note: String?)
    /// Do this work on the workspace's files, on the file queue, with the workspace as the state had it when
    /// it asked (``FileQueue`` hands out one piece at a time, so nothing changed it since).
    case onFiles(FileWork, Workspace)
    /// Remember the active environment in `.ferry/state.json`.
    case rememberEnvironment(String?)
    /// Remember the panes' sizes for the workspace (`.ferry/state.json`).
    case rememberPaneSizes(PaneSizes)
    /// Keep an unsaved request in `.ferry/drafts` (or remove its draft when `nil`).
    case writeDraft(RequestID, SavedRequest?)
    /// Read the sign-in view's rows: the environment's `Security` → `Auth` configurations (`uses` first) and
    /// their cached tokens' state.
    case readSignIns(SignInScope, uses: [String])
    /// Sign in again to configurations `ids`: forget each cached token, then obtain a new one.
    case renewSignIn(SignInScope, ids: [String])
    /// Stop signing in again (Esc on its device code).
    case cancelRenewal
    /// Give the thread waiting on `reply` its answer (`nil`: canceled).
    case answerSecret(SecretReply, String?)
    /// Read the cookie jar for its view; delete `cookie` first when given, or clear the jar when `clearsAll`.
    case changeCookies(delete: Cookie?, clearsAll: Bool)
    /// Put text on the clipboard (OSC 52).
    case copy(String)
    /// Open `text` in `$EDITOR` (a temporary file ending in `.fileExtension`) and post what comes back.
    case editExternally(RequestID, String, fileExtension: String)
    /// Open the file `url` itself in `$EDITOR` at `line`; afterwards, when `reloading` names a request, read
    /// the workspace again (the file was a request file) and open that request.
    case editFile(URL, line: Int, reloading: RequestID?)
    /// Stop the process (Ctrl-Z) with the terminal handed back to the shell.
    case suspendProcess
    /// Prepare `plan` as for sending (``RequestSender``) and post the curl command for it.
    case copyAsCurl(RequestID, SendPlan)
    /// Prepare `request`'s plan as code in a language (reading included files) and post it back.
    case copyAsCode(RequestID, SendPlan, CodeLanguage)
    /// Run the requests of a file or folder through FerryWorkbench's ``CollectionRunner`` as run `id`, posting
    /// each event as it comes and the end of the run (a run started while another runs replaces it).
    case runCollection(id: Int, CollectionRun)
    /// Send the requests of `run` as load, as `model` says, through FerryWorkbench's ``LoadRunner`` as run `id`,
    /// posting its progress about once a second, then each request's result and the end (a load or run started
    /// while another goes replaces it).
    case loadCollection(id: Int, CollectionRun, LoadModel)
    /// Stop the run under way (its requests in flight are canceled, the rest are not sent).
    case cancelRun
    /// Write request `id`'s received body to `url` (the user typed `typed`), streamed from where it is kept,
    /// atomically; a file there is replaced only when `replacing`.
    case saveBody(RequestID, ReceivedBody, typed: String, to: URL, replacing: Bool)
    /// Show `body` in the pager or the editor as a file named `name` (its extension picks the highlighting),
    /// written to a private temporary folder that goes afterwards; the terminal is suspended meanwhile.
    case showBody(ReceivedBody, name: String, in: ExternalViewer)
    /// Read the schemas cached in `.ferry/graphql` (at start, when the workspace has GraphQL requests).
    case loadGraphQLSchemas
    /// Send `plan`'s request as an introspection query and cache the schema of `endpoint` it returns.
    case introspect(endpoint: String, SendPlan)
    /// Find the descriptors of `plan`'s `GRPC` request (`# @proto`, `.ferry/grpc`, server reflection) and post them
    /// as `endpoint`'s.
    case loadGRPCDescriptors(endpoint: String, SendPlan)
    /// Open the WebSocket of `plan` as send `id` and run its script (``EffectRunner/openWebSocket(_:_:)``).
    case openWebSocket(id: SendID, SendPlan)
    /// Send a typed message (its variables resolved) on the conversation of send `id`.
    case sendWebSocketMessage(id: SendID, String)
    /// Close the conversation of send `id` with `code`.
    case closeWebSocket(id: SendID, code: UInt16)
}

/// A change to the workspace's files, done on the file queue through FerryWorkbench's operations.
enum WorkspaceChange: Sendable, Equatable {
    /// Add a request named `name` at the end of the file at `path`.
    case create(name: String, inFile: String)
    /// Give a request a new name.
    case rename(RequestID, to: String)
    /// Insert a copy of a request after it.
    case duplicate(RequestID)
    /// Move a request to the trash.
    case delete(RequestID)
    /// Move a request to the end of another file (created when missing).
    case move(RequestID, toFile: String)
    /// Create a folder.
    case createFolder(String)
    /// Rename a file or folder in place (its unsaved drafts follow it).
    case renameItem(String, to: String)
    /// Move a file or folder into another folder (`""`: the root; its unsaved drafts follow it).
    case moveItem(String, intoFolder: String)
    /// Copy a file or folder beside itself.
    case duplicateItem(String)
    /// Move a file or folder to the trash.
    case deleteItem(String)
    /// Import a foreign file (a curl command, a Postman collection, an OpenAPI document, a HAR capture) into a folder.
    case importFile(path: String, intoFolder: String)
}
