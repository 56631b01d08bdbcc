import FerryHTTP
import FerryTerminal
import FerryWorkbench
import Foundation

/// The full-screen workbench: loads a workspace, then runs the loop (input → action → reduce → effects →
/// view) on a terminal backend until the user quits.
///
/// ```swift
/// let app = try WorkbenchApp(workspace: URL(fileURLWithPath: "Collections"), backend: backend,
///                            transport: CurlTransport())
/// try app.run()
/// ```
public final class WorkbenchApp: @unchecked Sendable {
    /// The loop.
    let loop: TerminalLoop<AppState, AppAction>
    /// The effect runner.
    let runner: EffectRunner
    /// The workspace's folder, watched while the app runs.
    let root: URL

    /// Loads the workspace at `root` and prepares the first frame's state: the tree focused, the first
    /// request open, the environment used last (from `.ferry/state.json`) or the first one active, and any
    /// drafts left by an earlier run restored as unsaved edits. `limits` says when response bodies go to
    /// a temporary file; `themeProblems` are what was wrong in the theme files, listed with the workspace's
    /// and the key map's problems (F10). `themes` are the themes the picker offers; `settings` (the user's
    /// settings file) chooses the key preset, applied before the key-map files.
    public init(
        workspace root: URL, backend: any TerminalBackend, transport: any HTTPTransport,
        services: AppServices = AppServices(), theme: Theme = .fallback, themeProblems: [ThemeError] = [],
        processEnvironment: [String: String] = ProcessInfo.processInfo.environment,
        limits: ResponseLimits = ResponseLimits(), themes: [Theme] = [], settings: UserSettings = UserSettings()
    ) throws {
        let workspace = try Workspace.load(at: root)
        var problems: [Problem] = settings.problems.map(Problem.init)
        var keyMap = AppKeyMap.defaults
        if let preset = settings.keys {
            if let chosen = AppKeyMap.preset(named: preset.value) {
                keyMap = chosen
            } else {
                problems.append(
                    Problem(
                        file: settings.path, line: preset.line,
                        message:
                            "no key preset is named \"\(preset.value.prefix(40))\" (\(AppKeyMap.presetNames.joined(separator: ", "))); the default keys apply"
                    ))
            }
        }
        let access = services.trustStore.access(for: workspace)
        var keyMapAwaitingTrust: String?
        for url in Self.keyMapFiles(workspace: workspace, environment: processEnvironment) {
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            // Inside the workspace by its relative path (`.ferry/keys.conf`), else in full.
            let isWorkspaceFile = url.path.hasPrefix(workspace.root.path + "/")
            let name = isWorkspaceFile ? String(url.path.dropFirst(workspace.root.path.count + 1)) : url.path
            // A repository's own key map is its author's, not the user's: it applies once the user trusts it.
            if isWorkspaceFile && access == .confined {
                keyMapAwaitingTrust = name
                problems.append(
                    Problem(
                        file: name,
                        message: "not applied while the workspace is not trusted (Ctrl-P → Trust this workspace; "
                            + "it applies from the next start)"))
                continue
            }
            guard let bytes = FileManager.default.contents(atPath: url.path) else {
                problems.append(Problem(file: name, message: "cannot be read; the default keys apply"))
                continue
            }
            problems += keyMap.apply(userFile: [UInt8](bytes), reserving: AppKeyMap.reservedKeys).map {
                Problem($0, in: name)
            }
        }
        problems += themeProblems.map(Problem.init)
        let remembered = WorkspaceStateFile.read(from: workspace.stateFolder)
        var state = AppState(
            workspace: workspace, environments: workspace.environments(), environment: remembered.environment,
            dotenv: workspace.dotenv(), processEnvironment: processEnvironment, size: backend.size, keyMap: keyMap,
            theme: theme)
        state.themes = themes
        // The tree's height does not depend on them, so nothing else follows at launch.
        state.panes.sizes = (remembered.paneSizes ?? PaneSizes()).bounded
        state.session.access = access
        if state.workspaceAccess == .confined {
            // What the files would read and write outside the workspace, listed before anything is sent, and
            // asked about once when trusting would change something.
            let outside = workspace.outsideReferences()
            if !outside.isEmpty || keyMapAwaitingTrust != nil,
                !services.trustStore.hasDeclined(workspace.root, reaching: outside)
            {
                state.overlay = .trust(
                    TrustFeature.State(
                        outside: outside, scripts: workspace.scriptedFiles(), keyMap: keyMapAwaitingTrust))
            }
            problems += outside.map { reference in
                Problem(
                    file: reference.location.file, line: reference.location.line,
                    message:
                        "\(reference.kind == .writes ? "writes" : "reads") \(reference.path) (\(reference.reason)): "
                        + "refused while the workspace is not trusted (Ctrl-P → Trust this workspace)")
            }
        }
        state.reportProblems(problems)
        var drafts: [RequestID: SavedRequest] = [:]
        for (id, loaded) in DraftStore(stateFolder: workspace.stateFolder).load() {
            guard let saved = state.savedRequest(id) else { continue }
            var draft = loaded
            // Drafts written without their `###` line (before it was kept) take the saved title.
            if draft.title == nil { draft.title = saved.title }
            if draft != saved { drafts[id] = draft }
        }
        if !drafts.isEmpty {
            state.editor.drafts = drafts
            state.resetURLEditor()
            let restored =
                "Restored unsaved edits of \(drafts.count) request\(drafts.count == 1 ? "" : "s") (Ctrl-S saves them)."
            // A malformed file's error stays in front: the restore note follows it.
            state.message =
                state.message.map { .init(text: $0.text + " " + restored, isError: $0.isError) }
                ?? .init(text: restored, isError: false)
        }
        self.root = workspace.root
        // Off the loop, first on the file queue: the last response of each request, shown when it is opened
        // (nothing is sent).
        state.session.fileQueue.append(.loadRecordedResponses)
        let firstFileWork = state.nextFileWork()
        loop = TerminalLoop(backend: backend, state: state)
        loop.tick = { .app(.ticked($0)) }
        runner = EffectRunner(
            workspace: workspace, transport: transport, mailbox: loop.mailbox, services: services, terminal: backend,
            limits: limits)
        runner.run(firstFileWork)
        // The schemas cached for GraphQL completion, read off the loop (only when there is a GRAPHQL request).
        if workspace.requests.contains(where: { $0.request.isGraphQL }) { runner.run(.loadGraphQLSchemas) }
    }

