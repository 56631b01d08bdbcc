import FerryHTTP
import Foundation

/// `WEBSOCKET` requests through the same pipeline as HTTP ones: the pre-request scripts and every variable
/// layer first, then the conversation (``WebSocketConversation``) with the response handlers running while
/// it is open (`response.body.onEachMessage` callbacks get each message as it arrives and can answer with
/// `output()`), then one history line. The workbench,
/// `ferry send` and `ferry run` all open conversations here.
///
/// ```swift
/// let conversation = sender.open(try sender.prepareConversation(plan), closing: .afterScript(idle: .seconds(2)))
/// for await event in conversation.events { if case .ended(let end) = event { print(end.report.tests) } }
/// ```
extension RequestSender {
    /// How many messages a conversation keeps for its end, its handlers and the history; later ones are
    /// counted and shown as they come, not kept.
    public static let conversationMessageCap = 10_000

    /// `plan`, a `WEBSOCKET` request, made ready: its pre-request scripts run, captured values and script
    /// globals among its variables, the handshake and each message resolved. Throws ``SendFailure`` saying
    /// what is wrong and where.
    public func prepareConversation(_ plan: SendPlan) throws(SendFailure) -> PreparedConversation {
        let (context, preRequest) = try preparedContext(for: plan, runningScripts: true)
        do {
            let webSocket = try plan.request.request.preparedWebSocket(with: context)
            return PreparedConversation(
                plan: plan, webSocket: webSocket, preRequestScripts: preRequest, context: context)
        } catch let error as VariableError {
            throw SendFailure(error.description, variableError: error)
        } catch {
            throw SendFailure("\(error)")
        }
    }

    /// Opens `conversation` and runs its script; it closes by itself as `closing` says. Its events end with
    /// ``ConversationEvent/ended(_:)``, posted after the history line is written and the handlers ran.
    public func open(
        _ conversation: PreparedConversation, closing: ConversationClosing, executor: (any TaskExecutor)? = nil
    ) -> WebSocketConversation {
        WebSocketConversation(conversation, closing: closing, sender: self, executor: executor)
    }

    // MARK: - Handlers

    /// Starts the request's response handlers on the handshake, in order, as the conversation opens: their
    /// `onEachMessage` callbacks then get each message as it arrives (``deliver(_:to:)``).
    func startHandlers(
        of conversation: PreparedConversation, handshake: WebSocketHandshakeResponse
    ) -> [OpenHandler] {
        let saved = conversation.plan.request.request
        guard !saved.responseHandlerScripts.isEmpty else { return [] }
        let facts = saved.scriptFacts(with: conversation.context, iteration: conversation.plan.iteration)
        let response = ScriptResponseFacts(
            status: handshake.status, headers: handshake.headers.map { ($0.name, $0.value) }, body: Data())
        return saved.responseHandlerScripts.map { script in
            do throws(ScriptError) {
                let loaded = try script.loaded(
                    from: conversation.plan.folder, confinedTo: confinement(for: conversation.plan))
                let live = scripting.engine.startLiveHandler(
                    loaded, request: facts, response: response, globals: scripting.globals)
                return OpenHandler(script: script, state: .success(live))
            } catch {
                return OpenHandler(script: script, state: .failure(error))
            }
        }
    }

    /// Hands `message`, just received, to each of `handlers` in order; returns what their callbacks sent
    /// with `output()`, in order.
    func deliver(_ message: WebSocketMessage, to handlers: [OpenHandler]) -> [String] {
        handlers.flatMap { handler -> [String] in
            guard case .success(let live) = handler.state else { return [] }
            return live.deliver(message.scriptText)
        }
    }

    /// Whether a callback of `handlers` still listens for messages.
    func isListening(_ handlers: [OpenHandler]) -> Bool {
        handlers.contains { handler in
            guard case .success(let live) = handler.state else { return false }
            return live.isListening
        }
    }

    // MARK: - Finishing

    /// Ends `handlers` (their `onFinish` callbacks run) and writes `end`'s history line; returns the report.
    func finish(
        _ end: ConversationEnd, of conversation: PreparedConversation, started: Date, handlers: [OpenHandler]
    ) -> SendReport {
        var report = SendReport(preRequestScripts: conversation.preRequestScripts)
        let scrubber = SecretScrubber(conversation.context.secretValues)
        report.handlers = handlers.map { handler in
            var outcome = ScriptOutcome()
            switch handler.state {
            case .success(let live): outcome = live.finish()
            case .failure(let error): outcome.error = error
            }
            return ScriptRun(script: handler.script, outcome: outcome.scrubbed(by: scrubber))
        }
        if conversation.plan.isLogged {
            let transcript = Self.transcript(of: end, started: started)
            do {
                try record(end, of: conversation, started: started, transcript: scrubber.scrub(transcript))
            } catch {
                report.problems.append("history not recorded: \(error)")
            }
        }
        return report
    }

    private func record(
        _ end: ConversationEnd, of conversation: PreparedConversation, started: Date, transcript: String
    ) throws {
        let workspace = conversation.plan.workspace
        let id = conversation.plan.request.id
        var entry = HistoryEntry(
            conversation: conversation.webSocket, end: end, requestID: id.description,
            environment: conversation.plan.environment, started: started, transcript: transcript,
            bodyCap: Self.historyBodyCap)
        try workspace.ensureStateFolder()
        if let stable = try workspace.stableIdentities(of: [conversation.plan.request])[id] {
            entry.requestID = stable
        }
        try HistoryLog(stateFolder: workspace.stateFolder).append(entry)
    }

    /// The conversation as text, one line per message and the server's close last.
    static func transcript(of end: ConversationEnd, started: Date) -> String {
        var lines = end.messages.map { $0.transcriptLine(since: started) }
        if end.messageCount > end.messages.count {
            lines.append("(\(end.messageCount - end.messages.count) more messages not kept)")
        }
        if case .closed(let close?) = end.outcome { lines.append("← \(close.printable)") }
        return lines.joined(separator: "\n")
    }
}

/// A response handler of an open conversation: running, or why its script could not be read.
struct OpenHandler: Sendable {
    /// The script as the file gives it.
    var script: RequestScript
    /// The running handler, or why it could not start.
    var state: Result<any LiveScriptHandler, ScriptError>
}
