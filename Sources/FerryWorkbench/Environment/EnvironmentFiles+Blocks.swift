// MARK: - Which block of its file a variable is defined in

extension EnvironmentFiles {
    /// The block of its file that defines `variable` as merged for `environment` (see
    /// ``variables(for:)``): `environment` itself, or ``sharedName`` when the value comes from `$shared`.
    /// Editing the variable edits that block, so a `$shared` value is changed for every environment.
    public func block(defining variable: EnvironmentVariable, for environment: String?) -> String {
        guard let environment else { return Self.sharedName }
        let layer = variable.isSecret ? privateLayer : publicLayer
        let own = layer.variables(of: environment).contains { $0.location == variable.location }
        return own ? environment : Self.sharedName
    }
}
