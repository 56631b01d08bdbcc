// MARK: - The `Security` → `Auth` configurations of an environment

extension EnvironmentFiles {
    /// The sign-in configurations of environment `name` (or of `$shared` only, for `nil`), by id. A
    /// configuration's fields merge in the order variables do: public `$shared` < private `$shared` < public
    /// environment < private environment, so a `Client Secret` kept in the private file joins the rest.
    public func authConfigurations(for name: String?) -> [String: AuthConfiguration] {
        var layers = [(publicLayer, Self.sharedName), (privateLayer, Self.sharedName)]
        if let name { layers += [(publicLayer, name), (privateLayer, name)] }
        var configurations: [String: AuthConfiguration] = [:]
        for (layer, environment) in layers {
            for (id, members, location) in layer.authObjects(of: environment) {
                configurations[id] = AuthConfiguration.reading(
                    members, id: id, over: configurations[id], location: location)
            }
        }
        return configurations
    }
}

extension EnvironmentFiles.Layer {
    /// The members of each configuration under `Security` → `Auth` in environment `name`, with where each is.
    func authObjects(of name: String) -> [(id: String, members: [EnvironmentJSON.Member], location: SourceLocation)] {
        guard let security = settings.first(where: { $0.environment == name && $0.member.key == "Security" }),
            case .object(let sections) = security.member.value,
            case .object(let entries)? = sections.first(where: { $0.key == "Auth" })?.value
        else { return [] }
        return entries.compactMap { entry in
            guard case .object(let members) = entry.value else { return nil }
            return (entry.key, members, SourceLocation(file: security.file, line: entry.line))
        }
    }
}
