import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp
@testable import FerryHTTP

/// A WebSocket conversation's keys on their own, over the response pane's state: prompts are asked of the root
/// only while the conversation is open, a typed close code is checked before anything is sent, and what the
/// connection did is written into the exchange whose send it was.
struct WebSocketFeatureTests {
    static let id = RequestID(path: "ws.http", selector: "chat")
    static let context = WebSocketFeature.Context(openRequest: id)

    static func pane(_ status: Conversation.Status) -> ResponseFeature.State {
        var exchange = Exchange(id: .first, requestID: id)
        var conversation = Conversation()
        conversation.status = status
        exchange.conversation = conversation
        var state = ResponseFeature.State()
        state.exchanges[id] = exchange
        return state
    }

    @Test func promptsOnlyWhileOpenAndACloseCodeIsChecked() {
        var connecting = Self.pane(.connecting)
        #expect(
            WebSocketFeature.reduce(.messageRequested, &connecting, Self.context).requests == [
                .report(.error("The WebSocket is not open."))
            ])
        var open = Self.pane(.open)
        guard
            case .present(.namePrompt(.webSocketClose(.first), _))? = WebSocketFeature.reduce(
                .closeRequested, &open, Self.context
            ).requests.first
        else {
            Issue.record("an open conversation asks for the close code")
            return
        }
        let refused = WebSocketFeature.reduce(.closeCodeTyped(.first, "1005"), &open, Self.context)
        #expect(refused.effects.isEmpty, "1005 is never sent on the wire")
        let closing = WebSocketFeature.reduce(.closeCodeTyped(.first, " "), &open, Self.context)
        guard case .closeWebSocket(id: .first, code: 1000)? = closing.effects.first else {
            Issue.record("an empty code closes with 1000: \(closing.effects)")
            return
        }
        guard case .report(let message)? = closing.requests.first else {
            Issue.record("closing says so: \(closing.requests)")
            return
        }
        #expect(message.subject == .closing(Self.id), "the message goes once the socket closed")
        #expect(WebSocketFeature.reduce(.messageTyped(.first, ""), &open, Self.context).effects.isEmpty)
    }

    @Test func whatTheConnectionDidIsWrittenIntoItsExchangeOnly() {
        var state = Self.pane(.connecting)
        let handshake = WebSocketHandshakeResponse(
            status: 101, headers: HTTPHeaders(), dnsLookup: .zero, connect: .zero, tlsHandshake: .zero, upgrade: .zero,
            remoteAddress: nil)
        let url = URL(fileURLWithPath: "/chat")
        _ = WebSocketFeature.reduce(.moved(.first.next, .opened(handshake, url: url)), &state, Self.context)
        #expect(state.exchanges[Self.id]?.conversation?.status == .connecting, "another send's event changes nothing")
        _ = WebSocketFeature.reduce(.moved(.first, .opened(handshake, url: url)), &state, Self.context)
        #expect(state.exchanges[Self.id]?.conversation?.status == .open)
        #expect(state.exchanges[Self.id]?.head?.status == 101)
        _ = WebSocketFeature.reduce(.moved(.first, .ended(.closed(nil))), &state, Self.context)
        guard case .received(let response)? = state.exchanges[Self.id]?.phase else {
            Issue.record("a closed conversation ends with its handshake as the response")
            return
        }
        #expect(response.status == 101)
    }
}
