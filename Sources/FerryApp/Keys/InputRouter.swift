import FerryImport
import FerryTerminal

/// Turns a terminal event into the action it means, through the key map (no other key table exists).
enum InputRouter {
    /// The action for `event` in `state`, or `nil` when the event means nothing here.
    static func action(for event: InputEvent, in state: AppState) -> AppAction? {
        if let quit = quitOverDialog(event, in: state) { return quit }
        return scopedToDialog(unscopedAction(for: event, in: state), in: state)
    }

    /// Quitting works over every dialog: the quit key (Ctrl-Q), unless the dialog on top binds that key itself
    /// (the quit question's own Ctrl-Q confirms), quits as it does without one — asking first when something
    /// is unsaved. A dialog's keys are otherwise its own, so the run view or a picker would keep the user in.
    private static func quitOverDialog(_ event: InputEvent, in state: AppState) -> AppAction? {
        guard case .key(let key) = event, let overlay = state.overlay,
            state.keyMap.action(for: key, onlyIn: overlay.keyContext) == nil,
            state.keyMap.action(for: key) == AppCommand.quit.rawValue
        else { return nil }
        return .app(.quitRequested)
    }

    /// The dialog-wide keys (movement, Enter, y, n and Esc) of a dialog a feature owns, as that feature's
    /// actions: the reducer hands them to the feature without asking what is on top.
    static func scopedToDialog(_ action: AppAction?, in state: AppState) -> AppAction? {
        // Ctrl-R in the history sends the selected entry's request again.
        if case .app(.sendRequested)? = action, case .history? = state.overlay {
            return .overlay(.history(.sendAgainRequested))
        }
        guard case .overlay(let dialogAction)? = action else { return action }
        switch (state.overlay, dialogAction) {
        case (.cookies, .cursorMoved(let move)): return .overlay(.cookies(.cursorMoved(move)))
        case (.cookies, .rowActivated), (.cookies, .dismissed): return .overlay(.cookies(.dismissed))
        case (.cookies, .confirmed): return .overlay(.cookies(.confirmed))
        case (.trash, .cursorMoved(let move)): return .overlay(.trash(.cursorMoved(move)))
        case (.trash(let view), .rowActivated):
            return .overlay(.trash(view.question == nil ? .restoreRequested : .dismissed))
        case (.trash, .dismissed): return .overlay(.trash(.dismissed))
        case (.trash, .confirmed): return .overlay(.trash(.confirmed))
        case (.variables, .cursorMoved(let move)): return .overlay(.variables(.cursorMoved(move)))
        case (.history, .cursorMoved(let move)): return .overlay(.history(.cursorMoved(move)))
        case (.history, .rowActivated): return .overlay(.history(.rowActivated))
        case (.history, .dismissed): return .overlay(.history(.dismissed))
        case (.trust, .cursorMoved(let move)): return .overlay(.trust(.cursorMoved(move)))
        case (.trust, .dismissed): return .overlay(.trust(.dismissed))
        case (.trust, .confirmed): return .overlay(.trust(.confirmed))
        // Enter answers nothing: trusting takes a y, safe mode an n or Esc.
        case (.trust, .rowActivated): return nil
        case (.signIn, .cursorMoved(let move)): return .overlay(.signIn(.cursorMoved(move)))
        case (.signIn, .rowActivated): return .overlay(.signIn(.submitted))
        case (.signIn, .dismissed): return .overlay(.signIn(.dismissed))
        case (.signIn, .confirmed): return nil
        case (.promptForm, .cursorMoved(let move)): return .overlay(.prompts(.cursorMoved(move)))
        case (.promptForm, .rowActivated): return .overlay(.prompts(.submitted))
        case (.promptForm, .dismissed): return .overlay(.prompts(.dismissed))
        case (.promptForm, .confirmed): return nil
        case (.themePicker, .dialogEvent(let event)): return .overlay(.themes(.dialogEvent(event)))
        case (.reloadConflict, .dialogEvent(let event)): return .overlay(.reload(.dialogEvent(event)))
        case (.reloadConflict, .cursorMoved(let move)): return .overlay(.reload(.cursorMoved(move)))
        // Enter and Esc on the difference go back to the choice.
        case (.reloadConflict, .rowActivated), (.reloadConflict, .dismissed): return .overlay(.reload(.dismissed))
        default: return action
        }
    }

