import Foundation

// MARK: - Building the variable context for a request (this is where the IO happens)

extension Workspace {
    /// The workspace's environments (`http-client.env.json` + private file).
    public func environments() -> EnvironmentFiles { EnvironmentFiles.load(from: root) }

    /// The environment files the requests of the file at `path` use: those of the nearest folder at or above the
    /// file's, below the root, that holds one (a `.http/` folder with its own `http-client.env.json`), else the
    /// root's.
    public func environments(forFileAt path: String) -> EnvironmentFiles {
        environmentFolder(forFileAt: path).map { EnvironmentFiles.load(from: $0) } ?? environments()
    }

    /// The nearest folder at or above the folder of the file at `path`, below the root, holding an environment
    /// file; `nil` when there is none (the root's are used).
    func environmentFolder(forFileAt path: String) -> URL? {
        var parts = path.split(separator: "/").dropLast()
        while !parts.isEmpty {
            let folder = root.appendingPathComponent(parts.joined(separator: "/"))
            if EnvironmentFiles.fileNames.contains(where: {
                FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
            }) {
                return folder
            }
            parts.removeLast()
        }
        return nil
    }

    /// The workspace's `.env` values, for `{{$dotenv NAME}}`.
    public func dotenv() -> [String: String] {
        guard let bytes = try? FileIO.bytes(of: root.appendingPathComponent(".env")) else { return [:] }
        return DotEnv.parse(String(decoding: bytes, as: UTF8.self))
    }

    /// What the requests of one file take from their environment files for one environment: the variables, the
    /// `Security.Auth` configurations and the TLS configuration. The same for every request of the file, so a
    /// caller preparing many (a run) reads it once a file and passes it to
    /// ``context(for:environment:environments:captured:overrides:processEnvironment:dotenv:fileVariables:scope:)``.
    public struct EnvironmentScope: Sendable {
        /// The folder of the environment files used (see ``environments(forFileAt:)``); `nil` for the root's.
        let folder: URL?
        let variables: [EnvironmentVariable]
        let authConfigurations: [String: AuthConfiguration]
        let tlsConfiguration: TLSConfiguration?
    }

    /// The ``EnvironmentScope`` of the file at `path` for `environment` (`nil` for `$shared` only). `environments`
    /// are the root's, when the caller has them already.
    ///
    /// Throws when `environment` names no environment of the files the file uses.
    public func environmentScope(
        forFileAt path: String, environment: String?, environments: EnvironmentFiles? = nil
    ) throws -> EnvironmentScope {
        let folder = environmentFolder(forFileAt: path)
        let files = folder.map { EnvironmentFiles.load(from: $0) } ?? environments ?? self.environments()
        if let environment, !files.contains(environment) {
            throw WorkspaceError.noSuchEnvironment(environment, known: files.names)
        }
        return EnvironmentScope(
            folder: folder, variables: files.variables(for: environment),
            authConfigurations: files.authConfigurations(for: environment),
            tlsConfiguration: files.tlsConfiguration(for: environment, folder: folder ?? root))
    }

    /// Everything `request` needs to be resolved: its file's in-file variables, the named
    /// environment (`nil` for `$shared` only), captured values, overrides, the process
    /// environment, `.env`, and the bytes of every `< file` it includes (relative to its file). A caller
    /// resolving many requests passes what they share: the `environments`, the `dotenv` values and each
    /// request's `fileVariables` (``HTTPFile/requestFacts()`` has every request's at once) and the `scope` of its
    /// file for `environment` (``environmentScope(forFileAt:environment:environments:)``), which `environments`
    /// are then not read for.
    ///
    /// Throws when `environment` names no environment, or an included file cannot be read.
    public func context(
        for request: WorkspaceRequest, environment: String?, environments: EnvironmentFiles? = nil,
        captured: [String: String] = [:], overrides: [String: String] = [:],
        processEnvironment: [String: String] = ProcessInfo.processInfo.environment, dotenv: [String: String]? = nil,
        fileVariables: [String: String]? = nil, scope: EnvironmentScope? = nil
    ) throws -> VariableContext {
        let scope =
            try scope ?? environmentScope(forFileAt: request.path, environment: environment, environments: environments)
        let fileVariables =
            fileVariables
            ?? fileIndex(request.path).map { self.files[$0].content.fileVariables(forRequestAt: request.position) }
            ?? [:]
        var context = VariableContext(
            fileVariables: fileVariables, environment: scope.variables, captured: captured,
            overrides: overrides, processEnvironment: processEnvironment, dotenv: dotenv ?? self.dotenv())
        context.authConfigurations = scope.authConfigurations
        context.tlsConfiguration = scope.tlsConfiguration
        let folder = folder(ofFile: request.path)
        for path in request.request.includedFilePaths(with: context) {
            let fileURL = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
            // Only regular files are read ahead: a device or a pipe could be endless or block, and is left to
            // the sender, which refuses it in a workspace not trusted.
            let type = (try? FileManager.default.attributesOfItem(atPath: fileURL.resolvingSymlinksInPath().path))?[
                .type]
            if let type = type as? FileAttributeType, type != .typeRegular { continue }
            do {
                context.includedFiles[path] = Data(try FileIO.bytes(of: fileURL))
            } catch {
                throw VariableError(
                    .missingFile(path), part: "the body",
                    location: request.request.sourceMap.map {
                        SourceLocation(file: $0.file, line: $0.bodyLine ?? $0.requestLine)
                    })
            }
        }
        return context
    }
}
