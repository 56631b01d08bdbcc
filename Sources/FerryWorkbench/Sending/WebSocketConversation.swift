import FerryHTTP
import Foundation

/// One open `WEBSOCKET` request (``RequestSender/open(_:closing:executor:)``): connects, starts the response
/// handlers on the handshake, sends the script's messages (waiting where `=== wait-for-server` says), hands
/// each message received to the handlers' `onEachMessage` callbacks and sends what they `output()`, reports
/// every message in and out, and when it is over, ends the handlers and records the history before its
/// last event.
///
/// Messages typed while it is open go through ``send(typed:)``; ``close(code:)`` starts the closing
/// handshake; ``cancel()`` drops the connection at once.
public final class WebSocketConversation: Sendable {
    /// What happens, in order; ``ConversationEvent/ended(_:)`` is the last event.
    public let events: ConversationEvents
    /// How many events may wait for the reader of ``events`` before the conversation stops taking messages
    /// from the connection.
    public static let maxPendingEvents = 1024

    private struct State {
        var socket: WebSocket?
        var isCanceled = false
        var task: Task<Void, Never>?
        /// The response handlers, started once the connection opened.
        var handlers: [OpenHandler] = []
    }

    /// What the conversation has exchanged so far, and its one wait in progress.
    private struct Log {
        var messages: [ConversationMessage] = []
        var count = 0
        var received = 0
        var lastActivity: ContinuousClock.Instant
        var receiving: Result<Void, WebSocketError>?
        /// Whether a handler callback still listens for messages.
        var handlersListen = false
        /// The suspended `wait(forReceived:until:)`, if any: whoever wakes it takes it out under the lock, so
        /// it is resumed exactly once.
        var waiter: Waiter?
        /// How many waits began, numbering them so that a late deadline or cancellation wakes only its own.
        var waits = 0

        /// Resumes the waiter and clears it; with `number`, only when it is that wait.
        mutating func wake(_ number: Int? = nil) {
            guard let waiter, number == nil || waiter.number == number else { return }
            self.waiter = nil
            waiter.continuation.resume()
        }
    }

    /// A suspended wait and the count of messages received that ends it (`nil`: no count does), and whether
    /// the last handler callback to stop listening ends it.
    private struct Waiter {
        var number: Int
        var continuation: CheckedContinuation<Void, Never>
        var received: Int?
        var endsWhenHandlersStop: Bool
    }

    private let state = Locked(State())
    private let log: Locked<Log>
    private let continuation: AsyncStream<ConversationEvent>.Continuation
    /// The events reported that the reader has not taken yet.
    private let backlog = Backlog(limit: WebSocketConversation.maxPendingEvents)
    private let context: VariableContext
    private let executor: (any TaskExecutor)?
    private let clock = ContinuousClock()

