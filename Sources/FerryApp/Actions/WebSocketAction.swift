import FerryHTTP
import Foundation

/// The keys of a WebSocket conversation, and what its connection did next as the effect reports it.
enum WebSocketAction: Sendable {
    /// Ask for a message to send on the open conversation.
    case messageRequested
    /// Ask for the close code (1000 offered) to close the open conversation with.
    case closeRequested
    /// The conversation of send `id` moved on.
    case moved(SendID, WebSocketEvent)
    /// A message to send on send `id`'s conversation was typed (empty: nothing is sent).
    case messageTyped(SendID, String)
    /// A close code for send `id`'s conversation was typed (empty: 1000).
    case closeCodeTyped(SendID, String)
}

/// What one WebSocket connection did, posted by its effect.
enum WebSocketEvent: Sendable {
    /// The request was prepared; `target` is its URL with secrets masked.
    case connecting(target: String)
    /// The server accepted the handshake.
    case opened(WebSocketHandshakeResponse, url: URL)
    /// A message went out or came in.
    case exchanged(Conversation.Entry)
    /// A message could not be sent (the connection stays as it was): why, in words.
    case sendFailed(String)
    /// The connection ended: closed, failed or canceled.
    case ended(Conversation.Status)
}
