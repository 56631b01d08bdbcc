import FerryHTTP
import FerryTerminal
import FerryWorkbench
import Foundation

/// Every piece of the workbench's state; `AppReducer.reduce` is the only thing that changes it and
/// the views only read it.
public struct AppState: Sendable {
    // MARK: - Workspace

    /// The workspace, its environments and the work queued on its files.
    var session: SessionFeature.State
    /// The file-changing commands `u` can take back.
    var undo = UndoFeature.State()

    // MARK: - Collection tree

    /// The collection tree: the widgets' `TreeState` over folders, files and requests, which keeps the
    /// expansion, the selection, the scroll position and the filter (a substring of a name or URL).
    var tree = TreeState<CollectionNode, CollectionRow>(filterMode: .substring, usesVimKeys: false)

    // MARK: - Editor

    /// The request editor: the open request, the unsaved edits of every request, the open tab and which editor
    /// has the keyboard.
    var editor = EditorFeature.State()

    // MARK: - Responses

    /// The response pane: each request's latest exchange and the pane's tab, scrolls and wrapping.
    var response = ResponseFeature.State()
    /// The latest run of a file or folder (`nil` until one starts); the run view shows it.
    var run: RunState?
    /// GraphQL endpoints' schemas and responses' errors.
    var graphQL = GraphQLState()
    /// What the `# @prompt` form remembers between forms: this session's answers (``PromptsFeature``; its slice
    /// `prompts` adds the form on top).
    var promptMemory = PromptsFeature.Memory()
    /// What the sign-in feature knows of each configuration's sign-in (``SignInFeature``; its slice `signIn` adds
    /// the dialog on top).
    var signInMemory = SignInFeature.Memory()
    /// gRPC endpoints' descriptors.
    var grpc = GRPCFeature.State()

    // MARK: - Screen

    /// The panes: which has the keyboard, the tree hidden or a pane maximized, the terminal's size.
    var panes: PanesFeature.State
    /// The dialog on top, if any.
    var overlay: Overlay?
    /// A message for the status bar, such as a save confirmation or an error in words.
    var message: Message?
    /// Quitting, the spinner's clock: what concerns the whole screen.
    var screen = ScreenFeature.State()
    /// The key bindings.
    var keyMap: KeyMap
    /// The colours. State keeps no style of its own (the tree's rows name a ``ThemeRole``): every pane asks
    /// the theme while drawing, so a live switch repaints all of it.
    var theme: Theme
    /// The themes found (fitted to the terminal), for the theme picker.
    var themes: [Theme] = []
    /// What was found wrong at start-up, in the workspace, the key map and the theme (F10 lists them).
    var problems: [Problem] = []
    /// The messages of this session, newest last (F10 lists them whole after the start-up problems).
    var messageLog: [Message] = []

    /// A status-bar message and whether it reports a problem.
    struct Message: Sendable, Hashable {
        /// The text.
        var text: String
        /// Whether it is an error.
        var isError: Bool
        /// What it describes, when it describes something that can change: it goes once that changed.
        var subject: MessageSubject? = nil

        /// A problem, in words with what to do.
        static func error(_ text: String) -> Message { Message(text: text, isError: true) }

        /// What happened, when it went well.
        static func info(_ text: String) -> Message { Message(text: text, isError: false) }
    }

    /// The next piece of file work, with the workspace as it is now, when the runner has none.
    mutating func nextFileWork() -> [Effect] {
        session.fileQueue.next().map { [.onFiles($0, workspace)] } ?? []
    }

    /// Shows `message` in the status bar (until the next one), and keeps it whole for F10.
    mutating func report(_ message: Message) {
        self.message = message
        // A message that goes on from the last one (a note added to it) takes its place in the log.
        if let last = messageLog.last, message.text.hasPrefix(last.text) { messageLog.removeLast() }
        messageLog.append(Message(text: message.text, isError: message.isError))
        if messageLog.count > Self.messageLogLimit { messageLog.removeFirst() }
    }

