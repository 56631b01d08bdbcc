import FerryHTTP
import FerryTerminal
import Foundation

// MARK: - A WebSocket conversation

extension AppReducer {
    /// Applies a conversation's key or what its connection did.
    static func reduce(_ action: WebSocketAction, _ state: inout AppState) -> [Effect] {
        switch action {
        case .messageRequested:
            guard let id = openConversation(&state) else { return [] }
            state.overlay = .namePrompt(
                .webSocketMessage(id),
                PromptDialogState(title: "WebSocket message", label: "Text or JSON, {{variables}} resolved", text: ""))
            return []
        case .closeRequested:
            guard let id = openConversation(&state) else { return [] }
            state.overlay = .namePrompt(
                .webSocketClose(id),
                PromptDialogState(
                    title: "Close the WebSocket", label: "Code (1000–1003, 1007–1014, 3000–4999)", text: "1000"))
            return []
        case .moved(let id, let event):
            return reduce(event, of: id, &state)
        }
    }

    /// The prompt's answer for a conversation: a message to send, or the close code.
    static func answered(_ purpose: NamePurpose, _ text: String, _ state: inout AppState) -> [Effect] {
        switch purpose {
        case .webSocketMessage(let id):
            guard !text.isEmpty else { return [] }
            return [.sendWebSocketMessage(id: id, text)]
        case .webSocketClose(let id):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard let code = UInt16(trimmed.isEmpty ? "1000" : trimmed), WebSocketClose.isSendable(code) else {
                state.report(.error("A close code is 1000–1003, 1007–1014 or 3000–4999, such as 1000."))
                return []
            }
            if let open = state.openRequest {
                state.report(.info("Closing with \(code)…"), about: .closing(open))
            } else {
                state.report(.info("Closing with \(code)…"))
            }
            return [.closeWebSocket(id: id, code: code)]
        default:
            return []
        }
    }

    /// The send id of the open request's conversation, when it is open; else says why not.
    private static func openConversation(_ state: inout AppState) -> SendID? {
        guard let exchange = state.currentExchange, let conversation = exchange.conversation else {
            state.report(.error("No WebSocket conversation here: send a WEBSOCKET request first."))
            return nil
        }
        guard conversation.isOpen else {
            state.report(.error("The WebSocket is not open."))
            return nil
        }
        return exchange.id
    }

    private static func reduce(_ event: WebSocketEvent, of id: SendID, _ state: inout AppState) -> [Effect] {
        if case .sendFailed(let problem) = event {
            state.report(.error(problem))
            return []
        }
        updateExchange(id, &state) { exchange in
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
        return []
    }
}
