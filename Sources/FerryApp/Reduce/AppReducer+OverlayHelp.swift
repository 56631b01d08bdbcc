import FerryTerminal

// MARK: - Help inside a dialog (F1 in the trash, the history, a confirmation…)

extension AppReducer {
    /// The key-map contexts of the dialogs whose keys F1 lists: those that read keys through the key map.
    static let overlayHelpContexts: [KeyContext] = [
        .history, .diff, .trash, .confirm, .confirmDelete, .prompt, .picker, .namePrompt, .cookies, .trust, .signIn,
        .promptForm,
    ]

    /// The help to open over `overlay`: the pane's keys when no dialog is open, the dialog's own keys
    /// otherwise, and `overlay` unchanged when help is already open.
    static func helpOverlay(over overlay: Overlay?) -> Overlay {
        guard let overlay else { return .help(scroll: 0) }
        switch overlay {
        case .help, .overlayHelp, .valueDetail:
            return overlay
        case .palette, .environmentPicker, .methodPicker, .authPicker, .optionsPicker, .bodyKindPicker, .confirmQuit,
            .search, .treeFilter, .history, .namePrompt, .confirmDelete, .confirmDiscard, .confirmDeleteItem,
            .trash, .problems, .run, .variables, .reloadConflict, .cookies,
            .themePicker, .variableFilePicker, .trust, .signIn, .promptForm:
            return .overlayHelp(under: overlay, scroll: 0)
        }
    }

    /// The keys of the dialog `overlay`, as the router reads them: its context only, one binding per key; only
    /// those whose key or words hold `query` (all for an empty one).
    static func overlayHelpBindings(for overlay: Overlay, in keyMap: KeyMap, matching query: String = "")
        -> [KeyBinding]
    {
        let context = overlay.keyContext
        return keyMap.activeBindings(in: [context]).filter {
            $0.context == context.rawValue && helpEntry($0, matches: query)
        }
    }

    /// Whether the help lists `binding` while `query` is typed: its words or its key hold it (case-insensitive).
    static func helpEntry(_ binding: KeyBinding, matches query: String) -> Bool {
        query.isEmpty || binding.help.localizedCaseInsensitiveContains(query)
            || binding.key.displayName.localizedCaseInsensitiveContains(query)
    }
}
