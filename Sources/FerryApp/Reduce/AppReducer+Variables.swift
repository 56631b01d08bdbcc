import FerryTerminal
import FerryWorkbench

// MARK: - The variables view: the environment's variables and the scripts' globals

extension AppReducer {
    /// Opens the variables view with the environment's variables and asks for the script globals.
    static func openVariables(_ state: inout AppState) -> [Effect] {
        state.overlay = .variables(variableRows(state, globals: [:]), scroll: 0)
        return [.loadVariables]
    }

    /// Lists the script globals read by the effect, under the environment's variables, while the view is open.
    static func showVariables(globals: [String: String], _ state: inout AppState) -> [Effect] {
        guard case .variables(_, let scroll) = state.overlay else { return [] }
        let rows = variableRows(state, globals: globals)
        state.overlay = .variables(rows, scroll: min(scroll, max(0, rows.count - 1)))
        return []
    }

    /// Every variable of the active environment (secrets masked, with their `file:line`), then every script
    /// global by name, masked when it holds one of the environment's secret values.
    static func variableRows(_ state: AppState, globals: [String: String]) -> [VariableRow] {
        let environment = state.environments.variables(for: state.environment)
        var context = VariableContext(environment: environment)
        context.scripted = globals
        let environmentRows = environment.map { variable in
            VariableRow(
                name: variable.name, value: variable.displayValue,
                origin: "\(variable.location.file):\(variable.location.line)", file: variable.location.file,
                isSecret: variable.isSecret)
        }
        let globalRows = globals.keys.sorted().compactMap { name in
            context.lookup(name).map { found in
                VariableRow(name: name, value: found.isSecret ? Secrets.mask : found.value, origin: "script")
            }
        }
        return environmentRows + globalRows
    }
}

// MARK: - Editing the environments

extension AppReducer {
    /// Enter on an environment variable: a prompt for its new value (empty for a secret, which stays masked),
    /// written into the active environment of the file it came from.
    static func askForVariableValue(_ state: inout AppState) -> [Effect] {
        guard case .variables(let rows, let scroll) = state.overlay, rows.indices.contains(scroll) else { return [] }
        let row = rows[scroll]
        guard let file = row.file else {
            state.report(.error("\(row.name) is a script global: a script sets it, no file holds it."))
            return []
        }
        let environment = state.environment ?? EnvironmentFiles.sharedName
        state.overlay = .namePrompt(
            .variableValue(name: row.name, file: file, environment: environment),
            PromptDialogState(
                title: "\(row.name) in \(environment) (\(file))", label: "Value", text: row.isSecret ? "" : row.value))
        return []
    }

    /// A prompt for the name of a new environment.
    static func askForEnvironmentName(_ state: inout AppState) -> [Effect] {
        state.overlay = .namePrompt(
            .newEnvironment, PromptDialogState(title: "New environment", label: "Name", text: ""))
        return []
    }
}