    init(
        _ conversation: PreparedConversation, closing: ConversationClosing, sender: RequestSender,
        executor: (any TaskExecutor)?
    ) {
        let stream: AsyncStream<ConversationEvent>
        (stream, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
        events = ConversationEvents(stream: stream, backlog: backlog)
        context = conversation.context
        self.executor = executor
        log = Locked(Log(lastActivity: clock.now))
        let task = Task(executorPreference: executor) { [self] in
            let started = Date()
            let start = clock.now
            var end = await converse(conversation, through: sender, closing: closing, executor: executor)
            end.duration = clock.now - start
            let handlers = state.withLock { $0.handlers }
            end.report = sender.finish(end, of: conversation, started: started, handlers: handlers)
            emit(.ended(end))
            continuation.finish()
        }
        state.withLock { $0.task = task }
        continuation.onTermination = { [state, backlog] _ in
            backlog.close()
            let task = state.withLock { $0.task }
            task?.cancel()
        }
    }

    /// Sends `text`, a typed message with its `{{variables}}` resolved as the script's are; reports it as a
    /// message out, or ``ConversationEvent/sendFailed(_:)`` when it cannot go (not open, unresolved variable).
    public func send(typed text: String) {
        guard let socket = state.withLock({ $0.socket }) else {
            emit(.sendFailed("The connection is not open."))
            return
        }
        do {
            let resolved = try WebSocketScript.resolvedMessage(text, with: context)
            try send(resolved, on: socket)
        } catch let error as WebSocketError {
            emit(.sendFailed(error.message))
        } catch {
            emit(.sendFailed("\(error)"))
        }
    }

    /// Starts the closing handshake with `code`; the end follows as the last event.
    public func close(code: UInt16 = WebSocketClose.normalClosure) async {
        guard let socket = state.withLock({ $0.socket }) else { return }
        do throws(WebSocketError) {
            _ = try await socket.close(code: code)
        } catch {
            emit(.sendFailed(error.message))
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
        _ conversation: PreparedConversation, through sender: RequestSender, closing: ConversationClosing,
        executor: (any TaskExecutor)?
    ) async -> ConversationEnd {
        let prepared = conversation.webSocket
        var end = ConversationEnd(
            outcome: .canceled, messages: [], messageCount: 0, report: SendReport(), duration: .zero)
        let socket: WebSocket
        do {
            socket = try await sender.client.webSocket(prepared.request)
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
        // The handlers start before the first message can be read, so their callbacks see every one.
        let handlers = sender.startHandlers(of: conversation, handshake: socket.response)
        state.withLock { $0.handlers = handlers }
        let listening = sender.isListening(handlers)
        log.withLock {
            $0.lastActivity = clock.now
            $0.handlersListen = listening
        }
        emit(.opened(socket.response))
        let receiver = Task(executorPreference: executor) { [self] in
            do {
                for try await message in socket.messages {
                    append(ConversationMessage(isIncoming: true, time: Date(), message: message))
                    // A reader behind holds the next message back, and the connection the network.
                    await backlog.waitForRoom()
                    guard !handlers.isEmpty else { continue }
                    for reply in sender.deliver(message, to: handlers) {
                        do throws(WebSocketError) {
                            try send(reply, on: socket)
                        } catch {
                            emit(.sendFailed(error.message))
                        }
                    }
                    // The last listening callback stopped: a wait kept for the handlers is over.
                    if !sender.isListening(handlers) {
                        log.withLock { log in
                            log.handlersListen = false
                            if log.waiter?.endsWhenHandlersStop == true { log.wake() }
                        }
                    }
                }
                log.withLock {
                    $0.receiving = .success(())
                    $0.wake()
                }
            } catch {
                let failure = (error as? WebSocketError) ?? WebSocketError(.canceled, url: prepared.maskedURL)
                log.withLock {
                    $0.receiving = .failure(failure)
                    $0.wake()
                }
            }
        }
        // Closing by itself, a conversation waits for the server at most the request's `@timeout`.
        var waitLimit: Duration?
        if case .afterScript = closing { waitLimit = prepared.request.timeout ?? Self.standardWaitLimit }
        let scripted = await withTaskCancellationHandler {
            let scripted = await runScript(prepared.script, on: socket, waitLimit: waitLimit)
            if scripted != .stopped, case .afterScript(let idle) = closing {
                // A script ending with `=== wait-for-server` closes once its messages came, unless a handler
                // still listens: then when none does, or after `idle` without a message.
                if scripted == .completed {
                    await waitWhileActive(idle: idle, untilHandlersStop: prepared.script.endsWaiting)
                }
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
                await wait(forReceived: awaited, until: deadline)
                let (arrived, ended) = log.withLock { ($0.received >= awaited, $0.receiving != nil) }
                if arrived { continue }
                if ended || Task.isCancelled { return .stopped }
                return .timedOut
            }
        }
        return .completed
    }

    /// Returns once `idle` passed without a message, or the connection ended, or the task is canceled, or
    /// (`untilHandlersStop`) no handler callback listens any more.
    private func waitWhileActive(idle: Duration, untilHandlersStop: Bool) async {
        while true {
            let (quietUntil, ended, listen) = log.withLock {
                ($0.lastActivity + idle, $0.receiving != nil, $0.handlersListen)
            }
            if ended || Task.isCancelled || clock.now >= quietUntil || (untilHandlersStop && !listen) { return }
            // Messages do not wake this wait: the idle end moves with them and is looked at again at the old one.
            await wait(forReceived: nil, until: quietUntil, endsWhenHandlersStop: untilHandlersStop)
        }
    }

    /// Suspends until `received` messages came from the server (none ends it when `nil`), the receiver
    /// ended, `deadline` passed, the task is canceled or (`endsWhenHandlersStop`) no handler callback listens:
    /// woken by the first of them, not by polling the log. Returns at once when one of them holds already.
    private func wait(
        forReceived received: Int?, until deadline: ContinuousClock.Instant?, endsWhenHandlersStop: Bool = false
    ) async {
        let number = log.withLock { log -> Int in
            log.waits += 1
            return log.waits
        }
        let timer = deadline.map { deadline in
            Task(executorPreference: executor) { [log] in
                guard (try? await Task.sleep(until: deadline, clock: .continuous)) != nil else { return }
                log.withLock { $0.wake(number) }
            }
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                log.withLock { log in
                    let isOver =
                        Task.isCancelled || log.receiving != nil || received.map { log.received >= $0 } == true
                        || deadline.map { clock.now >= $0 } == true || (endsWhenHandlersStop && !log.handlersListen)
                    if isOver {
                        continuation.resume()
                    } else {
                        log.waiter = Waiter(
                            number: number, continuation: continuation, received: received,
                            endsWhenHandlersStop: endsWhenHandlersStop)
                    }
                }
            }
        } onCancel: {
            log.withLock { $0.wake(number) }
        }
        timer?.cancel()
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

    /// Reports `event`, counted until the reader takes it.
    private func emit(_ event: ConversationEvent) {
        backlog.produced()
        continuation.yield(event)
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
        emit(.message(message))
        if let awaited = log.waiter?.received, log.received >= awaited { log.wake() }
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
