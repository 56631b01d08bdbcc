import FerryTerminal
import FerryWorkbench

/// The keys and events that concern the whole screen: quitting (`:wq` waits for its save), help, the palette,
/// the Problems list, the spinner's clock, suspending; and the keys that mean something in each pane (send,
/// Esc), handed on to the feature in charge.
enum ScreenFeature {
    /// The screen's own state.
    struct State: Sendable {
        /// The spinner's frame, advanced by ticks while something is in flight.
        var spinnerFrame = 0
        /// The request whose save `:wq` or `:x` waits for before quitting.
        var quitsAfterSaving: RequestID?
        /// Whether the app should end.
        var isFinished = false
    }

    /// What the screen reads of the rest of the app.
    struct Context {
        /// Whether any request has unsaved edits (quitting asks first).
        var hasUnsavedEdits: Bool
        /// The open request when it has unsaved edits (`:wq` saves it first).
        var unsavedOpenRequest: RequestID?
        /// The dialog on top (help opens over it).
        var overlay: Overlay?
        /// The keys, listed by the palette.
        var keyMap: KeyMap
        /// The workspace, whose requests the palette jumps to.
        var workspace: Workspace
        /// What the next Esc peels (``EscapeLayer``).
        var escapeAction: AppAction
    }

    /// Applies a screen-wide event.
    static func reduce(_ event: AppEvent, _ state: inout State, _ context: Context) -> FeatureOutput {
        switch event {
        case .sendRequested: return handOn(.response(.sendRequested))
        case .sendAsWrittenRequested: return handOn(.response(.sendAsWrittenRequested))
        case .cancelRequested: return handOn(context.escapeAction)
        case .quitRequested:
            guard context.hasUnsavedEdits else {
                state.isFinished = true
                return .none
            }
            return .present(.confirmQuit)
        case .quitConfirmed:
            state.isFinished = true
            return .none
        case .helpRequested: return .present(AppReducer.helpOverlay(over: context.overlay))
        case .paletteRequested:
            return .present(
                .palette(
                    PickerDialogState(
                        title: "Command palette (or a request's name to go to it)",
                        items: PaletteEntries.all(keyMap: context.keyMap, requestsOf: context.workspace))))
        case .commandLineRequested:
            return .present(
                .palette(
                    PickerDialogState(
                        title: ":  w saves, q quits, wq or x saves and quits, q! quits without saving",
                        items: PaletteEntries.exCommands + PaletteEntries.all(keyMap: context.keyMap))))
        case .saveAndQuitRequested:
            guard let id = context.unsavedOpenRequest else { return reduce(.quitRequested, &state, context) }
            state.quitsAfterSaving = id
            return handOn(.editor(.saveRequested))
        case .saveEnded(let id, let succeeded):
            // `:wq` and `:x`: quit once written, asking first when other edits are still unsaved.
            guard state.quitsAfterSaving == id else { return .none }
            state.quitsAfterSaving = nil
            return succeeded ? handOn(.app(.quitRequested)) : .none
        case .problemsRequested: return .present(.problems(scroll: 0))
        case .ticked(let now):
            state.spinnerFrame += 1
            return handOn(.response(.clockTicked(now)))
        case .suspendRequested: return .run([.suspendProcess])
        case .copyFailed(let failure): return .report(.error(failure.message))
        }
    }

    private static func handOn(_ action: AppAction) -> FeatureOutput {
        FeatureOutput(requests: [.dispatch(action)])
    }
}

extension ScreenFeature.Context {
    /// The screen's view of `state`.
    init(_ state: AppState) {
        self.init(
            hasUnsavedEdits: state.hasUnsavedEdits,
            unsavedOpenRequest: state.openRequest.flatMap { state.editor.drafts[$0] == nil ? nil : $0 },
            overlay: state.overlay, keyMap: state.keyMap, workspace: state.workspace,
            escapeAction: state.escapeAction)
    }
}
