import FerryTerminal
import FerryWorkbench

/// The workspace as a feature that owns it: its files as last read or written, its environments and the active
/// one, the `.env` values, what its files may reach, and the queue of work on its files. File operations end
/// here (``WorkspaceEvent``); what they mean for the tree, the drafts and the responses is handed on to those
/// features, and the root adopts the new workspace (``RootRequest/adopt(_:)``).
enum SessionFeature {
    /// The session's state.
    struct State: Sendable {
        /// The workspace as loaded (and as last saved).
        var workspace: Workspace
        /// The workspace's environments.
        var environments: EnvironmentFiles
        /// The active environment, or `nil` when the workspace defines none.
        var environment: String?
        /// The `.env` values, read at launch and on reload.
        var dotenv: [String: String]
        /// What the workspace's files may reach outside it: confined until the user trusts the workspace.
        var access = WorkspaceAccess.trusted
        /// The process environment, for `{{$processEnv}}`.
        var processEnvironment: [String: String]
        /// The work on the workspace's files asked for and not yet done (one piece at a time is with the runner).
        var fileQueue = FileQueue()
        /// The pane that takes the keyboard once the workspace change under way opens its request (the URL field
        /// after `a` makes a new request).
        var focusAfterChange: Pane?

        /// The session of `workspace` with `environment` active when the workspace defines it (else the first).
        init(
            workspace: Workspace, environments: EnvironmentFiles, environment: String?, dotenv: [String: String],
            processEnvironment: [String: String]
        ) {
            self.workspace = workspace
            self.environments = environments
            let names = environments.names
            self.environment = environment.flatMap { names.contains($0) ? $0 : nil } ?? names.first
            self.dotenv = dotenv
            self.processEnvironment = processEnvironment
        }
    }

    /// What the session reads of the rest of the app.
    struct Context {
        /// The requests' unsaved edits (messages count and name them).
        var drafts: [RequestID: SavedRequest]
        /// The keys, for naming one in a message.
        var keyMap: KeyMap
    }

    /// Applies a session action: the active environment, trusting the workspace, names typed for file commands.
    static func reduce(_ action: SessionAction, _ state: inout State, _ context: Context) -> FeatureOutput {
        switch action {
        case .environmentCycled:
            let names = state.environments.names
            guard !names.isEmpty else {
                return .report(.error("No environments: add http-client.env.json to the workspace."))
            }
            let index = state.environment.flatMap { names.firstIndex(of: $0) } ?? -1
            return choose(names[(index + 1) % names.count], &state)
        case .environmentChosen(let name): return choose(name, &state)
        case .environmentPickerRequested:
            return .present(
                .environmentPicker(
                    PickerDialogState(
                        title: "Environment (\(state.environment ?? "none") now)",
                        items: state.environments.names.map { PickerChoice($0) })))
        case .trustRequested:
            guard state.access == .confined else { return .report(.info("This workspace is trusted already.")) }
            return trust(&state)
        case .trustGranted: return trust(&state)
        case .trustNotKept(let reason, let trusted):
            return .report(
                .error(
                    trusted
                        ? "Trusted for this session only: \(reason)."
                        : "Safe mode, but the answer was not kept (asked again next start): \(reason)."))
        case .nameTyped(let purpose, let name): return named(purpose, name, &state)
        }
    }

    /// Makes `name` the active environment, remembered for the next launch.
    private static func choose(_ name: String, _ state: inout State) -> FeatureOutput {
        guard state.environments.names.contains(name) else { return .none }
        state.environment = name
        return FeatureOutput(effects: [.rememberEnvironment(name)], requests: [.report(.info("Environment: \(name)"))])
    }

    /// Gives the workspace's files full access for this session and records it in the user's trust store.
    private static func trust(_ state: inout State) -> FeatureOutput {
        state.access = .trusted
        state.fileQueue.append(.trust)
        return .report(.info("Trusted: this workspace's files may read and write outside it (kept in your config)."))
    }
}

/// What changes the session: the active environment, trust, and names typed for the file commands.
enum SessionAction: Sendable {
    /// Move to the next environment.
    case environmentCycled
    /// Open the environment picker.
    case environmentPickerRequested
    /// Make this environment the active one (the picker's answer).
    case environmentChosen(String)
    /// Trust the workspace: its files may read and write outside it, now and at the next launch.
    case trustRequested
    /// Yes to the trust question.
    case trustGranted
    /// The answer to the trust question (`trusted`: trust, else safe mode) could not be written to the user's
    /// config (why, in words): it holds for this session only.
    case trustNotKept(String, trusted: Bool)
    /// A name (or value) was typed into the prompt asked for `purpose`.
    case nameTyped(NamePurpose, String)
}

extension SessionFeature.Context {
    /// The session's view of `state`.
    init(_ state: AppState) {
        self.init(drafts: state.editor.drafts, keyMap: state.keyMap)
    }
}
