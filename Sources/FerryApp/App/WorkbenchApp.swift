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
    private let lock = NSLock()
    private var inputsSeen = 0
    private var generation = 0
    private var renderedGeneration = -1
    private var viewGeneration = -1
    private var rendered: AppState
    private var renderedFrame: ScreenBuffer?
    private var lastFrameDuration: Duration = .zero

    /// Loads the workspace at `root` and prepares the first frame's state: the tree focused, the first
    /// request open, the environment used last (from `.ferry/state.json`) or the first one active, and any
    /// drafts left by an earlier run restored as unsaved edits. `limits` says when response bodies go to
    /// a temporary file; `themeProblems` are what was wrong in the theme files, listed with the workspace's
    /// and the key map's problems (F10).
    public init(
        workspace root: URL, backend: any TerminalBackend, transport: any HTTPTransport,
        services: AppServices = AppServices(), theme: Theme = .fallback, themeProblems: [ThemeError] = [],
        processEnvironment: [String: String] = ProcessInfo.processInfo.environment,
        limits: ResponseLimits = ResponseLimits()
    ) throws {
        let workspace = try Workspace.load(at: root)
        var keyMap = AppKeyMap.defaults
        var problems: [Problem] = []
        for url in Self.keyMapFiles(workspace: workspace, environment: processEnvironment) {
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            // Inside the workspace by its relative path (`.ferry/keys.conf`), else in full.
            let name =
                url.path.hasPrefix(workspace.root.path + "/")
                ? String(url.path.dropFirst(workspace.root.path.count + 1)) : url.path
            guard let bytes = FileManager.default.contents(atPath: url.path) else {
                problems.append(Problem(file: name, message: "cannot be read; the default keys apply"))
                continue
            }
            problems += keyMap.apply(userFile: [UInt8](bytes)).map { Problem($0, in: name) }
        }
        problems += themeProblems.map(Problem.init)
        var state = AppState(
            workspace: workspace, environments: workspace.environments(),
            environment: WorkspaceStateFile.read(from: workspace.stateFolder).environment,
            dotenv: workspace.dotenv(), processEnvironment: processEnvironment, size: backend.size, keyMap: keyMap,
            theme: theme)
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
            state.drafts = drafts
            state.resetURLEditor()
            let restored =
                "Restored unsaved edits of \(drafts.count) request\(drafts.count == 1 ? "" : "s") (Ctrl-S saves them)."
            // A malformed file's error stays in front: the restore note follows it.
            state.message =
                state.message.map { .init(text: $0.text + " " + restored, isError: $0.isError) }
                ?? .init(text: restored, isError: false)
        }
        let probe = FlushRelay()
        loop = TerminalLoop(backend: FrameProbeBackend(backend) { probe.fire() }, state: state)
        loop.tickAction = .app(.ticked)
        rendered = state
        runner = EffectRunner(
            workspace: workspace, transport: transport, mailbox: loop.mailbox, services: services, terminal: backend,
            limits: limits)
        probe.action = { [unowned self] in
            lock.withLock { renderedGeneration = viewGeneration }
        }
    }

    // MARK: - Running

    /// Runs until the user quits or `shouldStop` holds (checked after every batch, such as a signal
    /// watcher's flag); requests still in flight are canceled when it returns.
    public func run(stoppingWhen shouldStop: @escaping () -> Bool = { false }) throws {
        defer { runner.cancelAll() }
        try loop.run(
            action: { [self] event, state in
                lock.withLock {
                    inputsSeen += 1
                    generation += 1
                }
                return InputRouter.action(for: event, in: state)
            },
            reduce: { [self] state, action in
                // The generation moves before the result counts as reduced, so no observer sees a quiet
                // runner together with a frame that does not show this action yet.
                lock.withLock { generation += 1 }
                let effects = AppReducer.reduce(&state, action)
                runner.run(effects)
                lock.withLock { generation += 1 }
            },
            view: { [self] state, frame in
                let start = ContinuousClock.now
                frame.render(WorkbenchView(state: state), area: frame.area)
                let took = ContinuousClock.now - start
                lock.withLock {
                    viewGeneration = generation
                    renderedFrame = frame.buffer
                    rendered = state
                    lastFrameDuration = took
                }
            },
            isFinished: { state in state.isFinished || shouldStop() },
            isAnimating: { state in
                state.isAnythingInFlight
                    || state.exchanges.values.contains { exchange in
                        if case .parsing = exchange.body { return true }
                        return false
                    }
            })
    }

    /// Asks the loop to end (from any thread).
    public func stop() { loop.stop() }

    // MARK: - Observing (tests and benchmarks)

    /// The state as of the last frame drawn.
    var snapshot: AppState { lock.withLock { rendered } }

    /// The last frame's text, one string per row (safe to read while the loop runs).
    var frameLines: [String] { lock.withLock { renderedFrame?.lines ?? [] } }

    /// Whether the open request's response body is on screen as a JSON tree.
    public var isShowingJSONTree: Bool { snapshot.currentExchange?.body.isJSON ?? false }

    /// How long the last frame took to build.
    public var lastViewDuration: Duration { lock.withLock { lastFrameDuration } }

    /// Whether the app is quiet: `inputs` events were taken, no effect runs, every result was reduced and
    /// the last state reached the terminal. Tests and benchmarks poll it instead of sleeping.
    public func isSettled(afterInputs inputs: Int) -> Bool {
        guard runner.isQuiet else { return false }
        return lock.withLock { inputsSeen >= inputs && renderedGeneration == generation }
    }

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

/// Calls an action set after creation (the probe backend exists before the app it reports to).
private final class FlushRelay {
    var action: () -> Void = {}
    func fire() { action() }
}