    /// The action for `event` before a dialog's own feature takes its keys.
    private static func unscopedAction(for event: InputEvent, in state: AppState) -> AppAction? {
        if let overlay = state.overlay, overlay.isPicker {
            switch event {
            case .key(let key): return pickerAction(for: key, in: overlay, state: state)
            case .mouse, .paste: return .overlay(.dialogEvent(event))
            case .resize: break
            }
        }
        if state.overlay == nil, state.panes.focus == .editor,
            let table = state.headerTable ?? state.paramsTable ?? state.bodyTable
        {
            let edited: (InputEvent) -> AppAction =
                state.paramsTable != nil
                ? { .editor(.paramsEdited($0)) }
                : state.headerTable != nil ? { .editor(.headersEdited($0)) } : { .editor(.bodyTableEdited($0)) }
            switch event {
            case .key(let key):
                // While a cell is edited every key is the table's (Tab switches columns, Esc drops the edit);
                // a printable character is always text (typed on a row, it edits the cell).
                if !table.isEditing, !key.isText, let name = state.keyMap.action(for: key, in: state.keyContexts),
                    let command = AppCommand(rawValue: name)
                {
                    if let widgetKey = command.tableKey { return edited(.key(widgetKey)) }
                    return command.action(in: state)
                }
                return edited(event)
            case .paste: return edited(event)
            case .mouse, .resize: break
            }
        }
        if state.overlay == nil, state.panes.focus == .editor, state.bodyEditor != nil {
            switch event {
            case .key(let key):
                // The key map first (send, save, Tab, Esc…) for keys that are not text; everything else is typing.
                if !key.isText, let name = state.keyMap.action(for: key, in: state.keyContexts),
                    let command = AppCommand(rawValue: name)
                {
                    return command.action(in: state)
                }
                return .editor(.bodyEdited(event))
            case .paste: return .editor(.bodyEdited(event))
            case .mouse, .resize: break
            }
        }
        switch event {
        case .resize(let size): return .panes(.resized(size))
        case .mouse(let mouse): return route(mouse, in: state)
        case .paste(let text): return acceptsText(state) ? pasted(text, in: state) : nil
        case .key(let key): return action(for: key, in: state)
        }
    }

    /// The action for a key press.
    static func action(for key: KeyEvent, in state: AppState) -> AppAction? {
        // The help's search is text entry: a printable key is typed into it, whatever the help's keys are.
        if key.isText, state.overlay?.isHelp == true { return route(.insert(String(key.typedCharacter)), in: state) }
        // In a text field a printable character is text, whatever a key map binds it to.
        if key.isText, state.overlay == nil, state.panes.focus == .editor, state.currentRequest != nil,
            case .url = state.editor.mode
        {
            return route(.insert(String(key.typedCharacter)), in: state)
        }
        let name: String?
        if let overlay = state.overlay {
            // A dialog takes the keyboard: only its own bindings apply.
            name = state.keyMap.action(for: key, onlyIn: overlay.keyContext)
        } else {
            name = state.keyMap.action(for: key, in: state.keyContexts)
        }
        if let name, let command = AppCommand(rawValue: name) { return command.action(in: state) }
        if case .character(let character) = key.key, key.modifiers.isEmpty, state.overlay == nil,
            state.panes.focus == .response, let level = character.wholeNumberValue, level > 0
        {
            return .response(.jsonExpandedToLevel(level))
        }
        if case .character(let character) = key.key, key.modifiers.subtracting(.shift).isEmpty, state.overlay == nil,
            state.panes.focus == .tree
        {
            // Letters in the tree are commands or nothing: only `/` starts the filter, so typing a search
            // never runs a command (and never changes a file).
            return .tree(.unboundLetterTyped(character))
        }
        if case .character(let character) = key.key, key.modifiers.subtracting(.shift).isEmpty, acceptsText(state) {
            return route(.insert(String(character)), in: state)
        }
        if state.overlay == nil, state.panes.focus == .editor, state.currentRequest != nil {
            // Keys no binding takes go to the URL field: Ctrl/Alt word motion, Shift selection, Ctrl-Z undo…
            return .editor(.urlEdited(.key(key)))
        }
        return nil
    }

