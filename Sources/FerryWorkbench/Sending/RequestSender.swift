import FerryHTTP
import Foundation

/// The one way to send a saved request, used by the workbench, `ferry send` and `ferry run`: prepares a
/// ``SendPlan`` (its pre-request scripts run first, then all variable layers, values captured from earlier
/// responses, included files), sends it through FerryHTTP (attempts, retries and the body's destination are
/// the client's), then saves the body where `>>` says, records the history once (body cap, secrets masked,
/// the request's stable id) and runs the response handlers.
///
/// ```swift
/// let sender = RequestSender(client: client, scripting: Scripting(engine: ScriptRunner()))
/// let send = sender.start(try sender.prepare(plan)) { report in print(report.tests) }
/// for await event in send.events { if case .ended(let end) = event { print(end.response?.status ?? 0) } }
/// ```
public struct RequestSender: Sendable {
    /// The client that sends.
    public let client: HTTPClient
    /// The scripts' engine and the globals they set; shared by every send of this sender.
    public let scripting: Scripting
    /// What the workspace's files may reach outside it: ``WorkspaceAccess/trusted`` unless the caller (the
    /// workbench, `ferry`) found the workspace untrusted in its ``TrustStore``.
    public var access = WorkspaceAccess.trusted
    /// How `{{$auth.token("id")}}` sign-ins reach the person (the URL to open, the device code): standard
    /// error and the browser unless the caller says otherwise.
    public var signIn = SignInInteraction.standard()
    /// The client a sign-in's token and device requests go through; `nil`: ``client``. A sign-in blocks its
    /// thread until they are answered, so a sender whose sends run on ``client``'s transport thread
    /// (`CurlTransport.taskExecutor`) gives one of another transport.
    public var signInClient: HTTPClient?
    /// Asks for a client certificate's passphrase (`hasCertificatePassphrase`); `nil` where no one can be asked
    /// (then such a send is refused, saying so).
    public var passphrases: PassphrasePrompt?
    /// How much of each body the history keeps.
    public static let historyBodyCap = 64 * 1024
    /// How much of a body response handlers see as `response.body`.
    public static let scriptBodyCap = 64 << 20

    /// A sender through `client` whose scripts share `scripting`: its engine (FerryScript's `ScriptRunner` in
    /// `ferry` and the app, ``NoScriptEngine`` where no script runs) and its globals.
    public init(client: HTTPClient, scripting: Scripting) {
        self.client = client
        self.scripting = scripting
    }

    /// The refusal of a path an untrusted workspace reaches outside itself, with where and how to trust it.
    static func untrusted(_ what: String, _ refusal: String, at location: SourceLocation?, root: URL) -> String {
        let place = location.map { "\($0): " } ?? ""
        return "\(place)\(what) refused: \(refusal), and this workspace is not trusted. If you trust its files, "
            + "run `ferry trust \(root.path)` (or pass --trust; in the workbench, Ctrl-P → Trust this workspace)."
    }

    /// The confinement `plan`'s files are read within: the workspace's while it is not trusted, else none.
    func confinement(for plan: SendPlan) -> WorkspaceConfinement? {
        access == .confined || plan.access == .confined ? WorkspaceConfinement(root: plan.workspace.root) : nil
    }

    /// The confinement `script` of `plan` is read within: none for inline code, which reads no file.
    func confinement(for plan: SendPlan, of script: RequestScript) -> WorkspaceConfinement? {
        if case .inline = script.source { return nil }
        return confinement(for: plan)
    }

    // MARK: - Preparing

