import Foundation

// MARK: - Sign-in configurations outside a request (`ferry auth`)

extension Workspace {
    /// The settings of sign-in configuration `id` in `environment` (`nil`: `$shared` only), its
    /// `{{variables}}` substituted from that environment, the process environment and `.env`. Throws a
    /// message naming what is missing.
    public func authSettings(
        id: String, environment: String?, environments: EnvironmentFiles? = nil,
        processEnvironment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> OAuthSettings {
        let files = environments ?? self.environments()
        if let environment, !files.contains(environment) {
            throw WorkspaceError.noSuchEnvironment(environment, known: files.names)
        }
        let configurations = files.authConfigurations(for: environment)
        guard let configuration = configurations[id] else {
            let known = configurations.keys.sorted()
            throw AuthError(
                "no sign-in configuration '\(id)' in \"Security\" → \"Auth\" of "
                    + (environment.map { "environment '\($0)'" } ?? "$shared")
                    + (known.isEmpty ? "" : " (defined: \(known.joined(separator: ", ")))"))
        }
        let context = VariableContext(
            environment: files.variables(for: environment), processEnvironment: processEnvironment, dotenv: dotenv())
        let resolver = TemplateResolver(context: context, part: .url, location: configuration.location)
        return try OAuthSettings(configuration) { try resolver.resolve($0).value }
    }
}
