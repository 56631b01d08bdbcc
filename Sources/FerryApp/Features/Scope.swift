import FerryTerminal
import FerryWorkbench

/// What a feature's reducer asks of the root besides the change to its own state: the effects to run, and what
/// only the root may do (The Composable Architecture's delegate actions).
struct FeatureOutput: Sendable {
    /// The work to do off the loop.
    var effects: [Effect] = []
    /// What the root does for the feature, in order.
    var requests: [RootRequest] = []

    /// Nothing to do.
    static let none = FeatureOutput()

    /// Asks the root to show `overlay` on top.
    static func present(_ overlay: Overlay) -> FeatureOutput { FeatureOutput(requests: [.present(overlay)]) }

    /// Asks the root to say `message` in the status bar.
    static func report(_ message: AppState.Message) -> FeatureOutput { FeatureOutput(requests: [.report(message)]) }

    /// Runs `effects`, asking nothing of the root.
    static func run(_ effects: [Effect]) -> FeatureOutput { FeatureOutput(effects: effects) }

    /// Asks the root to queue `work` on the workspace's files.
    static func onFiles(_ work: FileWork) -> FeatureOutput { FeatureOutput(requests: [.onFiles(work)]) }
}

/// What a feature asks the root to do: each changes state the feature does not own.
enum RootRequest: Sendable, Equatable {
    /// Show this dialog on top.
    case present(Overlay)
    /// Say this in the status bar (and keep it for F10).
    case report(AppState.Message)
    /// Clear the status bar: what it said no longer holds.
    case clearMessage
    /// Open this request in the editor and give the editor the keyboard.
    case open(RequestID)
    /// Open this request in the editor, leaving the keyboard where it is.
    case show(RequestID)
    /// Close the dialog on top.
    case dismiss
    /// Open what a script's report points at: the request written at that line of a workspace `.http` file,
    /// else the file in `$EDITOR` at that line.
    case openScriptLocation(ScriptLocation)
    /// List these problems (F10) and say how many there are.
    case reportProblems([Problem])
    /// Give this pane the keyboard.
    case focus(Pane)
    /// Hand a picker's or prompt's answer to the feature that asked it.
    case answer(DialogAnswer)
    /// Do what this palette command does, as if its key were pressed.
    case command(AppCommand)
    /// The editor's table or body editor gives the keyboard back to the URL field.
    case closeEditorField
    /// The panes changed size: the tree's page and the response's scroll follow.
    case panesResized
    /// Draw everything in this theme from now on (the theme picker's preview and choice).
    case showTheme(Theme)
    /// Give the workspace's files full access: the user trusts it (and record it in the trust store).
    case trustWorkspace
    /// Queue this work on the workspace's files (``FileQueue``).
    case onFiles(FileWork)
    /// Reduce this action next, as if it had happened (The Composable Architecture's `.send`): how one
    /// feature hands on to another.
    case dispatch(HandedOn)
    /// Take in the workspace the session now holds: the tree, the open request, what to open or select.
    case adopt(WorkspaceAdoption)
    /// The workspace's and environments' problems were `old` and are `fresh` now: those gone leave the
    /// Problems list, new ones are said.
    case replaceProblems(old: [Problem], fresh: [Problem])

    /// Reduce `action` next (``dispatch(_:)``).
    static func dispatch(_ action: AppAction) -> RootRequest { .dispatch(HandedOn(action)) }
}

/// An action one feature hands on to another through the root. Actions carry results and errors that do not
/// compare, so a hand-over compares by its full description (every associated value): what a test states.
struct HandedOn: Sendable, Equatable {
    /// The action to reduce.
    let action: AppAction

    /// Hands on `action`.
    init(_ action: AppAction) { self.action = action }

    static func == (lhs: HandedOn, rhs: HandedOn) -> Bool {
        String(reflecting: lhs.action) == String(reflecting: rhs.action)
    }
}

extension AppReducer {
    /// The Composable Architecture's `Scope`, without the dependency: runs a feature's `reduce` on its slice of
    /// the state (`slice`) with a read-only `context` the root made from the rest, then does what the feature
    /// asked of the root. A feature never sees the whole state.
    static func scope<Slice, Context, Action>(
        _ state: inout AppState, _ slice: WritableKeyPath<AppState, Slice>, context: Context, _ action: Action,
        _ reduce: (Action, inout Slice, Context) -> FeatureOutput
    ) -> [Effect] {
        let output = reduce(action, &state[keyPath: slice], context)
        return output.effects + output.requests.flatMap { perform($0, &state) }
    }
}