    /// Shows `message` in the status bar while `subject` still holds (see ``MessageSubject``): a request's
    /// subject is taken as the request is once the action that said it ends.
    mutating func report(_ message: Message, about subject: MessageSubject) {
        var message = message
        message.subject = subject
        report(message)
    }

    /// How many of the session's messages ``messageLog`` keeps: the Problems view lists them whole, since the
    /// status bar cuts a long one to its row.
    static let messageLogLimit = 50

    // MARK: - Creating

    /// The state at launch: the tree focused, the first request open, `environment` active (or the first).
    init(
        workspace: Workspace, environments: EnvironmentFiles, environment: String?, dotenv: [String: String] = [:],
        processEnvironment: [String: String] = [:], size: Size, keyMap: KeyMap = AppKeyMap.defaults,
        theme: Theme = .fallback
    ) {
        self.session = SessionFeature.State(
            workspace: workspace, environments: environments, environment: environment, dotenv: dotenv,
            processEnvironment: processEnvironment)
        self.panes = PanesFeature.State(size: size)
        self.keyMap = keyMap
        self.theme = theme
        tree.viewportHeight = WorkbenchLayout(size: size).treeList.height
        rebuildTree()
        if let first = firstRequestInTree {
            tree.select(id: .request(first))
            openRequest = first
            resetURLEditor()
        }
        reportProblems((workspace.diagnostics + environments.diagnostics).map(Problem.init))
    }

    /// Adds start-up problems to the Problems list and says in the status bar how many there are.
    mutating func reportProblems(_ found: [Problem]) {
        guard !found.isEmpty else { return }
        problems += found
        let count = problems.count
        let key = AppKeyMap.hint(for: .problems, in: keyMap).map { " (\($0) lists \(count == 1 ? "it" : "them"))" }
        let first = problems[0].description
        message = Message(
            text: "\(count == 1 ? "1 problem" : "\(count) problems")\(key ?? ""), first: "
                + "\(first.count > 120 ? first.prefix(120) + "…" : first) — the rest loaded.",
            isError: true)
    }

    // MARK: - Derived

    /// The workspace as loaded (and as last saved).
    var workspace: Workspace { session.workspace }
    /// The request open in the editor (the editor's).
    var openRequest: RequestID? {
        get { editor.openRequest }
        set { editor.openRequest = newValue }
    }
    /// The workspace's environments.
    var environments: EnvironmentFiles { session.environments }
    /// The active environment, or `nil` when the workspace defines none.
    var environment: String? { session.environment }
    /// The `.env` values.
    var dotenv: [String: String] { session.dotenv }
    /// What the workspace's files may reach outside it.
    var workspaceAccess: WorkspaceAccess { session.access }
    /// The process environment, for `{{$processEnv}}`.
    var processEnvironment: [String: String] { session.processEnvironment }
    /// Whether the app should end.
    var isFinished: Bool { screen.isFinished }
    /// The spinner's frame.
    var spinnerFrame: Int { screen.spinnerFrame }

    /// The terminal's size.
    var size: Size { panes.size }

    /// The body editor while it has the keyboard.
    var bodyEditor: TextEditorState? {
        if case .body(let editor) = editor.mode { return editor }
        return nil
    }

    /// The headers table while it has the keyboard.
    var headerTable: KeyValueTableState? {
        if case .headers(let table) = editor.mode { return table }
        return nil
    }

    /// The query-parameter table while it has the keyboard.
    var paramsTable: KeyValueTableState? {
        if case .params(let table) = editor.mode { return table }
        return nil
    }

    /// The form or multipart fields table while it has the keyboard.
    var bodyTable: KeyValueTableState? {
        if case .fields(let table) = editor.mode { return table }
        return nil
    }

    /// The open request with its unsaved edits.
    var currentRequest: SavedRequest? {
        guard let id = openRequest else { return nil }
        return editor.drafts[id] ?? savedRequest(id)
    }

    /// The request as saved in the workspace.
    func savedRequest(_ id: RequestID) -> SavedRequest? {
        workspaceRequest(id)?.request
    }

