import FerryJSON
import Foundation

// MARK: - Servers as environments

extension OpenAPIConverter {
    /// One environment per server with `baseUrl`, the parameters' examples and the secret variables, named
    /// after the API (its title; with the server's description or host when it has several), so two imported
    /// APIs' examples never meet and none applies to the user's own environments.
    mutating func makeEnvironments() -> [ImportedCollection.Environment] {
        let servers = isSwagger2 ? swagger2Servers() : openAPI3Servers()
        let title = Self.oneLine(root["info"].value?.objectValue?["title"]?.stringValue)
            .flatMap { $0.count <= 40 ? ImportNaming.safeComponent($0) : nil }
        var names = Set<String>(["$shared"])
        let secrets = secretNames.map { ImportedCollection.Variable($0, "") }
        return servers.map { server in
            let base = title.map { servers.count == 1 ? $0 : "\($0) - \(server.name)" } ?? server.name
            let name = ImportNaming.unique(base, among: &names)
            return ImportedCollection.Environment(
                name: name, variables: [ImportedCollection.Variable("baseUrl", server.url)] + exampleVariables,
                secrets: secrets)
        }
    }

    /// The servers of an OpenAPI 3.x document, variables substituted with their defaults.
    private mutating func openAPI3Servers() -> [(name: String, url: String)] {
        let list = root["servers"].value?.arrayValue ?? []
        var result: [(name: String, url: String)] = []
        for (index, entry) in list.enumerated() {
            guard let server = entry.objectValue, var url = server["url"]?.stringValue else { continue }
            for variable in server["variables"]?.objectValue?.members ?? [] {
                let value = variable.value.objectValue?["default"].map(Self.text) ?? ""
                url = url.replacingOccurrences(of: "{\(variable.key)}", with: value)
            }
            if url.contains("{") {
                warn("server URL '\(url)' has a variable without a default", at: "/servers/\(index)")
            }
            if !url.contains("://") {
                warn("server URL '\(url)' is relative; set baseUrl to an absolute URL", at: "/servers/\(index)")
            }
            while url.hasSuffix("/") { url.removeLast() }
            let description = Self.oneLine(server["description"]?.stringValue)
            result.append((Self.environmentName(description, url: url, index: index), url))
        }
        if result.isEmpty {
            warn("the document names no server; baseUrl is http://localhost", at: "")
            result.append(("default", "http://localhost"))
        }
        return result
    }

    /// The servers of a Swagger 2.0 document: one per scheme of `host` and `basePath`.
    private mutating func swagger2Servers() -> [(name: String, url: String)] {
        var host = root["host"].value?.stringValue ?? ""
        if host.isEmpty {
            warn("the document names no host; baseUrl uses localhost", at: "")
            host = "localhost"
        }
        var basePath = root["basePath"].value?.stringValue ?? ""
        while basePath.hasSuffix("/") { basePath.removeLast() }
        let schemes = root["schemes"].value?.arrayValue?.compactMap(\.stringValue) ?? []
        return (schemes.isEmpty ? ["https"] : schemes).enumerated().map { index, scheme in
            (index == 0 ? host : "\(host) (\(scheme))", "\(scheme)://\(host)\(basePath)")
        }
    }

    /// An environment name: the description when short, else the URL's host, else `server-N`.
    static func environmentName(_ description: String?, url: String, index: Int) -> String {
        if let description, description.count <= 40 { return ImportNaming.safeComponent(description) }
        if let host = URL(string: url)?.host, !host.isEmpty { return host }
        return "server-\(index + 1)"
    }
}
