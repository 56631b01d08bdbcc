import FerryHTTP
import FerryWorkbench
import Foundation

// MARK: - WebSocket conversations

extension EffectRunner {
    /// Opens the WebSocket of `plan` as conversation `id`, runs its script (each message sent, each
    /// `=== wait-for-server` waited for) and posts every message in and out; the connection then stays open
    /// for typed messages until the user closes it, the server does, or Esc cancels it.
    ///
    /// An open conversation is not counted as running work (``isQuiet``): it may stay open for as long as the
    /// user likes, and what it posts goes through the mailbox like any result.
    func openWebSocket(_ id: SendID, _ plan: SendPlan) {
        let sessions = webSockets
        let task = Task(executorPreference: streams) {
            defer { sessions.remove(id) }
            await self.converse(id, plan)
        }
        sessions.start(id, task: task)
    }

    /// Sends `text` (its variables resolved) on conversation `id`, if it is still connected.
    func sendWebSocketMessage(_ id: SendID, _ text: String) {
        guard let (socket, context) = webSockets.socket(id) else {
            return post(.webSocket(.moved(id, .sendFailed("The connection is not open."))))
        }
        do {
            let resolved = try WebSocketScript.resolvedMessage(text, with: context)
            post(.webSocket(.moved(id, .exchanged(.init(isIncoming: false, time: Date(), message: .text(resolved))))))
            try socket.send(text: resolved)
        } catch let error as WebSocketError {
            post(.webSocket(.moved(id, .sendFailed(error.message))))
        } catch {
            post(.webSocket(.moved(id, .sendFailed("\(error)"))))
        }
    }

    /// Starts the closing handshake of conversation `id` with `code`; its end is posted by the conversation.
    func closeWebSocket(_ id: SendID, code: UInt16) {
        guard let (socket, _) = webSockets.socket(id) else { return }
        begin()
        Task(executorPreference: streams) {
            defer { self.end() }
            do throws(WebSocketError) {
                _ = try await socket.close(code: code)
            } catch {
                self.post(.webSocket(.moved(id, .sendFailed(error.message))))
            }
        }
    }

    private func converse(_ id: SendID, _ plan: SendPlan) async {
        func post(_ event: WebSocketEvent) { self.post(.webSocket(.moved(id, event))) }
        let prepared: PreparedWebSocket
        do {
            prepared = try plan.request.request.preparedWebSocket(with: plan.context)
        } catch {
            return post(.ended(.failed("\(error)")))
        }
        post(.connecting(target: prepared.maskedURL))
        let socket: WebSocket
        do {
            socket = try await WebSocket.connect(prepared.request)
        } catch {
            if case .canceled = error.reason { return post(.ended(.canceled)) }
            return post(
                .ended(
                    .failed(
                        error.message.replacingOccurrences(
                            of: prepared.request.targetDescription, with: prepared.maskedURL))))
        }
        if webSockets.attach(id, socket: socket, context: plan.context) { return post(.ended(.canceled)) }
        post(.opened(socket.response, url: URL(string: prepared.maskedURL) ?? URL(fileURLWithPath: "/")))
        let arrived = Locked(0)
        let script = Task(executorPreference: streams) {
            await Self.run(prepared.script, on: socket, arrived: arrived) { text in
                post(.exchanged(.init(isIncoming: false, time: Date(), message: .text(text))))
            }
        }
        defer { script.cancel() }
        do {
            for try await message in socket.messages {
                arrived.withLock { $0 += 1 }
                post(.exchanged(.init(isIncoming: true, time: Date(), message: message)))
            }
            post(.ended(.closed(socket.serverClose)))
        } catch let error as WebSocketError {
            if case .canceled = error.reason { return post(.ended(.canceled)) }
            post(.ended(.failed(error.message)))
        } catch {
            post(.ended(.canceled))
        }
    }

    /// Sends the script's messages in order, each `wait-for-server` waiting until one more message arrived
    /// (counted by `arrived`); stops when canceled or when a send fails (the connection then ends too).
    private static func run(
        _ script: WebSocketScript, on socket: WebSocket, arrived: Locked<Int>, sent: (String) -> Void
    ) async {
        var awaited = 0
        for step in script.steps {
            switch step {
            case .send(let text):
                sent(text)
                do { try socket.send(text: text) } catch { return }
            case .waitForServer:
                awaited += 1
                while arrived.withLock({ $0 }) < awaited {
                    do { try await Task.sleep(for: .milliseconds(10)) } catch { return }
                }
            }
        }
    }
}