    // MARK: - Running

    /// Runs until the user quits or `shouldStop` holds (checked after every batch, such as a signal
    /// watcher's flag); requests still in flight are canceled when it returns.
    public func run(stoppingWhen shouldStop: @escaping () -> Bool = { false }) throws {
        defer { runner.cancelAll() }
        // Live reload: files changed outside Ferry are read again; without inotify the app runs without it.
        let watcher = try? WorkspaceWatcher(root: root) { [runner] paths in
            runner.post(.workspace(.changedOnDisk(paths)))
        }
        defer { watcher?.stop() }
        try loop.run(
            action: { event, state in InputRouter.action(for: event, in: state) },
            reduce: { [runner] state, action in runner.run(AppReducer.reduce(&state, action)) },
            view: { state, frame in frame.render(WorkbenchView(state: state), area: frame.area) },
            // A quit waits for the file work under way (a save before `:wq` quits ends, and is reported ended).
            isFinished: { state in (state.isFinished && state.session.fileQueue.isIdle) || shouldStop() },
            isAnimating: { state in
                state.isAnythingInFlight
                    || state.response.exchanges.values.contains { exchange in
                        if case .parsing = exchange.body { return true }
                        return false
                    }
            })
    }

    /// Asks the loop to end (from any thread).
    public func stop() { loop.stop() }

    /// Key-map files, applied in order: `$XDG_CONFIG_HOME/ferry/keys.conf` (default
    /// `~/.config/ferry/keys.conf`), then the workspace's `.ferry/keys.conf`.
    static func keyMapFiles(workspace: Workspace, environment: [String: String]) -> [URL] {
        var files: [URL] = []
        if let config = UserConfig.folder(environment: environment) {
            files.append(config.appendingPathComponent("keys.conf"))
        }
        files.append(workspace.stateFolder.appendingPathComponent("keys.conf"))
        return files
    }
}
