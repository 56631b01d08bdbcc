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
                origin: "\(variable.location.file):\(variable.location.line)")
        }
        let globalRows = globals.keys.sorted().compactMap { name in
            context.lookup(name).map { found in
                VariableRow(name: name, value: found.isSecret ? Secrets.mask : found.value, origin: "script")
            }
        }
        return environmentRows + globalRows
    }
}
