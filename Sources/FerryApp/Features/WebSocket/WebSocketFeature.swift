import FerryHTTP
import FerryTerminal
import FerryWorkbench
import Foundation

/// A WebSocket conversation as a feature over the response pane's state (a conversation lives in its
/// request's exchange): its keys ask for a message or a close code through prompts the root shows, what was
/// typed becomes an effect, and what the connection did is written into the exchange.
enum WebSocketFeature {
    /// What a conversation reads of the rest of the app.
    struct Context {
        /// The request open in the editor, whose conversation the keys act on.
        var openRequest: RequestID?
    }

    /// Applies a conversation's key, a typed answer, or what its connection did.
    static func reduce(
        _ action: WebSocketAction, _ state: inout ResponseFeature.State, _ context: Context
    ) -> FeatureOutput {
        switch action {
        case .messageRequested:
            return openConversation(state, context) { id in
                .present(
                    .namePrompt(
                        .webSocketMessage(id),
                        PromptDialogState(
                            title: "WebSocket message", label: "Text or JSON, {{variables}} resolved", text: "")))
            }
        case .closeRequested:
            return openConversation(state, context) { id in
                .present(
                    .namePrompt(
                        .webSocketClose(id),
                        PromptDialogState(
                            title: "Close the WebSocket", label: "Code (1000–1003, 1007–1014, 3000–4999)",
                            text: "1000")))
            }
        case .messageTyped(let id, let text):
            return text.isEmpty ? .none : .run([.sendWebSocketMessage(id: id, text)])
        case .closeCodeTyped(let id, let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard let code = UInt16(trimmed.isEmpty ? "1000" : trimmed), WebSocketClose.isSendable(code) else {
                return .report(.error("A close code is 1000–1003, 1007–1014 or 3000–4999, such as 1000."))
            }
            var message = AppState.Message.info("Closing with \(code)…")
            message.subject = context.openRequest.map { .closing($0) }
            return FeatureOutput(effects: [.closeWebSocket(id: id, code: code)], requests: [.report(message)])
        case .moved(let id, let event):
            return moved(event, of: id, &state)
        }
    }

    /// What `ask` asks for the open request's conversation, when it is open; else says why not.
    private static func openConversation(
        _ state: ResponseFeature.State, _ context: Context, _ ask: (SendID) -> FeatureOutput
    ) -> FeatureOutput {
        guard let exchange = context.openRequest.flatMap({ state.exchanges[$0] }),
            let conversation = exchange.conversation
        else {
            return .report(.error("No WebSocket conversation here: send a WEBSOCKET request first."))
        }
        guard conversation.isOpen else { return .report(.error("The WebSocket is not open.")) }
        return ask(exchange.id)
    }

    /// Writes what send `id`'s connection did into its exchange; a report for a replaced send changes nothing.
    private static func moved(_ event: WebSocketEvent, of id: SendID, _ state: inout ResponseFeature.State)
        -> FeatureOutput
    {
        if case .sendFailed(let problem) = event { return .report(.error(problem)) }
        guard let key = state.exchanges.first(where: { $0.value.id == id })?.key else { return .none }
        state.updateExchange(of: key) { exchange in
            guard var conversation = exchange.conversation else { return }
            switch event {
            case .connecting(let target):
                conversation.target = target
            case .opened(let handshake, let url):
                guard exchange.isInFlight else { return }
                conversation.status = .open
                exchange.head = HTTPResponse(
                    status: handshake.status, reason: "Switching Protocols", headers: handshake.headers, url: url)
            case .exchanged(let entry):
                conversation.append(entry)
                exchange.progress.bytesReceived += entry.isIncoming ? entry.message.byteCount : 0
            case .sendFailed:
                return
            case .ended(let status):
                // Esc already marked it canceled: what arrived stays, the status says so.
                conversation.status = exchange.isInFlight ? status : .canceled
                if exchange.isInFlight {
                    switch status {
                    case .failed(let message): exchange.phase = .failed(message)
                    case .closed, .open, .connecting:
                        exchange.phase = exchange.head.map { .received($0) } ?? .canceled
                    case .canceled: exchange.phase = .canceled
                    }
                }
            }
            exchange.conversation = conversation
        }
        return .none
    }
}

extension WebSocketFeature.Context {
    /// The context in `state`.
    init(_ state: AppState) { self.init(openRequest: state.openRequest) }
}
