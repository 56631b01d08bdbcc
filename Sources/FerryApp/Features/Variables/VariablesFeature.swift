import FerryTerminal
import FerryWorkbench

/// The variables view (F12) as a feature that owns its presentation: while it is open its state is the dialog on
/// top (``Overlay/variables(_:)``) — every variable the open request resolves, where each value comes from, the
/// selected row and whether secrets are shown — and its keys reach ``reduce(_:_:_:)`` as ``VariablesAction``s.
/// Editing a value, adding a variable or an environment asks through prompts the root shows.
enum VariablesFeature {
    /// The open view.
    struct State: Sendable, Equatable {
        /// The variables, a row each (environment order, then the file's, captured values and script globals).
        var rows: [VariableRow]
        /// The selected row.
        var selection = 0
    }

    /// What the view reads of the rest of the app.
    struct Context {
        /// How many rows Page Up and Page Down move.
        var page: Int
        /// The active environment (`nil`: none).
        var environment: String?
        /// The request open in the editor, whose values are listed.
        var openRequest: WorkspaceRequest?
        /// The rows for the script globals and captured values given (the environments and the file's own
        /// variables come from the app's state).
        var rows: (_ globals: [String: String], _ captured: [String: String]) -> [VariableRow]
    }

    /// Applies a variables-view action to the view (`nil`: closed).
    static func reduce(_ action: VariablesAction, _ view: inout State?, _ context: Context) -> FeatureOutput {
        switch action {
        case .requested:
            view = State(rows: context.rows([:], [:]))
            return .onFiles(.loadVariables(context.openRequest))
        case .loaded(let globals, let captured):
            guard var open = view else { return .none }
            let revealed = open.rows.contains(where: \.isRevealed)
            open.rows = context.rows(globals, captured).map {
                var row = $0
                row.isRevealed = revealed
                return row
            }
            open.selection = min(open.selection, max(0, open.rows.count - 1))
            view = open
            return .none
        case .cursorMoved(let move):
            guard var open = view else { return .none }
            open.selection = AppReducer.step(open.selection, move, count: open.rows.count, page: context.page)
            view = open
            return .none
        case .secretsToggled:
            // The values stay on the screen: they are not copied, logged or written.
            guard var open = view else { return .none }
            let reveal = !open.rows.contains(where: \.isRevealed)
            for index in open.rows.indices { open.rows[index].isRevealed = reveal }
            view = open
            return .none
        case .editRequested:
            guard let open = view, open.rows.indices.contains(open.selection) else { return .none }
            return editPrompt(for: open.rows[open.selection], environment: context.environment)
        case .addRequested:
            guard view != nil else { return .none }
            return .present(AppReducer.variableFilePicker(environment: context.environment))
        case .environmentAddRequested:
            return .present(
                .namePrompt(.newEnvironment, PromptDialogState(title: "New environment", label: "Name", text: "")))
        case .fileChosen(let file):
            let environment = context.environment ?? EnvironmentFiles.sharedName
            return .present(
                .namePrompt(
                    .newVariable(file: file, environment: environment),
                    PromptDialogState(title: "New variable of \(environment) (\(file))", label: "Name", text: "")))
        case .newVariableNamed(let name, let file, let environment):
            guard AppReducer.isVariableName(name) else {
                return .report(
                    .error(
                        "\"\(SafeText.sanitized(name))\" cannot be a variable's name: use letters, digits, _ - and ."))
            }
            return .present(
                .namePrompt(
                    .variableValue(name: name, file: file, environment: environment),
                    PromptDialogState(title: "\(name) in \(environment) (\(file))", label: "Value", text: "")))
        }
    }

    /// Enter on a variable: a prompt for its new value (empty for a secret, which stays masked), written into
    /// the block that defines it (`$shared` for a shared value) of the file it came from; an error when no
    /// environment file holds the value shown.
    static func editPrompt(for row: VariableRow, environment active: String?) -> FeatureOutput {
        guard let file = row.file else {
            return .report(.error("\(row.name) comes from \(row.origin): no environment file holds the value shown."))
        }
        let environment = row.block ?? active ?? EnvironmentFiles.sharedName
        return .present(
            .namePrompt(
                .variableValue(name: row.name, file: file, environment: environment),
                PromptDialogState(
                    title: "\(row.name) in \(environment) (\(file))", label: "Value",
                    text: row.isSecret ? "" : row.value)))
    }
}

extension VariablesFeature.Context {
    /// The context in `state`.
    init(_ state: AppState) {
        self.init(
            page: max(1, state.size.height - 6), environment: state.environment,
            openRequest: state.openRequest.flatMap { state.workspaceRequest($0) },
            rows: { AppReducer.variableRows(state, globals: $0, captured: $1) })
    }
}

/// The variables view: opening it, what the effect read arriving, its keys.
enum VariablesAction: Sendable {
    /// Open the view (F12).
    case requested
    /// The session's script globals and the open request's values captured from earlier responses (the
    /// history) were read, by name.
    case loaded(globals: [String: String], captured: [String: String])
    /// Move the selection.
    case cursorMoved(CursorMove)
    /// `r`: show the secrets' values, or mask them again.
    case secretsToggled
    /// Enter: edit the selected variable's value.
    case editRequested
    /// `a`: ask which file, then the name and value, of a variable to add to the active environment.
    case addRequested
    /// `n`: ask for the name of a new environment.
    case environmentAddRequested
    /// The file a new variable goes into was chosen: ask for its name.
    case fileChosen(String)
    /// A new variable's name was typed (trimmed): ask for its value, unless it cannot be a variable's name.
    case newVariableNamed(String, file: String, environment: String)
}

extension Overlay {
    /// The variables view's state, when this is it.
    var variablesView: VariablesFeature.State? {
        if case .variables(let view) = self { return view }
        return nil
    }
}

extension AppState {
    /// The variables view while it is the dialog on top (also under its help), `nil` otherwise: the variables
    /// feature's slice of the state. Setting `nil` closes it.
    var variablesView: VariablesFeature.State? {
        get { presented(\.variablesView) }
        set { present(newValue, extract: \.variablesView, embed: Overlay.variables) }
    }
}
