import FerryTerminal

// MARK: - The theme picker: moving through the list shows each theme, Enter keeps it, Esc puts the old one back

extension AppReducer {
    /// Opens the theme picker over the themes found, the current one selected.
    static func pickTheme(_ state: inout AppState) -> [Effect] {
        let themes =
            state.themes.contains(where: { $0.name == state.theme.name })
            ? state.themes : [state.theme] + state.themes
        var picker = PickerDialogState(
            title: "Theme (\(state.theme.name) now; Enter keeps, Esc restores)",
            items: themes.map { PickerChoice($0.name) })
        if let index = themes.firstIndex(where: { $0.name == state.theme.name }) { picker.select(index: index) }
        state.themes = themes
        state.overlay = .themePicker(picker, kept: state.theme)
        return []
    }

    /// Hands `event` to the theme picker: while it is open the selected theme is shown, a choice keeps it,
    /// closing puts `kept` back.
    static func previewTheme(
        _ event: InputEvent, _ picker: PickerDialogState<PickerChoice<String>>, kept: Theme, _ state: inout AppState
    ) -> [Effect] {
        var picker = picker
        switch reducePicker(&picker, event, screen: state.size, choice: \.selectedItem) {
        case .open:
            state.overlay = .themePicker(picker, kept: kept)
            state.theme = picker.selectedItem.flatMap { theme(named: $0.value, in: state) } ?? kept
        case .closed:
            state.overlay = nil
            state.theme = kept
            state.report(.info("Theme: \(kept.name), as it was."))
        case .chosen(let choice):
            state.overlay = nil
            state.theme = theme(named: choice.value, in: state) ?? kept
            state.report(
                .info(
                    "Theme: \(state.theme.name) for this session; theme = \(state.theme.name) in "
                        + "~/.config/ferry/config keeps it."))
        }
        return []
    }

    /// The theme called `name` among those found.
    private static func theme(named name: String, in state: AppState) -> Theme? {
        state.themes.first { $0.name == name }
    }
}
