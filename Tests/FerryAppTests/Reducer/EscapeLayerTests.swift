import FerryTerminal
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// Esc peels the innermost transient state first (a filter, a selection, a maximized pane) and cancels the
/// transfer in flight only when nothing is left to peel; while a transfer runs the status bar says what the
/// next Esc does.
@Suite("Esc peels one layer at a time")
struct EscapeLayerTests {
    let folder: TemporaryWorkspace
    var state: AppState

    init() throws {
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"])
        state = try folder.loadState(size: Size(width: 120, height: 30))
    }

    var statusLine: String { StatusBarView(state: state).leftLine().spans.map(\.content).joined() }

    /// The slip users met: send, Tab to the tree with a filter active, Esc — the transfer was canceled and the
    /// filter stayed. Now the filter goes first, then the pane, then the transfer.
    @Test mutating func escClearsTheTreeFilterThenTheMaximizedPaneThenCancels() throws {
        state.feed([.control("r")])
        #expect(state.currentExchange?.isInFlight == true)
        state.feed([.character("/")] + InputEvent.typing("json") + [.key(.enter)])
        state.panes.focus = .tree
        #expect(!state.tree.filter.isEmpty)
        state.feed([.control("o")])
        #expect(state.panes.maximizedPane == .tree)

        #expect(state.nextEscape == .treeFilter)
        #expect(statusLine.contains("Esc clears the filter"), "\(statusLine)")
        #expect(state.feed([.key(.escape)]).isEmpty)
        #expect(state.tree.filter.isEmpty && state.currentExchange?.isInFlight == true)

        #expect(statusLine.contains("Esc shows all panes"), "\(statusLine)")
        state.feed([.key(.escape)])
        #expect(state.panes.maximizedPane == nil && state.currentExchange?.isInFlight == true)

        #expect(statusLine.contains("Esc cancels"), "\(statusLine)")
        let effects = state.feed([.key(.escape)])
        guard case .cancel = effects.first else {
            Issue.record("expected the transfer canceled by the last Esc, got \(effects)")
            return
        }
        #expect(state.currentExchange?.isInFlight == false)
        #expect(state.nextEscape == .nothing)
    }

    @Test mutating func escDropsTheURLSelectionBeforeCancelling() {
        state.feed([.control("r"), .key(.tab), .key(KeyEvent(.home, modifiers: .shift))])
        #expect(state.panes.focus == .editor && state.editor.urlEditor.selection != nil)
        #expect(state.feed([.key(.escape)]).isEmpty)
        #expect(state.editor.urlEditor.selection == nil && state.currentExchange?.isInFlight == true)
        guard case .cancel = state.feed([.key(.escape)]).first else {
            Issue.record("expected a cancel")
            return
        }
    }
}
