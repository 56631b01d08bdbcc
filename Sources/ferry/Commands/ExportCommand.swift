import FerryHTTP
import FerrySystem
import FerryWorkbench
import Foundation

/// `ferry export ID ...`: a saved request as a curl command or `.http` text, or recorded sends as HAR.
///
/// Nothing is sent. With `--all`, every request that can be exported is, and each one that cannot is
/// reported on stderr as `file:line: error: why`. Exit codes: 0 when everything was written, 1 when `--all`
/// left some requests out, 2 for usage and input errors (located, `file:line`).
enum ExportCommand: FerryCommand {
    static var spec: CommandSpec { ExportOptions.spec }

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let options = try ExportOptions(arguments)
        let exported: Exported
        do {
            exported = try export(options)
        } catch {
            printError("ferry export: \(error)")
            return ExitCode.usage
        }
        // Failures of many requests often share lines (an environment file's problem, a hint): each once.
        var reported = Set<String>()
        for line in exported.failures.flatMap({ $0.split(separator: "\n") })
        where reported.insert(String(line)).inserted {
            printError(String(line))
        }
        if !exported.text.isEmpty || exported.failures.isEmpty {
            do {
                try write(Array(exported.text.utf8), to: options.outputPath)
            } catch {
                printError("ferry export: \(error)")
                return ExitCode.usage
            }
        }
        return exported.failures.isEmpty ? ExitCode.success : ExitCode.partialExport
    }

    // MARK: - Producing the text

    /// What an export produced: the text of every request that exported, and a located report of each one
    /// that could not be (with `--all`; a single request's failure is thrown instead).
    struct Exported {
        /// The exported text (ending with a line break), empty when nothing exported.
        var text: String
        /// One `file:line: error: why` report per request left out.
        var failures: [String] = []
    }

    /// The export for `options`.
    static func export(_ options: ExportOptions) throws -> Exported {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let (root, id) = options.selection.workspace(for: options.requestID, currentFolder: cwd)
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
        // Each request is exported on its own, so one that cannot be does not stop the others.
        var exported = Exported(text: "")
        var pieces: [String] = []
        func attempt(_ found: WorkspaceRequest, _ piece: () throws -> String) throws {
            do {
                pieces.append(try piece())
            } catch let error where options.all {
                exported.failures.append(failureReport(for: found, error))
            }
        }
        switch options.format {
        case .curl:
            for found in requests {
                try attempt(found) {
                    let exporter = CurlCommandExporter(
                        masksSecrets: options.masksSecrets,
                        baseFolder: workspace.url(of: found.path).deletingLastPathComponent())
                    let command = try exporter.command(
                        for: found.request, context: try context(for: found, in: workspace, options: options))
                    let text = command.rendered(multiline: !options.oneLine)
                    return options.all ? "# \(found.id)\n\(text)\n" : text + "\n"
                }
            }
            exported.text = pieces.joined(separator: "\n")
        case .grpcurl:
            for found in requests {
                try attempt(found) {
                    let exporter = GrpcurlCommandExporter(
                        masksSecrets: options.masksSecrets,
                        baseFolder: workspace.url(of: found.path).deletingLastPathComponent())
                    let text = try exporter.command(
                        for: found.request, context: try context(for: found, in: workspace, options: options))
                    return options.all ? "# \(found.id)\n\(text)\n" : text + "\n"
                }
            }
            exported.text = pieces.joined(separator: "\n")
        case .http:
            let exporter = HTTPFileExporter(resolves: options.resolves, revealsSecrets: options.revealsSecrets)
            for found in requests {
                try attempt(found) {
                    let fileVariables =
                        workspace.fileIndex(found.path).map {
                            workspace.files[$0].content.fileVariables(forRequestAt: found.position)
                        } ?? [:]
                    let context =
                        options.resolves
                        ? try context(for: found, in: workspace, options: options)
                        : VariableContext(fileVariables: fileVariables)
                    return try exporter.text(for: [(found.request, context)])
                }
            }
            exported.text = pieces.joined()
        case .har:
            exported.text = try har(workspace: workspace, request: id == nil ? nil : requests.first, options: options)
        case .swift, .swiftURLSession, .python, .javascript, .httpie, .go:
            guard let language = options.format.language else { break }
            let exporter = CodeSnippetExporter(revealsSecrets: options.revealsSecrets)
            for found in requests {
                try attempt(found) {
                    let snippet = try exporter.snippet(
                        for: found.request, context: try context(for: found, in: workspace, options: options),
                        in: language)
                    for note in snippet.notes { printError("ferry export: note: \(note)") }
                    return options.all ? "# \(found.id)\n\(snippet.text)" : snippet.text
                }
            }
            exported.text = pieces.joined(separator: "\n")
        }
        return exported
    }

    /// `file:line: error: why` for a request that could not be exported: at the place the error names
    /// (a header's line, an environment file) or else at the request line.
    static func failureReport(for found: WorkspaceRequest, _ error: any Error) -> String {
        switch error {
        case let hinted as HintedVariableError:
            guard let location = hinted.error.location else { break }
            let place = "\(location.file):\(location.line): "
            let text = hinted.description
            return place + "error: " + (text.hasPrefix(place) ? String(text.dropFirst(place.count)) : text)
        case let error as SendCommand.InputError:
            return error.description  // the file's or environment's diagnostics, located already
        default:
            break
        }
        let place = found.request.sourceMap.map { "\($0.file):\($0.requestLine)" } ?? found.id.description
        return "\(place): error: \(error)"
    }

    /// The variables `found` resolves with, as `ferry send` builds them; input problems located.
    static func context(
        for found: WorkspaceRequest, in workspace: Workspace, options: ExportOptions
    ) throws -> VariableContext {
        let problems = workspace.problems(of: found)
        if !problems.isEmpty {
            throw SendCommand.InputError(description: problems.map(\.description).joined(separator: "\n"))
        }
        let environments = workspace.environments()
        // A file that cannot be read costs only what depends on it (an unresolved variable says where it is).
        for problem in environments.diagnostics { printError("ferry export: warning: \(problem)") }
        let captured = workspace.capturedValues(for: found, history: HistoryLog(stateFolder: workspace.stateFolder))
        let context = try workspace.context(
            for: found, environment: options.selection.environment, environments: environments,
            captured: captured, overrides: options.selection.variables)
        // Resolve once here so an unresolved variable gets `ferry send`'s hint.
        do {
            _ = try found.request.prepared(with: context)
        } catch let error as VariableError {
            var hint = ""
            if case .unresolved = error.reason { hint = options.selection.environmentHint(environments) ?? "" }
            throw HintedVariableError(error: error, hint: hint)
        }
        return context
    }

    /// An unresolved variable with the hint `ferry send` gives for it (which environments there are).
    struct HintedVariableError: Error, CustomStringConvertible {
        /// The resolution error, located.
        var error: VariableError
        /// Text after the error (with its own line break), or empty.
        var hint: String

        var description: String { error.description + hint }
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

    /// Writes `bytes` to standard output, or atomically to `path` (FerrySystem's ``AtomicFile``).
    static func write(_ bytes: [UInt8], to path: String?) throws {
        guard let path else {
            TerminalOutput.standardOutput.write(bytes)
            return
        }
        do throws(AtomicFile.Failure) {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw SendCommand.InputError(description: "cannot write '\(path)': \(error.reason)")
        }
    }
}
