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
}

/// The widget pickers and prompts on top (the palette, the environment, method, auth, body-kind, options and
/// variable-file pickers, the name prompt) as one feature over the dialog slot: each event goes to the widget,
/// which stays while open and goes once answered; the answer becomes the action of the feature that asked
/// (``RootRequest/answer(_:)``), or opening a request or running a palette command.
enum PickersFeature {
    /// What the pickers read of the rest of the app: the screen they sit on.
    struct Context {
        /// The terminal's size.
        var screen: Size
    }

    /// Hands `event` to the picker or prompt on top.
    static func reduce(_ event: InputEvent, _ overlay: inout Overlay?, _ context: Context) -> FeatureOutput {
        switch overlay {
        case .palette(let picker):
            return pick(event, picker, &overlay, context, reopen: Overlay.palette) { entry in
                entry.request.map { .open($0) } ?? .command(entry.command)
            }
        case .environmentPicker(let picker):
            return pick(event, picker, &overlay, context, reopen: Overlay.environmentPicker) { choice in
                .answer(.environment(choice.value))
            }
        case .methodPicker(let picker):
            return pick(event, picker, &overlay, context, reopen: { .methodPicker(AppReducer.followingQuery($0)) }) {
                .answer(.method($0.value, picker: picker))
            }
        case .authPicker(let picker):
            return pick(event, picker, &overlay, context, reopen: Overlay.authPicker) {
                .answer(.auth($0.value))
            }
        case .bodyKindPicker(let picker):
            return pick(event, picker, &overlay, context, reopen: Overlay.bodyKindPicker) {
                .answer(.bodyKind($0.value))
            }
        case .variableFilePicker(let picker):
            return pick(event, picker, &overlay, context, reopen: Overlay.variableFilePicker) {
                .answer(.variableFile($0.value))
            }
        case .optionsPicker(let picker):
            return pick(event, picker, &overlay, context, reopen: Overlay.optionsPicker) {
                .answer(.option($0.value))
            }
        case .namePrompt(let purpose, let prompt):
            return pick(event, prompt, &overlay, context, choice: \.text, reopen: { .namePrompt(purpose, $0) }) {
                .answer(.name(purpose, $0))
            }
        case .help, .confirmQuit, .search, .treeFilter, .history, .confirmDelete, .confirmDiscard, .confirmDeleteItem,
            .trash, .problems, .overlayHelp, .run, .variables, .valueDetail,
            .cookies, .trust, .themePicker, .reloadConflict, .signIn, .promptForm, nil:
            // Their features take their keys (InputRouter.scopedToDialog).
            return .none
        }
    }

    /// Runs `event` through a list picker, whose choice is the selected row.
    private static func pick<Row: ListRow>(
        _ event: InputEvent, _ picker: PickerDialogState<Row>, _ overlay: inout Overlay?, _ context: Context,
        reopen: (PickerDialogState<Row>) -> Overlay, chosen: (Row) -> RootRequest
    ) -> FeatureOutput {
        pick(event, picker, &overlay, context, choice: \.selectedItem, reopen: reopen, chosen: chosen)
    }

    /// Runs `event` through `dialog`: while it is open it stays on top (`reopen`), once closed it goes, and a
    /// choice is asked of the root as `chosen` says (which may open the next dialog).
    private static func pick<Dialog: AnsweringDialog, Choice>(
        _ event: InputEvent, _ dialog: Dialog, _ overlay: inout Overlay?, _ context: Context,
        choice: (Dialog) -> Choice?, reopen: (Dialog) -> Overlay, chosen: (Choice) -> RootRequest
    ) -> FeatureOutput {
        var dialog = dialog
        switch AppReducer.reducePicker(&dialog, event, screen: context.screen, choice: choice) {
        case .open:
            overlay = reopen(dialog)
            return .none
        case .closed:
            overlay = nil
            return .none
        case .chosen(let value):
            overlay = nil
            return FeatureOutput(requests: [chosen(value)])
        }
    }
}

/// A picker's or prompt's answer, for the feature that asked.
enum DialogAnswer: Sendable, Equatable {
    /// The environment picker's: make this environment active.
    case environment(String)
    /// The method picker's (the picker as it was, to reopen for a custom method).
    case method(String, picker: PickerDialogState<PickerChoice<String>>)
    /// The auth picker's.
    case auth(AuthChoice)
    /// The options picker's.
    case option(OptionChoice)
    /// The body-kind picker's.
    case bodyKind(BodyKind)
    /// The variable-file picker's: the file a new variable goes into.
    case variableFile(String)
    /// The name prompt's: the text typed, for its purpose.
    case name(NamePurpose, String)

    /// The action that hands the answer to the feature that asked.
    var action: AppAction {
        switch self {
        case .environment(let name): .session(.environmentChosen(name))
        case .method(let method, let picker): .editor(.methodChosen(method, picker: picker))
        case .auth(let choice): .editor(.authChosen(choice))
        case .option(let choice): .editor(.optionChosen(choice))
        case .bodyKind(let kind): .editor(.bodyKindChosen(kind))
        case .variableFile(let file): .overlay(.variables(.fileChosen(file)))
        case .name(let purpose, let text): .overlay(.promptAnswered(purpose, text))
        }
    }
}
