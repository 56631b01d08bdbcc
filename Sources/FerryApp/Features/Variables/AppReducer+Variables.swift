import FerryTerminal
import FerryWorkbench

// MARK: - The variables view's rows: every value the open request resolves, and where it comes from

extension AppReducer {
    /// Each variable name once, with the value it resolves to by `VariableContext`'s precedence and where
    /// that value comes from: the environment's variables in file order, then the open request's file's
    /// `@variables`, the captured values and the script globals, each by name.
    static func variableRows(
        _ state: AppState, globals: [String: String], captured: [String: String]
    ) -> [VariableRow] {
        var context =
            state.openRequest.map { state.variableContext(for: $0) }
            ?? VariableContext(environment: state.environments.variables(for: state.environment))
        context.scripted = globals
        context.captured = captured
        let file = state.openRequest?.path ?? ""
        var names: [String] = []
        var seen = Set<String>()
        let candidates =
            context.environment.map(\.name) + context.fileVariables.keys.sorted() + captured.keys.sorted()
            + globals.keys.sorted()
        for name in candidates where seen.insert(name).inserted { names.append(name) }
        return names.compactMap { name -> VariableRow? in
            guard let found = context.lookup(name) else { return nil }
            var row = VariableRow(name: name, value: found.value, origin: "", isSecret: found.isSecret)
            if context.overrides[name] != nil {
                row.origin = "--var"
            } else if globals[name] != nil {
                row.origin = "script global"
            } else if captured[name] != nil {
                row.origin = "captured (history)"
            } else if let variable = context.environment.last(where: { $0.name == name }) {
                let block = state.environments.block(defining: variable, for: state.environment)
                row.file = variable.location.file
                row.block = block
                row.origin = "\(variable.location.file):\(variable.location.line)"
                if block == EnvironmentFiles.sharedName { row.origin += " $shared" }
            } else {
                row.origin = "@\(name) in \(file)"
            }
            return row
        }
    }

}

// MARK: - Editing the environments

extension AppReducer {
    /// `a`: the question which file a new variable of `environment` goes into, the public one or the private
    /// one (a secret).
    static func variableFilePicker(environment: String?) -> Overlay {
        let environment = environment ?? EnvironmentFiles.sharedName
        return .variableFilePicker(
            PickerDialogState(
                title: "New variable of \(environment): in which file?",
                items: [
                    PickerChoice(EnvironmentFiles.publicFileName, "Public: \(EnvironmentFiles.publicFileName)"),
                    PickerChoice(
                        EnvironmentFiles.privateFileName,
                        "Private (a secret, git-ignored): \(EnvironmentFiles.privateFileName)"),
                ]))
    }

    /// Whether `name` can be written as `{{name}}`: letters, digits, `_`, `-` and `.`, not empty.
    static func isVariableName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0))
            }
    }
}
