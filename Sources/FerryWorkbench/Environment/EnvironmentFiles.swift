import Foundation

/// The environments of a workspace: `http-client.env.json` merged with the git-ignored
/// `http-client.private.env.json`, per environment name, with `$shared` values for every one.
///
/// A malformed file is reported with file:line:column and skipped; the other file still loads.
public struct EnvironmentFiles: Sendable, Hashable {
    /// The public environment file's name.
    public static let publicFileName = "http-client.env.json"
    /// The private (secrets) environment file's name.
    public static let privateFileName = "http-client.private.env.json"
    /// The name of the block shared by every environment.
    public static let sharedName = "$shared"

    /// The older name of the public file (VS Code REST Client's and early JetBrains'), read when the public
    /// file is absent.
    public static let olderPublicFileName = "rest-client.env.json"
    /// The older name of the private file, read when the private file is absent.
    public static let olderPrivateFileName = "rest-client.private.env.json"

    /// An object-valued member of an environment (JetBrains' `Security`, `SSLConfiguration`): a setting, not a
    /// variable.
    struct Setting: Sendable, Hashable {
        var environment: String
        var file: String
        var member: EnvironmentJSON.Member
    }

    /// One file's environments, in file order: name → variables in file order, and their settings.
    struct Layer: Sendable, Hashable {
        var environments: [(name: String, variables: [EnvironmentVariable])] = []
        var settings: [Setting] = []

        static func == (lhs: Layer, rhs: Layer) -> Bool {
            lhs.environments.map(\.name) == rhs.environments.map(\.name)
                && lhs.environments.map(\.variables) == rhs.environments.map(\.variables)
                && lhs.settings == rhs.settings
        }

        func hash(into hasher: inout Hasher) {
            for environment in environments {
                hasher.combine(environment.name)
                hasher.combine(environment.variables)
            }
            hasher.combine(settings)
        }

        func variables(of name: String) -> [EnvironmentVariable] {
            environments.first { $0.name == name }?.variables ?? []
        }
    }

    var publicLayer = Layer()
    var privateLayer = Layer()
    /// Problems found in the files.
    public internal(set) var diagnostics: [Diagnostic] = []

    /// No environments.
    public init() {}

    /// Every name an environment file may have.
    static let fileNames = [publicFileName, privateFileName, olderPublicFileName, olderPrivateFileName]

    /// Reads both files from a workspace folder; a missing file is simply empty.
    public static func load(from folder: URL) -> EnvironmentFiles {
        var files = EnvironmentFiles()
        func existing(_ name: String, or older: String) -> URL {
            let url = folder.appendingPathComponent(name)
            let olderURL = folder.appendingPathComponent(older)
            let manager = FileManager.default
            return !manager.fileExists(atPath: url.path) && manager.fileExists(atPath: olderURL.path) ? olderURL : url
        }
        files.publicLayer = files.readLayer(existing(publicFileName, or: olderPublicFileName), isSecret: false)
        files.privateLayer = files.readLayer(existing(privateFileName, or: olderPrivateFileName), isSecret: true)
        return files
    }

    /// Reads environments from the bytes of the public and private files.
    public static func parse(public publicBytes: [UInt8]?, private privateBytes: [UInt8]?) -> EnvironmentFiles {
        var files = EnvironmentFiles()
        if let publicBytes { files.publicLayer = files.parseLayer(publicBytes, file: publicFileName, isSecret: false) }
        if let privateBytes {
            files.privateLayer = files.parseLayer(privateBytes, file: privateFileName, isSecret: true)
        }
        return files
    }

    // MARK: - Queries

    /// The environment names in file order (public file first), without `$shared`.
    public var names: [String] {
        var seen = Set<String>()
        var result: [String] = []
        for name in (publicLayer.environments + privateLayer.environments).map(\.name)
        where name != Self.sharedName && seen.insert(name).inserted {
            result.append(name)
        }
        return result
    }

    /// The variables of `name` (or only `$shared` when `nil`), later layers winning:
    /// public `$shared` < private `$shared` < public environment < private environment.
    public func variables(for name: String?) -> [EnvironmentVariable] {
        var order: [String] = []
        var merged: [String: EnvironmentVariable] = [:]
        var layers = [publicLayer.variables(of: Self.sharedName), privateLayer.variables(of: Self.sharedName)]
        if let name { layers += [publicLayer.variables(of: name), privateLayer.variables(of: name)] }
        for layer in layers {
            for variable in layer {
                if merged[variable.name] == nil { order.append(variable.name) }
                merged[variable.name] = variable
            }
        }
        return order.compactMap { merged[$0] }
    }

    /// Whether an environment of this name exists in either file.
    public func contains(_ name: String) -> Bool { names.contains(name) }

    // MARK: - Reading

    mutating func readLayer(_ url: URL, isSecret: Bool) -> Layer {
        guard FileManager.default.fileExists(atPath: url.path) else { return Layer() }
        do {
            return parseLayer(try FileIO.bytes(of: url), file: url.lastPathComponent, isSecret: isSecret)
        } catch {
            diagnostics.append(
                Diagnostic("cannot read: \(error)", at: SourceLocation(file: url.lastPathComponent, line: 1)))
            return Layer()
        }
    }

    mutating func parseLayer(_ bytes: [UInt8], file: String, isSecret: Bool) -> Layer {
        // An empty file (or one of only spaces) holds no environments, as JetBrains reads it.
        if bytes.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return Layer() }
        if bytes.starts(with: Array("\0GITCRYPT".utf8)) {
            diagnostics.append(
                Diagnostic(
                    "the file is encrypted (git-crypt): run `git-crypt unlock` to use its values; the other file is "
                        + "read", at: SourceLocation(file: file, line: 1)))
            return Layer()
        }
        let document: EnvironmentJSON
        do {
            document = try EnvironmentJSON.parse(bytes)
        } catch let error as EnvironmentJSON.SyntaxError {
            diagnostics.append(
                Diagnostic(error.message, at: SourceLocation(file: file, line: error.line, column: error.column)))
            return Layer()
        } catch {
            return Layer()
        }
        guard case .object(let environments) = document else {
            diagnostics.append(
                Diagnostic(
                    "expected an object of environments at the top level", at: SourceLocation(file: file, line: 1)))
            return Layer()
        }
        var layer = Layer()
        // `$schema` names the JetBrains schema of the file for editors: not an environment.
        for environment in environments where environment.key != "$schema" {
            guard case .object(let members) = environment.value else {
                diagnostics.append(
                    Diagnostic(
                        "expected an object of variables for environment '\(environment.key)'",
                        at: SourceLocation(file: file, line: environment.line)))
                continue
            }
            var variables: [EnvironmentVariable] = []
            for member in members {
                if case .null = member.value {
                    variables.append(
                        EnvironmentVariable(
                            name: member.key, value: "", isSecret: isSecret,
                            location: SourceLocation(file: file, line: member.line), isNull: true))
                    continue
                }
                guard let text = member.value.scalarText else {
                    // Objects such as JetBrains' `SSLConfiguration` or `Security` are settings, not variables.
                    if case .object = member.value {
                        layer.settings.append(Setting(environment: environment.key, file: file, member: member))
                    }
                    continue
                }
                variables.append(
                    EnvironmentVariable(
                        name: member.key, value: text, isSecret: isSecret,
                        location: SourceLocation(file: file, line: member.line)))
            }
            layer.environments.append((environment.key, variables))
        }
        return layer
    }
}
