/// One row of the variables view: a variable as it may be shown, its value already masked when secret.
struct VariableRow: Sendable, Equatable {
    /// The variable's name.
    var name: String
    /// The value as shown: ``FerryWorkbench/Secrets/mask`` for a secret or a value derived from one.
    var value: String
    /// Where it comes from: `file:line` of an environment file, or `script` for a script global.
    var origin: String
    /// The environment file it is defined in (relative to the workspace), `nil` for a script global.
    var file: String? = nil
    /// Whether the value is masked (a secret, or derived from one).
    var isSecret = false
}