    /// `plan` made ready to send: its pre-request scripts run (unless `runningScripts` is false, as for
    /// copying a request as curl), captured values and included files read (this reads files), variables
    /// substituted (script globals among them), the standard time limits (``TransferLimits``) applied where
    /// the request sets none. Throws ``SendFailure`` saying what is wrong and where, a pre-request script's
    /// error included.
    public func prepare(_ plan: SendPlan, runningScripts: Bool = true) throws(SendFailure) -> PreparedSend {
        let workspace = plan.workspace
        let saved = plan.request.request
        let (resolved, preRequest) = try preparedContext(for: plan, runningScripts: runningScripts)
        var context = resolved
        // Resolved (symlinks followed: a `stat` per folder of the path) only when a path needs checking.
        lazy var confinement = self.confinement(for: plan)
        let location = saved.sourceMap.map { SourceLocation(file: $0.file, line: $0.requestLine) }
        for path in saved.includedFilePaths(with: context) {
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : plan.folder.appendingPathComponent(path)
            if let refusal = confinement?.refusal(of: url, for: .reading) {
                throw SendFailure(Self.untrusted("< \(path)", refusal, at: location, root: workspace.root))
            }
            guard context.includedFiles[path] == nil else { continue }
            guard let bytes = try? Data(contentsOf: url) else {
                throw SendFailure(
                    "Cannot read \(path) for the body (\(url.path)): check the path after < in the Body tab.")
            }
            context.includedFiles[path] = bytes
        }
        do {
            let prepared = try saved.prepared(with: context)
            var request = TransferLimits.standard.applied(
                to: try prepared.httpRequest(
                    location: saved.sourceMap.map { SourceLocation(file: $0.file, line: $0.requestLine) }),
                for: prepared)
            request.clientCertificate = try clientCertificate(
                of: prepared, tls: context.tlsConfiguration,
                confinement: prepared.clientCertificate == nil ? nil : confinement, root: workspace.root)
            // One environment's cached responses are never another's.
            request.cachePartition = plan.environment
            let outputs = try saved.responseOutputs.map {
                try PreparedOutput.resolving($0, with: context, folder: plan.folder, stateFolder: workspace.stateFolder)
            }
            for (output, written) in zip(saved.responseOutputs, outputs) {
                if let refusal = confinement?.refusal(of: written.url, for: .writing) {
                    let redirect = (output.overwrite ? ">>! " : ">> ") + output.path
                    throw SendFailure(
                        Self.untrusted(redirect, refusal, at: output.location ?? location, root: workspace.root))
                }
            }
            let contract = try contract(
                for: plan, confinement: plan.request.request.directives.contract == nil ? nil : confinement,
                location: location)
            if let contract { try Self.checkBody(of: prepared, saved: saved, against: contract, location: location) }
            return PreparedSend(
                plan: plan, prepared: prepared, request: request, outputs: outputs, preRequestScripts: preRequest,
                context: context, contract: contract)
        } catch let error as VariableError {
            throw SendFailure(error.description, variableError: error)
        } catch {
            throw SendFailure("\(error)")
        }
    }

    /// The client certificate `prepared` presents, checked: its files inside the workspace unless it is trusted,
    /// readable, and its passphrase asked for when it has one.
    func clientCertificate(
        of prepared: PreparedRequest, tls: TLSConfiguration?, confinement: WorkspaceConfinement?, root: URL
    ) throws(SendFailure) -> ClientCertificate? {
        guard var certificate = prepared.clientCertificate, let tls else { return nil }
        let place = "\(tls.location.file):\(tls.location.line)"
        for (name, url) in [("clientCertificate", certificate.certificate), ("clientCertificateKey", certificate.key)] {
            guard let url else { continue }
            if let refusal = confinement?.refusal(of: url, for: .reading) {
                throw SendFailure(Self.untrusted("SSLConfiguration's \(name)", refusal, at: tls.location, root: root))
            }
            guard FileManager.default.isReadableFile(atPath: url.path) else {
                throw SendFailure(
                    "\(place): cannot read the \(name) of SSLConfiguration (\(url.path)): check the path, relative to "
                        + "the environment file's folder")
            }
        }
        if prepared.needsPassphrase {
            guard let passphrase = passphrases?.passphrase(for: certificate.certificate) else {
                throw SendFailure(
                    "\(place): the client certificate's key has a passphrase (hasCertificatePassphrase) and none was "
                        + "given: the question was canceled, or there was no terminal to ask on")
            }
            certificate.passphrase = passphrase
        }
        return certificate
    }

    /// The variables `plan` is resolved with: its own, the values captured from earlier responses, and what
    /// the pre-request scripts (run now unless `runningScripts` is false) and the scripts' globals set; with
    /// the scripts that ran. JavaScriptCore is opened beside the send when the request has a handler.
    func preparedContext(for plan: SendPlan, runningScripts: Bool) throws(SendFailure)
        -> (VariableContext, [ScriptRun])
    {
        var context = plan.context
        let workspace = plan.workspace
        let history = workspace.history
        context.captured.merge(
            workspace.capturedValues(
                for: plan.request, history: history, known: context.captured, identities: plan.identities)
        ) { known, _ in known }
        // A handler runs when the response is in: open JavaScriptCore meanwhile, beside the send.
        if runningScripts, !plan.request.request.responseHandlerScripts.isEmpty { scripting.engine.warmUp() }
        context.scripted = scripting.globals.snapshot()
        // Tokens come from the cache under `.ferry/`, refreshed or signed in for a send; a copy (no scripts run)
        // only reads the cache and refreshes.
        context.authTokens = AuthTokens(
            store: workspace.authTokenStore, environment: plan.environment, client: signInClient ?? client,
            interaction: signIn, acquires: runningScripts)
        let preRequest = runningScripts ? try runPreRequestScripts(of: plan, context: &context) : []
        return (context, preRequest)
    }

