import FerryHTTP
import Foundation

/// One open `WEBSOCKET` request (``RequestSender/open(_:closing:executor:)``): connects, sends the script's
/// messages (waiting where `=== wait-for-server` says), reports every message in and out, and when it is
/// over, records the history and runs the response handlers before its last event.
///
/// Messages typed while it is open go through ``send(typed:)``; ``close(code:)`` starts the closing
/// handshake; ``cancel()`` drops the connection at once.
public final class WebSocketConversation: Sendable {
    /// What happens, in order; ``ConversationEvent/ended(_:)`` is the last event.
    public let events: AsyncStream<ConversationEvent>

    private struct State {
        var socket: WebSocket?
        var isCanceled = false
        var task: Task<Void, Never>?
    }

    /// What the conversation has exchanged so far.
    private struct Log {
        var messages: [ConversationMessage] = []
        var count = 0
        var received = 0
        var lastActivity: ContinuousClock.Instant
        var receiving: Result<Void, WebSocketError>?
    }

    private let state = Locked(State())
    private let log: Locked<Log>
    private let continuation: AsyncStream<ConversationEvent>.Continuation
    private let context: VariableContext
    private let clock = ContinuousClock()

    init(
        _ conversation: PreparedConversation, closing: ConversationClosing, sender: RequestSender,
        executor: (any TaskExecutor)?
    ) {
        (events, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
        context = conversation.context
        log = Locked(Log(lastActivity: clock.now))
        let task = Task(executorPreference: executor) { [self] in
            let started = Date()
            let start = clock.now
            var end = await converse(conversation, through: sender.client, closing: closing, executor: executor)
            end.duration = clock.now - start
            end.report = sender.finish(end, of: conversation, started: started)
            continuation.yield(.ended(end))
            continuation.finish()
        }
        state.withLock { $0.task = task }
        continuation.onTermination = { [state] _ in
            let task = state.withLock { $0.task }
            task?.cancel()
        }
    }

    /// Sends `text`, a typed message with its `{{variables}}` resolved as the script's are; reports it as a
    /// message out, or ``ConversationEvent/sendFailed(_:)`` when it cannot go (not open, unresolved variable).
    public func send(typed text: String) {
        guard let socket = state.withLock({ $0.socket }) else {
            continuation.yield(.sendFailed("The connection is not open."))
            return
        }
        do {
            let resolved = try WebSocketScript.resolvedMessage(text, with: context)
            try send(resolved, on: socket)
        } catch let error as WebSocketError {
            continuation.yield(.sendFailed(error.message))
        } catch {
            continuation.yield(.sendFailed("\(error)"))
        }
    }

    /// Starts the closing handshake with `code`; the end follows as the last event.
    public func close(code: UInt16 = WebSocketClose.normalClosure) async {
        guard let socket = state.withLock({ $0.socket }) else { return }
        do throws(WebSocketError) {
            _ = try await socket.close(code: code)
        } catch {
            continuation.yield(.sendFailed(error.message))
        }
    }

    /// Ends the conversation at once, without a closing handshake; it ends as canceled.
    public func cancel() {
        let (socket, task) = state.withLock { state -> (WebSocket?, Task<Void, Never>?) in
            state.isCanceled = true
            return (state.socket, state.task)
        }
        socket?.cancel()
        task?.cancel()
    }

    // MARK: - Running

    private func converse(
        _ conversation: PreparedConversation, through client: HTTPClient, closing: ConversationClosing,
        executor: (any TaskExecutor)?
    ) async -> ConversationEnd {
        let prepared = conversation.webSocket
        var end = ConversationEnd(
            outcome: .canceled, messages: [], messageCount: 0, report: SendReport(), duration: .zero)
        let socket: WebSocket
        do {
            socket = try await client.webSocket(prepared.request)
        } catch {
            if case .canceled = error.reason { return end }
            if case .handshakeRejected(let status, _) = error.reason { end.refusedStatus = status }
            end.outcome = .failed(
                error.message.replacingOccurrences(of: prepared.request.targetDescription, with: prepared.maskedURL))
            return end
        }
        let isCanceled = state.withLock { state -> Bool in
            state.socket = socket
            return state.isCanceled
        }
        end.handshake = socket.response
        if isCanceled || Task.isCancelled {
            socket.cancel()
            return ended(end)
        }
        log.withLock { $0.lastActivity = clock.now }
        continuation.yield(.opened(socket.response))
        let receiver = Task(executorPreference: executor) { [self] in
            do {
                for try await message in socket.messages {
                    append(ConversationMessage(isIncoming: true, time: Date(), message: message))
                }
                log.withLock { $0.receiving = .success(()) }
            } catch {
                let failure = (error as? WebSocketError) ?? WebSocketError(.canceled, url: prepared.maskedURL)
                log.withLock { $0.receiving = .failure(failure) }
            }
        }
        // Closing by itself, a conversation waits for the server at most the request's `@timeout`.
        var waitLimit: Duration?
        if case .afterScript = closing { waitLimit = prepared.request.timeout ?? Self.standardWaitLimit }
        let scripted = await withTaskCancellationHandler {
            let scripted = await runScript(prepared.script, on: socket, waitLimit: waitLimit)
            if scripted != .stopped, case .afterScript(let idle) = closing {
                if scripted == .completed, !prepared.script.endsWaiting { await waitWhileActive(idle: idle) }
                if log.withLock({ $0.receiving == nil }), !Task.isCancelled {
                    _ = try? await socket.close(code: WebSocketClose.normalClosure)
                }
            }
            await receiver.value
            return scripted
        } onCancel: {
            socket.cancel()
        }
        end.outcome = outcome(closedBy: socket)
        if scripted == .timedOut, let waitLimit, end.outcome != .canceled {
            let seconds = String(format: "%g", waitLimit.seconds)
            end.outcome = .failed(
                "no message from the server within \(seconds) s at === wait-for-server (# @timeout sets the limit)")
        }
        return ended(end)
    }

    /// How long a conversation closing by itself waits for a server message when the request sets no
    /// `@timeout`.
    static let standardWaitLimit: Duration = .seconds(30)

    /// How a script's run ended.
    private enum ScriptEnd { case completed, stopped, timedOut }

    /// Sends the script's messages in order, each `wait-for-server` waiting until one more message arrived
    /// (for at most `waitLimit` in all, when given); stops early when canceled, a send failed or the
    /// connection ended.
    private func runScript(_ script: WebSocketScript, on socket: WebSocket, waitLimit: Duration?) async -> ScriptEnd {
        let deadline = waitLimit.map { clock.now + $0 }
        var awaited = 0
        for step in script.steps {
            switch step {
            case .send(let text):
                do { try send(text, on: socket) } catch { return .stopped }
            case .waitForServer:
                awaited += 1
                while log.withLock({ $0.received < awaited && $0.receiving == nil }) {
                    if let deadline, clock.now >= deadline { return .timedOut }
                    do { try await Task.sleep(for: .milliseconds(10)) } catch { return .stopped }
                }
                if log.withLock({ $0.received < awaited }) { return .stopped }
            }
        }
        return .completed
    }

    /// Returns once `idle` passed without a message, or the connection ended, or the task is canceled.
    private func waitWhileActive(idle: Duration) async {
        while log.withLock({ $0.receiving == nil && clock.now - $0.lastActivity < idle }) {
            do { try await Task.sleep(for: .milliseconds(20)) } catch { return }
        }
    }

    /// Sends `text` and records it, under the log's lock, so a reply cannot be recorded before it.
    private func send(_ text: String, on socket: WebSocket) throws(WebSocketError) {
        var failure: WebSocketError?
        log.withLock { log in
            do throws(WebSocketError) {
                try socket.send(text: text)
            } catch {
                failure = error
                return
            }
            record(ConversationMessage(isIncoming: false, time: Date(), message: .text(text)), in: &log)
        }
        if let failure { throw failure }
    }

    private func append(_ message: ConversationMessage) {
        log.withLock { record(message, in: &$0) }
    }

    /// Adds `message` to `log` (kept up to the cap, counted always) and reports it, in the order recorded.
    private func record(_ message: ConversationMessage, in log: inout Log) {
        log.count += 1
        if message.isIncoming { log.received += 1 }
        log.lastActivity = clock.now
        if log.messages.count < RequestSender.conversationMessageCap { log.messages.append(message) }
        continuation.yield(.message(message))
    }

    /// How the conversation ended, from what the receiver saw.
    private func outcome(closedBy socket: WebSocket) -> ConversationEnd.Outcome {
        let receiving = log.withLock { $0.receiving }
        if state.withLock({ $0.isCanceled }) { return .canceled }
        switch receiving {
        case .failure(let error):
            if case .canceled = error.reason { return .canceled }
            return .failed(error.message)
        case .success, nil:
            return .closed(socket.serverClose)
        }
    }

    /// `end` with the messages exchanged.
    private func ended(_ end: ConversationEnd) -> ConversationEnd {
        var end = end
        (end.messages, end.messageCount) = log.withLock { ($0.messages, $0.count) }
        return end
    }
}