    /// A request as `workspace`'s file has it (`nil`: no such request).
    static func savedRequest(_ id: RequestID, in workspace: Workspace) -> SavedRequest? {
        guard let index = workspace.fileIndex(id.path) else { return nil }
        return workspace.files[index].requests.first { $0.id == id }?.request
    }

    /// The workspace entry of a request.
    func workspaceRequest(_ id: RequestID) -> WorkspaceRequest? {
        guard let index = workspace.fileIndex(id.path) else { return nil }
        return workspace.files[index].requests.first { $0.id == id }
    }

    /// The exchange of the open request.
    var currentExchange: Exchange? { openRequest.flatMap { response.exchanges[$0] } }

    /// Whether any request is in flight.
    var isAnythingInFlight: Bool { response.exchanges.values.contains { $0.isInFlight } }

    /// Whether a request has edits not yet saved.
    func isUnsaved(_ id: RequestID) -> Bool { editor.drafts[id] != nil }

    /// Whether any request has unsaved edits.
    var hasUnsavedEdits: Bool { !editor.drafts.isEmpty }

    /// The variables for `request` in the active environment (no IO: everything was read at launch).
    func variableContext(for id: RequestID) -> VariableContext {
        var context = VariableContext(
            environment: environments.variables(for: environment), processEnvironment: processEnvironment,
            dotenv: dotenv)
        context.authConfigurations = environments.authConfigurations(for: environment)
        context.tlsConfiguration = environments.tlsConfiguration(for: environment, folder: workspace.root)
        if let entry = workspaceRequest(id), let index = workspace.fileIndex(entry.path) {
            context.fileVariables = workspace.files[index].content.fileVariables(forRequestAt: entry.position)
        }
        return context
    }

    /// The key-map contexts in force, most specific first.
    var keyContexts: [KeyContext] {
        if let overlay { return [overlay.keyContext] }
        if panes.focus == .editor && bodyEditor != nil {
            return graphQLCompletion == nil && grpcCompletion == nil ? [.body] : [.queryCompletion, .body]
        }
        if panes.focus == .editor && (headerTable != nil || paramsTable != nil) { return [.table] }
        if panes.focus == .editor && bodyTable != nil {
            return currentRequest?.bodyKind == .multipart ? [.multipart, .table] : [.table]
        }
        if panes.focus == .editor && (!variableCompletions.isEmpty || grpcTargetCompletion != nil) {
            return [.completion, .editor]
        }
        return paneKeyContexts
    }

    /// The key-map contexts of the focused pane, most specific first, as its help lists them: the response
    /// pane's over the live events are `events`, then `response`.
    var paneKeyContexts: [KeyContext] {
        if panes.focus == .response && isShowingLiveEvents { return [.events, .response] }
        return [panes.focus.keyContext]
    }

    /// The variable names that complete the `{{partial` before the URL cursor, best first (empty when the
    /// cursor is not inside an unclosed `{{`).
    var variableCompletions: [String] {
        guard panes.focus == .editor, overlay == nil, case .url = editor.mode,
            let id = openRequest, let request = currentRequest
        else { return [] }
        let before = String(request.fullURL.prefix(urlCursor))
        guard let open = before.range(of: "{{", options: .backwards),
            !before[open.upperBound...].contains("}")
        else { return [] }
        let partial = String(before[open.upperBound...])
        let context = variableContext(for: id)
        var names = Set(context.environment.map(\.name))
        names.formUnion(context.fileVariables.keys)
        let candidates = names.filter { $0.hasPrefix(partial) && $0 != partial }.sorted()
        return candidates
    }

    /// Gives the tree the workspace's current folders, files and requests (``TreeFeature/rebuild(_:from:)``).
    mutating func rebuildTree() { TreeFeature.rebuild(&tree, from: workspace) }

    /// The first request shown in the tree.
    var firstRequestInTree: RequestID? {
        tree.rows.lazy.compactMap(\.id.requestID).first
    }

    /// The rows the tree shows, top to bottom.
    var visibleTreeRows: [CollectionRow] {
        tree.rows.map { tree.item(at: $0.path).row }
    }
}
