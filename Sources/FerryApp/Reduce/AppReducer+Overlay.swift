import FerryTerminal

// MARK: - The dialog on top: closing it, its answer, the history and trash views

extension AppReducer {
    /// Applies an event for the dialog on top.
    static func reduce(_ action: OverlayAction, _ state: inout AppState) -> [Effect] {
        switch action {
        case .cursorMoved(let move):
            return scope(&state, \.overlay, context: DialogsFeature.Context(state), .moved(move), DialogsFeature.reduce)
        case .dialogs(let action):
            return scope(&state, \.overlay, context: DialogsFeature.Context(state), action, DialogsFeature.reduce)
        case .rowActivated:
            return scope(&state, \.overlay, context: DialogsFeature.Context(state), .activated, DialogsFeature.reduce)
        case .dismissed:
            return scope(&state, \.overlay, context: DialogsFeature.Context(state), .dismissed, DialogsFeature.reduce)
        case .confirmed:
            return scope(&state, \.overlay, context: DialogsFeature.Context(state), .confirmed, DialogsFeature.reduce)
        case .dialogEvent(let event):
            return scope(
                &state, \.overlay, context: PickersFeature.Context(screen: state.size), event, PickersFeature.reduce)
        case .promptAnswered(let purpose, let text): return reduceScoped(&state, .session(.nameTyped(purpose, text)))
        case .history(let action):
            return scope(&state, \.historyView, context: HistoryFeature.Context(state), action, HistoryFeature.reduce)
        case .trash(let action):
            return scope(&state, \.trashView, context: TrashFeature.Context(state), action, TrashFeature.reduce)
        case .variables(let action):
            return scope(
                &state, \.variablesView, context: VariablesFeature.Context(state), action, VariablesFeature.reduce)
        case .cookies(let action):
            return scope(&state, \.cookiesView, context: CookiesFeature.Context(state), action, CookiesFeature.reduce)
        case .trust(let action):
            return scope(&state, \.trustQuestion, context: TrustFeature.Context(state), action, TrustFeature.reduce)
        case .reload(let action):
            return scope(
                &state, \.reloadQuestion, context: ReloadFeature.Context(state, about: state.reloadQuestion?.id),
                action, ReloadFeature.reduce)
        case .themes(let action):
            return scope(&state, \.themesView, context: ThemesFeature.Context(state), action, ThemesFeature.reduce)
        case .signIn(let action):
            return scope(&state, \.signIn, context: SignInFeature.Context(state), action, SignInFeature.reduce)
        case .prompts(let action):
            return scope(&state, \.prompts, context: (), action, PromptsFeature.reduce)
        }
    }
}
