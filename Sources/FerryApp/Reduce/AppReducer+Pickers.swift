import FerryTerminal
import FerryWorkbench

// MARK: - The widgets' pickers and prompts: one way to hand them an event and act on the answer

/// What a picker or prompt did with an event.
enum PickerOutcome<Choice> {
    /// It stays open (the event moved the selection, filtered, or meant nothing to it).
    case open
    /// It was closed without a choice (Esc).
    case closed
    /// It was closed with this choice (Enter on a row).
    case chosen(Choice)
}

/// A widget dialog that reads events itself and answers confirmed or cancelled: a picker or a prompt.
protocol AnsweringDialog {
    /// Takes `event` (inside `screen`) and says whether the dialog was answered.
    mutating func handle(_ event: InputEvent, area screen: Rect) -> DialogResponse
}

extension PickerDialogState: AnsweringDialog {}
extension PromptDialogState: AnsweringDialog {}

extension AppReducer {
    /// Hands `event` to `dialog` (on a screen of `size`) and says what came of it; `choice` reads the answer
    /// from the confirmed dialog (`nil`: nothing to choose, which closes it).
    static func reducePicker<Dialog: AnsweringDialog, Choice>(
        _ dialog: inout Dialog, _ event: InputEvent, screen size: Size, choice: (Dialog) -> Choice?
    ) -> PickerOutcome<Choice> {
        switch dialog.handle(event, area: Rect(origin: .zero, size: size)) {
        case .confirmed: choice(dialog).map(PickerOutcome.chosen) ?? .closed
        case .cancelled: .closed
        case .handled, .ignored: .open
        }
    }

    /// Hands an event to the picker or prompt on top: the dialog stays while open, and its choice is acted on.
    static func handleDialog(_ event: InputEvent, _ state: inout AppState) -> [Effect] {
        switch state.overlay {
        case .palette(let picker):
            return pick(event, picker, &state, reopen: Overlay.palette) { entry, state in
                guard let id = entry.request else { return reduce(&state, entry.command.action(in: state)) }
                open(id, &state)
                state.panes.focus = .editor
                return []
            }
        case .environmentPicker(let picker):
            return pick(event, picker, &state, reopen: Overlay.environmentPicker) { choice, state in
                chooseEnvironment(choice.value, &state)
            }
        case .methodPicker(let picker):
            return pick(event, picker, &state, reopen: { .methodPicker(followingQuery($0)) }) { choice, state in
                reduceEditor(.methodChosen(choice.value, picker: picker), &state)
            }
        case .authPicker(let picker):
            return pick(event, picker, &state, reopen: Overlay.authPicker) { choice, state in
                reduceEditor(.authChosen(choice.value), &state)
            }
        case .bodyKindPicker(let picker):
            return pick(event, picker, &state, reopen: Overlay.bodyKindPicker) { choice, state in
                reduceEditor(.bodyKindChosen(choice.value), &state)
            }
        case .variableFilePicker(let picker):
            return pick(event, picker, &state, reopen: Overlay.variableFilePicker) { choice, state in
                reduce(OverlayAction.variables(.fileChosen(choice.value)), &state)
            }
        case .optionsPicker(let picker):
            return pick(event, picker, &state, reopen: Overlay.optionsPicker) { choice, state in
                reduceEditor(.optionChosen(choice.value), &state)
            }
        case .namePrompt(let purpose, let prompt):
            return pick(event, prompt, &state, choice: \.text, reopen: { .namePrompt(purpose, $0) }) { text, state in
                named(purpose, text, &state)
            }
        case .help, .confirmQuit, .search, .treeFilter, .history, .confirmDelete, .confirmDiscard, .confirmDeleteItem,
            .trash, .problems, .overlayHelp, .run, .variables, .valueDetail,
            .cookies, .trust, .themePicker, .reloadConflict, nil:
            // Their features take their keys (InputRouter.scopedToDialog).
            return []
        }
    }

    /// Runs `event` through a list picker, whose choice is the selected row.
    private static func pick<Row: ListRow>(
        _ event: InputEvent, _ picker: PickerDialogState<Row>, _ state: inout AppState,
        reopen: (PickerDialogState<Row>) -> Overlay, chosen: (Row, inout AppState) -> [Effect]
    ) -> [Effect] {
        pick(event, picker, &state, choice: \.selectedItem, reopen: reopen, chosen: chosen)
    }

    /// Runs `event` through `dialog`: while it is open it stays on top (`reopen`), once closed it goes, and a
    /// choice is handed to `chosen` (which may open the next dialog).
    private static func pick<Dialog: AnsweringDialog, Choice>(
        _ event: InputEvent, _ dialog: Dialog, _ state: inout AppState, choice: (Dialog) -> Choice?,
        reopen: (Dialog) -> Overlay, chosen: (Choice, inout AppState) -> [Effect]
    ) -> [Effect] {
        var dialog = dialog
        switch reducePicker(&dialog, event, screen: state.size, choice: choice) {
        case .open:
            state.overlay = reopen(dialog)
            return []
        case .closed:
            state.overlay = nil
            return []
        case .chosen(let value):
            state.overlay = nil
            return chosen(value, &state)
        }
    }
}
