/// One change to an environment file, made by FerryWorkbench's ``EnvironmentFileEditor``.
enum EnvironmentFileChange: Sendable, Equatable {
    /// Set the variable `name` of `environment` to `value` (added when missing).
    case set(String, to: String, in: String)
    /// Add an empty environment.
    case addEnvironment(String)
}
