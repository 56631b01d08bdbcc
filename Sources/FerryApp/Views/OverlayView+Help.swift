import FerryTerminal
import FerryWorkbench

// MARK: - Help over a dialog (F1 in it)

extension OverlayView {
    /// Draws the keys of the dialog `under` from the key map (so remapped keys show as remapped), and for a
    /// picker or prompt what typing does there.
    func renderOverlayHelp(under: Overlay, scroll: Int, query: String, into buffer: inout ScreenBuffer, area: Rect) {
        let theme = state.theme
        var entries = AppReducer.overlayHelpBindings(for: under, in: state.keyMap, matching: query).map {
            HelpOverlay.Entry(key: $0.key.displayName, help: $0.help)
        }
        if let typing = Self.typingHelp(in: under), query.isEmpty || typing.localizedCaseInsensitiveContains(query) {
            entries.append(HelpOverlay.Entry(key: "Typing", help: typing))
        }
        HelpOverlay(
            entries: entries,
            title: "Help — keys in the \(Self.helpName(of: under)) (\(Self.helpSearchTitle(query)); Esc goes back)",
            scroll: scroll,
            style: theme[.background], borderStyle: theme[.focusedBorder], keyStyle: theme[.accent]
        ).render(into: &buffer, area: area)
    }

    /// What the help title calls the dialog.
    static func helpName(of overlay: Overlay) -> String {
        switch overlay {
        case .trash: "trash view"
        case .history(let view): view.diff == nil ? "history view" : "history diff"
        case .search: "response filter"
        case .treeFilter: "request filter"
        case .confirmQuit, .confirmDelete, .confirmDeleteItem:
            "confirmation"
        case .palette: "command palette"
        case .environmentPicker: "environment picker"
        case .methodPicker: "method picker"
        case .authPicker: "auth picker"
        case .optionsPicker: "options picker"
        case .bodyKindPicker: "body kind picker"
        case .themePicker: "theme picker"
        case .namePrompt: "prompt"
        case .reloadConflict(let question): question.diff == nil ? "reload choice" : "reload diff"
        case .variableFilePicker: "environment file picker"
        case .cookies: "cookie view"
        case .promptForm: "prompt form"
        default: "dialog"
        }
    }

    /// What typing does in a picker or prompt (any key the key map does not bind there), else `nil`.
    static func typingHelp(in overlay: Overlay) -> String? {
        switch overlay {
        case .palette, .environmentPicker, .methodPicker, .authPicker, .optionsPicker, .bodyKindPicker, .themePicker:
            "Filters the list (fuzzy)"
        case .namePrompt: "Edits the text"
        case .promptForm: "Edits the field"
        default: nil
        }
    }
}