    /// Runs the request's pre-request scripts in order; each sees the variables the ones before it set
    /// (`request.variables.set`, `client.global.set`), which land in `context`. Throws at the first script
    /// that stops with an error.
    private func runPreRequestScripts(of plan: SendPlan, context: inout VariableContext) throws(SendFailure)
        -> [ScriptRun]
    {
        let scripts = plan.request.request.preRequestScripts
        guard !scripts.isEmpty else { return [] }
        let scrubber = SecretScrubber(context.secretValues)
        var requestVariables: [String: String] = [:]
        var runs: [ScriptRun] = []
        for script in scripts {
            let facts = plan.request.request.scriptFacts(with: context, iteration: plan.iteration)
            let outcome = Self.outcome(of: script, from: plan.folder, confinedTo: confinement(for: plan, of: script)) {
                loaded in
                scripting.engine.runPreRequest(loaded, request: facts, globals: scripting.globals)
            }.scrubbed(by: scrubber)
            runs.append(ScriptRun(script: script, outcome: outcome))
            if let error = outcome.error {
                throw SendFailure("The pre-request script stopped: \(error)", scriptError: error)
            }
            requestVariables.merge(outcome.requestVariables) { _, new in new }
            context.scripted = scripting.globals.snapshot().merging(requestVariables) { _, new in new }
        }
        return runs
    }

    // MARK: - Sending

    /// Starts `send`; its events are FerryHTTP's (``HTTPTransferEvent``). Before the last one
    /// (``HTTPTransferEvent/ended(_:)``) is handed on, a completed response's body is saved to the request's
    /// outputs (``PreparedSend/outputs``), the history line is written, the response handlers run (when a
    /// response arrived), and `report` is called once with all of it. An output or a history that cannot be
    /// written is a problem in the report; the send stands. Handlers block the finishing step for at most the
    /// scripts' time limit each. Unless `reportsProgress`, only retries and the end are events (see
    /// ``HTTPClient/transfer(_:bufferLimit:executor:reportsProgress:)``).
    public func start(
        _ send: PreparedSend, executor: (any TaskExecutor)? = nil, reportsProgress: Bool = true,
        report: @escaping @Sendable (SendReport) -> Void = { _ in }
    ) -> HTTPTransfer {
        let started = Date()
        if send.plan.request.request.isGRPC {
            // A gRPC call (decision 0090) ends as one event; its report is made as an HTTP send's.
            return HTTPTransfer.running { [self] in
                let outcome = await sendGRPC(send)
                report(outcome.report)
                return outcome.end
            }
        }
        return client.transfer(send.request, executor: executor, reportsProgress: reportsProgress) { [self] end in
            report(finish(end, of: send, started: started, bodyFile: send.request.responseBody.fileURL))
        }
    }

    /// What every send does once it ended as `end`: saves a complete body to the outputs, writes the history
    /// line, runs the response handlers (when a response arrived); returns the report. `bodyFile` is where
    /// the body is when it was streamed to a file (`ferry send -o`) rather than kept: the outputs copy it and
    /// the handlers read it.
    func finish(_ end: TransferEnd, of send: PreparedSend, started: Date, bodyFile: URL?) -> SendReport {
        var result = SendReport(preRequestScripts: send.preRequestScripts)
        if end.isComplete, !send.outputs.isEmpty {
            result.savedFiles = Self.save(end, from: bodyFile, to: send.outputs, problems: &result.problems)
        }
        if send.plan.isLogged {
            do {
                try Self.record(end, of: send, started: started)
            } catch {
                result.problems.append("history not recorded: \(error)")
            }
        }
        let hasHandlers = !send.plan.request.request.responseHandlerScripts.isEmpty
        if let response = end.response, hasHandlers || send.contract != nil {
            // Read only for handlers and contracts: a large body is not copied when nothing will look at it.
            let body =
                bodyFile.map { Self.head(of: $0, count: Self.scriptBodyCap) } ?? end.body.prefix(Self.scriptBodyCap)
            result.contract = Self.contractCheck(of: send, response: response, body: body)
            if hasHandlers {
                result.handlers = runHandlers(of: send, response: response, body: body, contract: result.contract)
            }
        }
        return result
    }

