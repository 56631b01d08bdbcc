import FerryHTTP
import FerryScript
import FerrySystem
import FerryWorkbench
import Foundation

/// `ferry send ID ...`: resolves a saved request, sends it through FerryHTTP and prints the body.
///
/// Exit codes: 0 for 1xx–3xx, 4 for 4xx, 5 for 5xx, 2 for usage and input errors (located),
/// 3 for transport errors, 6 for a `GRAPHQL` response with `errors` (listed on stderr), 7 for a `GRPC` call
/// ending with a status other than `OK` (``GRPCSendCommand``), 130 when canceled with Ctrl-C.
enum SendCommand: FerryCommand {
    static var spec: CommandSpec { SendOptions.spec }

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        let options = try SendOptions(arguments)
        let prepared: Prepared
        do {
            let located = try plan(options)
            if located.plan.request.request.isWebSocket {
                return WebSocketSendCommand.run(plan: located.plan, options: options)
            }
            if located.plan.request.request.isGRPC {
                return GRPCSendCommand.run(options: options, located: located)
            }
            prepared = try prepare(options, located: located)
        } catch {
            printError("ferry send: \(error)")
            return ExitCode.usage
        }
        return Sender(options: options, prepared: prepared).run()
    }

    /// Everything resolved before the first byte goes out.
    struct Prepared {
        var workspace: Workspace
        var found: WorkspaceRequest
        /// The sender that prepared the request (its pre-request scripts ran) and sends it.
        var sender: RequestSender
        /// The transport under the sender's client, shut down when the command ends.
        var transport: CurlTransport
        /// The workspace's cookie jar, flushed when the command ends.
        var jar: CookieJar
        var send: PreparedSend
        /// The request with variables substituted (and masked copies).
        var prepared: PreparedRequest { send.prepared }
    }

    /// An input problem already formatted for people (with file:line where there is one).
    struct InputError: Error, CustomStringConvertible {
        var description: String
    }

    /// Finds the workspace, the request and its environment, and checks the request's file.
    static func plan(_ options: SendOptions) throws -> (plan: SendPlan, environments: EnvironmentFiles) {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let (root, id) = options.selection.workspace(for: options.requestID, currentFolder: cwd)
        // One request of its file read alone where the bytes tell it (a file of a million requests), else the
        // whole workspace loaded: the same request, problems and variables either way.
        let located = Workspace.loadOne(id ?? options.requestID, at: root)
        let workspace = try located?.workspace ?? Workspace.load(at: root)
        let found: WorkspaceRequest
        do {
            found = try located?.request ?? workspace.request(id ?? options.requestID)
        } catch {
            throw InputError(description: "\(error) in workspace \(root.path) (see `ferry list \(root.path)`)")
        }
        let problems = located?.problems ?? workspace.problems(of: found)
        if !problems.isEmpty {
            throw InputError(description: problems.map(\.description).joined(separator: "\n"))
        }
        let environments = workspace.environments()
        // A file that cannot be read costs only what depends on it: listed here, and named again with an
        // unresolved variable (below, in the hint).
        for problem in environments.diagnostics { printError("ferry send: warning: \(problem)") }
        // `# @prompt` variables: --var answers them, the terminal asks for the rest.
        let asked = try PromptAnswers.answers(
            for: found.request.directives.prompts, given: options.selection.variables)
        var plan = try workspace.sendPlan(
            for: found, environment: options.selection.environment, environments: environments,
            overrides: options.selection.variables.merging(asked.values) { given, _ in given },
            fileVariables: located?.fileVariables)
        plan.context.secretOverrideNames = asked.secretNames
        plan.contract = try options.contractPath.map(RunCommand.contract)
        return (plan, environments)
    }

    /// Resolves the `located` request's variables and runs its pre-request scripts: no network yet.
    static func prepare(
        _ options: SendOptions, located: (plan: SendPlan, environments: EnvironmentFiles)
    ) throws -> Prepared {
        let (plan, environments) = located
        let workspace = plan.workspace
        let found = plan.request
        // The loop thread starts at the first request: a send that fails to prepare never starts it.
        let transport = CurlTransport()
        let jar = workspace.cookieJar()
        let client = HTTPClient(transport: transport, cookieJar: jar)
        if options.usesCache || found.request.directives.cache { client.cache = workspace.httpCache() }
        var sender = RequestSender(client: client, scripting: Scripting(engine: ScriptRunner.fromEnvironment()))
        sender.passphrases = PassphrasePrompt(ask: TerminalPrompt.readSecret)
        sender.access = options.trust ? .trusted : TrustCommand.store().access(for: workspace)
        var send: PreparedSend
        do {
            send = try sender.prepare(plan)
        } catch {
            let hint = error.variableError.map { self.hint(for: $0, options: options, environments: environments) }
            throw InputError(description: error.description + (hint ?? ""))
        }
        if let timeout = options.timeout {
            // A whole-transfer limit stands in for the idle one (TransferLimits).
            send.request.timeout = .seconds(timeout)
            send.request.idleTimeout = nil
        }
        if let seconds = options.connectTimeout { send.request.connectTimeout = .seconds(seconds) }
        if let seconds = options.idleTimeout { send.request.idleTimeout = seconds == 0 ? nil : .seconds(seconds) }
        if options.insecure { send.request.tlsVerification = .disabled }
        if options.usesCache { send.request.usesCache = true }
        if let path = options.certificateAuthorityPath {
            send.request.certificateAuthorityBundle = URL(fileURLWithPath: path)
        }
        return Prepared(
            workspace: workspace, found: found, sender: sender, transport: transport, jar: jar, send: send)
    }

    /// A hint for an unresolved variable: name the environments when none was chosen, or the
    /// request to send first for a response reference.
    static func hint(for error: VariableError, options: SendOptions, environments: EnvironmentFiles) -> String {
        guard case .unresolved(let name) = error.reason else { return "" }
        if !environments.diagnostics.isEmpty {
            return "\n  (an environment file could not be read, so its values are missing: see the warnings above)"
        }
        if let range = name.range(of: ".response.") {
            return "\n  (send '\(name[..<range.lowerBound])' first: its response supplies this value)"
        }
        return options.selection.environmentHint(environments) ?? ""
    }
}
