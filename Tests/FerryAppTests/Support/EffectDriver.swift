import FerryHTTP
import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation

@testable import FerryApp

/// The reducer and the real effect runner without the terminal loop: each action is reduced, its effects
/// run on the runner (real files, real queues), and the results are reduced in turn until the runner is
/// quiet. Waits are async polls with a deadline; the screen is the state drawn by `WorkbenchView`.
final class EffectDriver {
    var state: AppState
    let runner: EffectRunner
    private let mailbox = Mailbox<AppAction>(wake: WakeSignal())
    private let transport = CurlTransport()

    /// A driver for the workspace at `root` as freshly loaded (drafts on disk restored, as at launch).
    init(workspace root: URL, size: Size = Size(width: 110, height: 30)) throws {
        let workspace = try Workspace.load(at: root)
        state = AppState(workspace: workspace, environments: workspace.environments(), environment: nil, size: size)
        for (id, draft) in DraftStore(stateFolder: workspace.stateFolder).load() where state.savedRequest(id) != nil {
            state.editor.drafts[id] = draft
        }
        runner = EffectRunner(
            workspace: workspace, transport: transport, mailbox: mailbox, services: AppServices(),
            terminal: InMemoryBackend(width: size.width, height: size.height))
    }

    deinit { transport.shutdown() }

    /// Reduces `action` (as the loop would), then everything its effects post, until nothing runs.
    func send(_ action: AppAction, timeout: Duration = FailureBound.event) async throws {
        runner.run(AppReducer.reduce(&state, action))
        try await settle(timeout: timeout)
    }

    /// Routes events through the key map as the loop does, reducing what each means and settling after each.
    func press(_ events: InputEvent...) async throws {
        for event in events {
            guard let action = InputRouter.action(for: event, in: state) else { continue }
            try await send(action)
        }
    }

    /// Types `text` into whatever has the keyboard.
    func type(_ text: String) async throws {
        for event in InputEvent.typing(text) { try await press(event) }
    }

    /// Reduces posted results until the runner is quiet and the mailbox empty.
    func settle(timeout: Duration = FailureBound.event) async throws {
        let quiet = await eventually(timeout: timeout, every: .milliseconds(2)) {
            let handled = mailbox.drain { runner.run(AppReducer.reduce(&state, $0)) }
            return handled == 0 && runner.isQuiet
        }
        guard quiet else { throw HarnessError("timed out waiting for the effects\n\(screen)") }
    }

    /// The state drawn on an in-memory screen of its size, as text.
    var screen: String { state.screenText() }

    /// Selects the tree row that `matches`.
    func selectTreeRow(_ matches: (CollectionNode) -> Bool) {
        state.panes.focus = .tree
        if let row = state.tree.rows.first(where: { matches($0.id) }) { state.tree.select(id: row.id) }
    }
}
