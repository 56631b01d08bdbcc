import FerryHTTP
import FerryWorkbench
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `ferry export ID ...`: a saved request as a curl command or `.http` text, or recorded sends as HAR.
///
/// Nothing is sent. Exit codes: 0 when written, 2 for usage and input errors (located, `file:line`).
enum ExportCommand: FerryCommand {
    static let name = "export"
    static let summary = "export a request as curl or .http, or the history as HAR"

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(ExportOptions.usage)
            return ExitCode.success
        }
        let options: ExportOptions
        do {
            options = try ExportOptions(arguments)
        } catch {
            printError("ferry export: \(error.message)\n\(ExportOptions.usage)")
            return ExitCode.usage
        }
        do {
            let text = try export(options)
            try write(Array(text.utf8), to: options.outputPath)
        } catch {
            printError("ferry export: \(error)")
            return ExitCode.usage
        }
        return ExitCode.success
    }

    // MARK: - Producing the text

    /// The exported text for `options` (ending with a line break).
    static func export(_ options: ExportOptions) throws -> String {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let root: URL
        var id: String?
        if options.requestID.isEmpty {
            root =
                options.workspacePath.map { URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL }
                ?? WorkspaceLocator.nearestWorkspace(from: cwd) ?? cwd
        } else {
            (root, id) = WorkspaceLocator.locate(requestID: options.requestID, currentFolder: cwd)
        }
        let workspace = try Workspace.load(at: root)
        var requests = workspace.requests
        if let id {
            do {
                requests = [try workspace.request(id)]
            } catch {
                throw SendCommand.InputError(
                    description: "\(error) in workspace \(root.path) (see `ferry list \(root.path)`)")
            }
        }
        switch options.format {
        case .curl:
            var commands: [String] = []
            for found in requests {
                let exporter = CurlCommandExporter(
                    masksSecrets: options.masksSecrets,
                    baseFolder: workspace.url(of: found.path).deletingLastPathComponent())
                let command = try exporter.command(
                    for: found.request, context: try context(for: found, in: workspace, options: options))
                let text = command.rendered(multiline: !options.oneLine)
                commands.append(options.all ? "# \(found.id)\n\(text)\n" : text + "\n")
            }
            return commands.joined(separator: "\n")
        case .http:
            let exporter = HTTPFileExporter(resolves: options.resolves, revealsSecrets: options.revealsSecrets)
            var pairs: [(request: SavedRequest, context: VariableContext)] = []
            for found in requests {
                let fileVariables =
                    workspace.fileIndex(found.path).map {
                        workspace.files[$0].content.fileVariables(forRequestAt: found.position)
                    } ?? [:]
                let context =
                    options.resolves
                    ? try context(for: found, in: workspace, options: options)
                    : VariableContext(fileVariables: fileVariables)
                pairs.append((found.request, context))
            }
            return try exporter.text(for: pairs)
        case .har:
            return try har(workspace: workspace, request: id == nil ? nil : requests.first, options: options)
        }
    }

    /// The variables `found` resolves with, as `ferry send` builds them; input problems located.
    static func context(
        for found: WorkspaceRequest, in workspace: Workspace, options: ExportOptions
    ) throws -> VariableContext {
        let problems = SendCommand.problems(of: found, in: workspace)
        if !problems.isEmpty {
            throw SendCommand.InputError(description: problems.map(\.description).joined(separator: "\n"))
        }
        let environments = workspace.environments()
        if let problem = environments.diagnostics.first {
            throw SendCommand.InputError(description: problem.description)
        }
        let captured = workspace.capturedValues(for: found, history: HistoryLog(stateFolder: workspace.stateFolder))
        let context = try workspace.context(
            for: found, environment: options.environment, environments: environments, captured: captured,
            overrides: options.variables)
        // Resolve once here so an unresolved variable gets `ferry send`'s hint.
        do {
            _ = try found.request.prepared(with: context)
        } catch let error as VariableError {
            var hint = ""
            if case .unresolved = error.reason, options.environment == nil, !environments.names.isEmpty {
                hint = "\n  (no --env given; environments: \(environments.names.joined(separator: ", ")))"
            }
            throw SendCommand.InputError(description: error.description + hint)
        }
        return context
    }

    /// HAR of recorded sends: the whole history (newest last), or one request's.
    static func har(workspace: Workspace, request: WorkspaceRequest?, options: ExportOptions) throws -> String {
        let log = HistoryLog(stateFolder: workspace.stateFolder)
        var entries = log.entries()
        if let request {
            var stableID: String?
            if FileManager.default.fileExists(atPath: workspace.stateFolder.path) {
                stableID = try RequestIdentities(stateFolder: workspace.stateFolder).assign(workspace.requests)[
                    request.id]
            }
            let path = request.id.description
            entries = entries.filter { $0.requestID == stableID || $0.requestPath == path }
            if entries.isEmpty {
                throw SendCommand.InputError(
                    description: "no recorded sends of '\(path)' in \(log.url.path) (send it first: ferry send \(path))"
                )
            }
        }
        if let last = options.last { entries = Array(entries.suffix(last)) }
        let exchanges = entries.map(HARExchange.init(history:))
        return String(
            decoding: HARExporter(creatorVersion: VersionCommand.version).bytes(for: exchanges), as: UTF8.self)
    }

    // MARK: - Output

    /// Writes `bytes` to standard output, or atomically to `path` (a temporary file renamed over it).
    static func write(_ bytes: [UInt8], to path: String?) throws {
        guard let path else {
            TerminalOutput.standardOutput.write(bytes)
            return
        }
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).ferry-partial-\(getpid())")
        do {
            try Data(bytes).write(to: temporary)
        } catch {
            throw SendCommand.InputError(description: "cannot write '\(path)': \(error.localizedDescription)")
        }
        guard rename(temporary.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw SendCommand.InputError(description: "cannot write '\(path)': \(reason)")
        }
    }
}