    /// Runs the request's response handlers in order on `response` and the first bytes of its body; `contract`
    /// is what `response.contractViolations()` returns.
    private func runHandlers(
        of send: PreparedSend, response: HTTPResponse, body: [UInt8], contract: ContractCheck?
    ) -> [ScriptRun] {
        let scripts = send.plan.request.request.responseHandlerScripts
        let facts = send.plan.request.request.scriptFacts(with: send.context, iteration: send.plan.iteration)
        var responseFacts = ScriptResponseFacts(
            status: response.status, headers: response.headers.map { ($0.name, $0.value) },
            body: Data(body), lines: Self.streamLines(of: response, body: body))
        responseFacts.statusText = response.displayReason
        responseFacts.responseTime = response.timing.map { Int(($0.total / .milliseconds(1)).rounded()) }
        responseFacts.contract = contract
        let scrubber = send.prepared.scrubber
        return scripts.map { script in
            let confinement = confinement(for: send.plan, of: script)
            let outcome = Self.outcome(of: script, from: send.plan.folder, confinedTo: confinement) { loaded in
                scripting.engine.runHandler(loaded, request: facts, response: responseFacts, globals: scripting.globals)
            }
            return ScriptRun(script: script, outcome: outcome.scrubbed(by: scrubber))
        }
    }

    /// The media types whose bodies are a JSON value per line.
    static let lineDelimitedTypes: Set<String> = [
        "application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines",
        "application/jsonlines",
    ]

    /// What `response.body.onEachLine` hands a handler: each event's data for an event stream, each
    /// non-empty line for NDJSON / JSON Lines; `nil` for other bodies.
    static func streamLines(of response: HTTPResponse, body: [UInt8]) -> [String]? {
        if response.isEventStream {
            var parser = EventStreamParser(maximumEventBytes: max(body.count, 1))
            return ((try? parser.parse(body)) ?? []).map(\.data)
        }
        guard let type = response.headers["Content-Type"].map({ MediaType($0).essence }),
            lineDelimitedTypes.contains(type)
        else { return nil }
        return String(decoding: body, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
            .filter { !$0.allSatisfy(\.isWhitespace) }
    }

    /// What `run` makes of `script` read from `folder` (within `confinement`, if any), or the reason it could
    /// not be read.
    static func outcome(
        of script: RequestScript, from folder: URL, confinedTo confinement: WorkspaceConfinement?,
        _ run: (Script) -> ScriptOutcome
    ) -> ScriptOutcome {
        do throws(ScriptError) {
            return run(try script.loaded(from: folder, confinedTo: confinement))
        } catch {
            var outcome = ScriptOutcome()
            outcome.error = error
            return outcome
        }
    }

    /// Writes the body of `end` — or `bodyFile`, where it was streamed — to each of `outputs`; returns the
    /// files written, adds the others to `problems`.
    static func save(
        _ end: TransferEnd, from bodyFile: URL?, to outputs: [PreparedOutput], problems: inout [String]
    ) -> [URL] {
        let bytes = bodyFile == nil && !end.body.isSpilled ? end.body.prefix(end.body.count) : []
        return outputs.compactMap { output in
            do {
                if let bodyFile { return try output.write(copying: bodyFile) }
                if case .file(let spilled) = end.body.storage { return try output.write(copying: spilled) }
                return try output.write(bytes)
            } catch {
                let place = output.location.map { "\($0.file):\($0.line): " } ?? ""
                problems.append("\(place)response not saved to \(output.url.path): \(error)")
                return nil
            }
        }
    }

    /// The first `count` bytes of `file` (fewer when it is shorter or cannot be read), copied from a mapping of
    /// it: only those bytes are read.
    static func head(of file: URL, count: Int) -> [UInt8] {
        guard let mapped = try? Data(contentsOf: file, options: .alwaysMapped) else { return [] }
        return [UInt8](mapped.prefix(count))
    }

    /// Appends the history line for `send`, which ended as `end`, under its request's stable id
    /// (`.ferry/ids.json`), so the history finds the request after it is renamed or moved.
    static func record(_ end: TransferEnd, of send: PreparedSend, started: Date) throws {
        let workspace = send.plan.workspace
        let id = send.plan.request.id
        var entry = HistoryEntry(
            prepared: send.prepared, requestID: id.description, requestPath: id.description,
            environment: send.plan.environment, started: started, result: end.historyResult(cap: historyBodyCap),
            bodyCap: historyBodyCap)
        if end.isComplete {
            entry.responseSize = end.body.count
            entry.responseBodyTruncated = end.body.count > historyBodyCap
        }
        let identities: [RequestID: String]
        if let assigned = send.plan.identities {
            identities = assigned
        } else {
            try workspace.ensureStateFolder()
            identities = try workspace.stableIdentities(of: [send.plan.request])
        }
        if let stable = identities[id] {
            entry.requestID = stable
        }
        try workspace.history.append(entry)
    }
}

extension TransferEnd {
    /// The outcome with at most `cap` (plus a margin for masking across the cut) bytes of the body.
    func historyResult(cap: Int) -> Result<HTTPResponse, HTTPClientError> {
        outcome.map { response in
            var response = response
            response.body = Data(body.prefix(cap + 4096))
            return response
        }
    }
}