    /// The action a movement or Enter is in `state`: the dialog on top's, else the focused pane's (Enter in the
    /// editor sends). The one place that asks where the focus is for them.
    static func route(_ navigation: Navigation, in state: AppState) -> AppAction {
        if case .tab(let step) = navigation {
            return state.panes.focus == .editor ? .editor(.tabStepped(step)) : .response(.tabStepped(step))
        }
        if case .search(let text) = state.overlay, case .cursor(let move) = navigation, move == .up || move == .down {
            // ↑ and ↓ at the search prompt bring back the queries run before (its other keys are text).
            return .response(.searchRecalled(earlier: move == .up, from: text))
        }
        if state.overlay != nil {
            switch navigation {
            case .cursor(let move): return .overlay(.cursorMoved(move))
            case .activate, .tab: return .overlay(.rowActivated)
            }
        }
        switch (state.panes.focus, navigation) {
        case (.tree, .cursor(let move)): return .tree(.cursorMoved(move))
        case (.tree, .activate): return .tree(.rowActivated)
        case (.editor, .cursor(let move)): return .editor(.cursorMoved(move))
        case (.editor, .activate): return .app(.sendRequested)
        case (.response, .cursor(let move)): return .response(.cursorMoved(move))
        case (.response, .activate): return .response(.rowActivated)
        case (_, .tab(let step)): return .response(.tabStepped(step))
        }
    }

    /// The action an edit of the text being entered is in `state`: the query of the dialog on top (the body
    /// search, the tree filter, the history's search, the keys' help), else the URL field while the editor has
    /// the keyboard; `nil` when nothing there takes text.
    static func route(_ edit: TextEdit, in state: AppState) -> AppAction? {
        switch state.overlay {
        case .search(let text): return .overlay(.dialogs(.queryTyped(edit.applied(to: text))))
        case .treeFilter(let text): return .tree(.filterTyped(edit.applied(to: text)))
        case .history(let view): return .overlay(.history(.queryChanged(edit.applied(to: view.query))))
        case .help(_, let query), .overlayHelp(_, _, let query):
            return .overlay(.dialogs(.queryTyped(edit.applied(to: query))))
        case .signIn(.passphrase(let question)):
            return .overlay(.signIn(.passphraseTyped(edit.applied(to: question.typed))))
        case .promptForm(let form):
            guard form.fields.indices.contains(form.focus) else { return nil }
            return .overlay(.prompts(.typed(edit.applied(to: form.fields[form.focus].text))))
        case .some: return nil
        case nil:
            guard state.panes.focus == .editor else { return nil }
            switch edit {
            case .insert(let text): return .editor(.textTyped(text))
            case .erase(let backwards): return .editor(.erased(backwards: backwards))
            }
        }
    }

    /// Pasted text: a curl command pasted into the URL field becomes the request; any other text is typed
    /// without its line breaks.
    private static func pasted(_ text: String, in state: AppState) -> AppAction? {
        if state.overlay == nil, state.panes.focus == .editor, state.currentRequest != nil,
            CurlCommandImporter.recognizes(pasted: text)
        {
            return .editor(.curlPasted(text))
        }
        return route(
            .insert(text.replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\n", with: "")), in: state)
    }

    /// Whether typed characters go into a text field.
    static func acceptsText(_ state: AppState) -> Bool {
        switch state.overlay {
        case .search, .treeFilter, .help, .overlayHelp: return true
        case .history(let view): return view.diff == nil
        case .signIn(let dialog):
            if case .passphrase = dialog { return true }
            return false
        case .promptForm: return true
        case .palette: return false
        case .environmentPicker, .methodPicker, .authPicker, .optionsPicker, .bodyKindPicker, .confirmQuit,
            .trash, .problems, .run, .variables, .valueDetail, .themePicker,
            .namePrompt,
            .confirmDelete, .confirmDiscard, .confirmDeleteItem, .reloadConflict,
            .cookies, .variableFilePicker, .trust:
            return false
        case nil: return state.panes.focus == .editor
        }
    }
}

extension KeyEvent {
    /// Whether the key types a printable character (Shift at most): text in every text-entry context.
    var isText: Bool {
        guard case .character(let character) = key else { return false }
        return modifiers.subtracting(.shift).isEmpty && !character.isNewline
    }

    /// The character the key types (meaningful when ``isText``).
    var typedCharacter: Character {
        if case .character(let character) = key { return character }
        return " "
    }
}
