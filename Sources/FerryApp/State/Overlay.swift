import FerryHTTP
import FerryTerminal
import FerryWorkbench

/// A dialog over the panes; it takes the keyboard until closed.
enum Overlay: Sendable, Equatable {
    /// The key bindings, scrolled to `scroll`, only those whose key or words hold `query` (typed in the help).
    case help(scroll: Int, query: String = "")
    /// The command palette: the widgets' fuzzy picker over the palette commands.
    case palette(PickerDialogState<PaletteEntries.Entry>)
    /// The environment picker: the widgets' fuzzy picker over the environment names.
    case environmentPicker(PickerDialogState<PickerChoice<String>>)
    /// The method picker: the widgets' fuzzy picker over the common HTTP methods.
    case methodPicker(PickerDialogState<PickerChoice<String>>)
    /// The auth picker: none, Basic or Bearer.
    case authPicker(PickerDialogState<PickerChoice<AuthChoice>>)
    /// The options picker: toggles for redirects, cookies and history, and the timeout.
    case optionsPicker(PickerDialogState<PickerChoice<OptionChoice>>)
    /// The body-kind picker: none, JSON, text, form, multipart, file.
    case bodyKindPicker(PickerDialogState<PickerChoice<BodyKind>>)
    /// Asks whether to quit with unsaved edits.
    case confirmQuit
    /// The `/` search of the response body: the text typed so far.
    case search(String)
    /// The collection tree filter: the text typed so far.
    case treeFilter(String)
    /// The history view, the history feature's own state (its diff included).
    case history(HistoryFeature.State)
    /// Asks for a name: of a new request (in the selected file) or for renaming the selected request.
    case namePrompt(NamePurpose, PromptDialogState)
    /// Asks whether to move a request to the trash.
    case confirmDelete(RequestID)
    /// Throw away the unsaved edits of a request (`lost` says which lines of the draft go)?
    case confirmDiscard(RequestID, lost: [String])
    /// Asks whether to move a file or folder to the trash, with how many requests (and unsaved drafts) it holds.
    case confirmDeleteItem(path: String, requests: Int, unsaved: Int)
    /// The trash view, the trash feature's own state (its "delete for good?" questions included).
    case trash(TrashFeature.State)
    /// The problems found at start-up, scrolled.
    case problems(scroll: Int)
    /// The keys of the dialog `under` (F1 in it), scrolled, only those holding `query` (typed in the help);
    /// closing goes back to `under` as it was.
    indirect case overlayHelp(under: Overlay, scroll: Int, query: String = "")
    /// The run of a file or folder (``AppState/run``), with the selected result row.
    case run(selection: Int)
    /// The variables view, the variables feature's own state (its rows and selection).
    case variables(VariablesFeature.State)
    /// One value opened whole (`v`): its title and its rows, wrapped to the screen when opened, scrolled.
    case valueDetail(title: String, rows: [String], scroll: Int)
    /// The cookie jar's view, the cookie feature's own state (the clear-all question included).
    case cookies(CookiesFeature.State)
    /// The question asked once when an untrusted workspace's files would do more if trusted (the trust
    /// feature's own state).
    case trust(TrustFeature.State)
    /// Asks which environment file (public, or private for a secret) a new variable goes into.
    case variableFilePicker(PickerDialogState<PickerChoice<String>>)
    /// A file changed on disk under unsaved edits (``ReloadFeature``): keep them, take the file's version, or
    /// see the difference first.
    case reloadConflict(ReloadFeature.State)
    /// The theme picker (``ThemesFeature``): the selected theme is shown while it is open; closing without a
    /// choice puts the one it opened over back.
    case themePicker(ThemesFeature.State)
    /// Sign-in (``SignInFeature``): the environment's configurations and their tokens, a device sign-in's code
    /// while it waits, or a client certificate's passphrase being typed.
    case signIn(SignInFeature.State)
    /// The form a request's `# @prompt` variables are asked in before it is sent (``PromptsFeature``).
    case promptForm(PromptsFeature.Form)

