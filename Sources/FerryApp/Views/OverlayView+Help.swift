import FerryTerminal
import FerryWorkbench

// MARK: - Help over a dialog (F1 in it)

extension OverlayView {
    /// Draws the keys of the dialog `under` from the key map (so remapped keys show as remapped).
    func renderOverlayHelp(under: Overlay, scroll: Int, into buffer: inout ScreenBuffer, area: Rect) {
        let theme = state.theme
        HelpOverlay(
            entries: AppReducer.overlayHelpBindings(for: under, in: state.keyMap).map {
                HelpOverlay.Entry(key: $0.key.displayName, help: $0.help)
            }, title: "Help — keys in the \(Self.helpName(of: under)) (Esc goes back)", scroll: scroll,
            style: theme[.background], borderStyle: theme[.focusedBorder], keyStyle: theme[.accent]
        ).render(into: &buffer, area: area)
    }

    /// What the help title calls the dialog.
    static func helpName(of overlay: Overlay) -> String {
        switch overlay {
        case .trash: "trash view"
        case .history: "history view"
        case .historyDiff: "history diff"
        case .search: "response filter"
        case .treeFilter: "request filter"
        case .confirmQuit, .confirmDelete, .confirmDeleteItem, .confirmPurge, .confirmEmptyTrash: "confirmation"
        default: "dialog"
        }
    }
}
