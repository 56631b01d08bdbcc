import FerryTerminal

/// The theme picker (`T`) as a feature that owns its presentation: while it is open its state is the dialog on
/// top (``Overlay/themePicker(_:)``) — the themes listed, the selected one and the theme to put back — and its
/// keys reach ``reduce(_:_:_:)`` as ``ThemesAction``s. Moving through the list shows each theme at once, Enter
/// keeps it for the session, Esc puts the old one back; the theme itself is the root's, set through
/// ``RootRequest/showTheme(_:)``.
enum ThemesFeature {
    /// The open picker.
    struct State: Sendable, Equatable {
        /// The list, filtered by what is typed, the current theme selected at first.
        var picker: PickerDialogState<PickerChoice<String>>
        /// The themes listed (the current one first when it was not found among them).
        var themes: [Theme]
        /// The theme shown when the picker opened, put back by Esc.
        var kept: Theme
    }

    /// What the picker reads of the rest of the app.
    struct Context {
        /// The theme shown now.
        var current: Theme
        /// The themes found at launch.
        var found: [Theme]
        /// The screen's size (the picker's widget reads events within it).
        var screen: Size
    }

    /// Applies a theme-picker action to the picker (`nil`: closed).
    static func reduce(_ action: ThemesAction, _ picker: inout State?, _ context: Context) -> FeatureOutput {
        switch action {
        case .requested:
            let current = context.current
            let themes =
                context.found.contains(where: { $0.name == current.name }) ? context.found : [current] + context.found
            var list = PickerDialogState(
                title: "Theme (\(current.name) now; Enter keeps, Esc restores)",
                items: themes.map { PickerChoice($0.name) })
            if let index = themes.firstIndex(where: { $0.name == current.name }) { list.select(index: index) }
            picker = State(picker: list, themes: themes, kept: current)
            return .none
        case .dialogEvent(let event):
            guard var open = picker else { return .none }
            switch AppReducer.reducePicker(&open.picker, event, screen: context.screen, choice: \.selectedItem) {
            case .open:
                picker = open
                let shown = open.picker.selectedItem.flatMap { open.theme(named: $0.value) } ?? open.kept
                return shown == context.current ? .none : FeatureOutput(requests: [.showTheme(shown)])
            case .closed:
                picker = nil
                return FeatureOutput(requests: [
                    .showTheme(open.kept), .report(.info("Theme: \(open.kept.name), as it was.")),
                ])
            case .chosen(let choice):
                picker = nil
                let chosen = open.theme(named: choice.value) ?? open.kept
                return FeatureOutput(requests: [
                    .showTheme(chosen),
                    .report(
                        .info(
                            "Theme: \(chosen.name) for this session; theme = \(chosen.name) in "
                                + "~/.config/ferry/config keeps it.")),
                ])
            }
        }
    }
}

extension ThemesFeature.State {
    /// The listed theme called `name`.
    func theme(named name: String) -> Theme? { themes.first { $0.name == name } }
}

extension ThemesFeature.Context {
    /// The context in `state`.
    init(_ state: AppState) { self.init(current: state.theme, found: state.themes, screen: state.size) }
}

/// The theme picker: opening it, and the keys its widget reads.
enum ThemesAction: Sendable {
    /// Open the picker (`T`).
    case requested
    /// A key or paste for the picker's widget: it moves (showing the theme), filters, chooses or closes.
    case dialogEvent(InputEvent)
}

extension Overlay {
    /// The theme picker's state, when this is it.
    var themesView: ThemesFeature.State? {
        if case .themePicker(let picker) = self { return picker }
        return nil
    }
}

extension AppState {
    /// The theme picker while it is the dialog on top (also under its help), `nil` otherwise: the themes
    /// feature's slice of the state. Setting `nil` closes it.
    var themesView: ThemesFeature.State? {
        get { presented(\.themesView) }
        set { present(newValue, extract: \.themesView, embed: Overlay.themePicker) }
    }
}
