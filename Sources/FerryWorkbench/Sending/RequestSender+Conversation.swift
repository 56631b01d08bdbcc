import FerryHTTP
import FerryScript
import Foundation

/// `WEBSOCKET` requests through the same pipeline as HTTP ones: the pre-request scripts and every variable
/// layer first, then the conversation (``WebSocketConversation``), then one history line and the response
/// handlers, which read the messages received with `response.body.onEachMessage`. The workbench,
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

    // MARK: - Finishing

    /// Runs the request's response handlers over `end`'s messages and writes its history line; returns the
    /// report.
    func finish(_ end: ConversationEnd, of conversation: PreparedConversation, started: Date) -> SendReport {
        var report = SendReport(preRequestScripts: conversation.preRequestScripts)
        let scrubber = SecretScrubber(conversation.context.secretValues)
        let transcript = Self.transcript(of: end, started: started)
        if let handshake = end.handshake {
            report.handlers = runHandlers(of: conversation, handshake: handshake, end: end, transcript: transcript)
        }
        if conversation.plan.isLogged {
            do {
                try record(end, of: conversation, started: started, transcript: scrubber.scrub(transcript))
            } catch {
                report.problems.append("history not recorded: \(error)")
            }
        }
        return report
    }

    private func runHandlers(
        of conversation: PreparedConversation, handshake: WebSocketHandshakeResponse, end: ConversationEnd,
        transcript: String
    ) -> [ScriptRun] {
        let saved = conversation.plan.request.request
        guard !saved.responseHandlerScripts.isEmpty else { return [] }
        let facts = saved.scriptFacts(with: conversation.context)
        let response = ScriptResponseFacts(
            status: handshake.status, headers: handshake.headers.map { ($0.name, $0.value) },
            body: Data(transcript.utf8), messages: end.received.map(\.scriptText))
        let scrubber = SecretScrubber(conversation.context.secretValues)
        return saved.responseHandlerScripts.map { script in
            let outcome = Self.outcome(of: script, from: conversation.plan.folder) { loaded in
                scripting.runner.runHandler(loaded, request: facts, response: response, globals: scripting.globals)
            }
            return ScriptRun(script: script, outcome: outcome.scrubbed(by: scrubber))
        }
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
        if let stable = try RequestIdentities(stateFolder: workspace.stateFolder).assign(workspace.requests)[id] {
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