    /// Whether the dialog is one of the widgets' pickers or prompts: the router hands it the mouse, pastes and
    /// typing, and the key it reads for each command bound in its context (see `InputRouter+Pickers`).
    var isPicker: Bool {
        switch self {
        case .palette, .environmentPicker, .methodPicker, .authPicker, .optionsPicker, .bodyKindPicker, .namePrompt,
            .themePicker, .variableFilePicker:
            true
        case .reloadConflict(let question): question.diff == nil
        default: false
        }
    }

    /// The key-map context while this overlay is open.
    var keyContext: KeyContext {
        switch self {
        case .help, .overlayHelp: .help
        case .palette, .environmentPicker, .methodPicker, .authPicker, .optionsPicker, .bodyKindPicker,
            .themePicker, .variableFilePicker:
            .picker
        case .reloadConflict(let question): question.diff == nil ? .picker : .diff
        case .confirmQuit: .confirm
        case .confirmDelete, .confirmDiscard, .confirmDeleteItem:
            .confirmDelete
        case .namePrompt: .namePrompt
        case .search, .treeFilter: .prompt
        case .history(let view): view.diff == nil ? .history : .diff
        case .trash(let view): view.question == nil ? .trash : .confirmDelete
        case .problems: .problems
        case .run: .run
        case .variables: .variables
        // A scrolled text, like the help: the same keys move and close it.
        case .valueDetail: .help
        case .cookies(let view): view.question == nil ? .cookies : .confirmDelete
        case .trust: .trust
        // The passphrase is text: only Enter, Esc and the editing keys are bound there (a name prompt's keys).
        case .signIn(.passphrase): .namePrompt
        case .signIn: .signIn
        case .promptForm: .promptForm
        }
    }
}

/// What a name prompt is for.
enum NamePurpose: Sendable, Equatable {
    /// A new request at the end of this file.
    case newRequest(inFile: String)
    /// A new `.http` file, holding one request, in this folder (`""`: the workspace root).
    case newFile(inFolder: String)
    /// A new name for this request.
    case rename(RequestID)
    /// Basic credentials (`user password`, variables allowed) for this request.
    case basicAuth(RequestID)
    /// A bearer token (variables allowed) for this request.
    case bearerToken(RequestID)
    /// The timeout in seconds (`@timeout`) for this request; empty removes it.
    case timeout(RequestID)
    /// The retry count (`@retries`) for this request; empty removes it.
    case retries(RequestID)
    /// A new folder inside this folder (`""`: the workspace root).
    case newFolder(parent: String)
    /// The file (workspace-relative, created when missing) to move this request to.
    case move(RequestID)
    /// A new name for this file or folder.
    case renameItem(String)
    /// The folder (workspace-relative, `""` for the root, created when missing) to move this file or folder into.
    case moveItem(String)
    /// The file (relative to the request's `.http` file) whose bytes are this request's body.
    case bodyFile(RequestID)
    /// The file to import (absolute, `~/…`, or relative to the workspace) into this folder (`""`: the root).
    case importFile(intoFolder: String)
    /// The new value of the variable `name`, written into `environment` of the environment file `file`.
    case variableValue(name: String, file: String, environment: String)
    /// The name of a new environment, added to `http-client.env.json`.
    case newEnvironment
    /// The file (absolute, `~/…`, or relative to the workspace) to save this request's response body to;
    /// `replacing` is the existing file the user was told about, replaced when the same path is given again.
    case saveBody(RequestID, replacing: String?)
    /// The name of a new variable of `environment` in the environment file `file`; its value is asked next.
    case newVariable(file: String, environment: String)
    /// A message to send on the WebSocket conversation of this send.
    case webSocketMessage(SendID)
    /// The code to close the WebSocket conversation of this send with.
    case webSocketClose(SendID)
    /// How long and how hard to load test this request, file or folder (`nil`: the workspace).
    case loadTest(CollectionNode?)
}
