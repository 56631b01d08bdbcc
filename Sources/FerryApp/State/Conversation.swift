import FerryHTTP
import FerryWorkbench
import Foundation

/// A WebSocket conversation in the response pane: where the connection is, and the latest messages in
/// and out with the time each one went or came.
struct Conversation: Sendable {
    /// Where the connection is.
    enum Status: Sendable, Hashable {
        /// The handshake is under way.
        case connecting
        /// The connection is open: messages can be sent.
        case open
        /// The closing handshake is over; the server's close frame, when it sent one.
        case closed(WebSocketClose?)
        /// The connection failed: why, in words.
        case failed(String)
        /// The user ended it (Esc) without a closing handshake.
        case canceled
    }

    /// One message and when it went or came (the send pipeline's own record of it).
    typealias Entry = ConversationMessage

    /// How many of the latest messages are kept for display.
    static let kept = 1000

    /// The URL, secrets masked, once the request was prepared.
    var target = ""
    /// Where the connection is.
    var status = Status.connecting
    /// The latest messages, oldest first (at most ``kept``).
    var entries: [Entry] = []
    /// How many messages went or came in all.
    var count = 0

    /// Whether messages can be sent now.
    var isOpen: Bool { status == .open }

    /// Adds `entry`, dropping the oldest beyond ``kept``.
    mutating func append(_ entry: Entry) {
        count += 1
        entries.append(entry)
        if entries.count > Self.kept { entries.removeFirst(entries.count - Self.kept) }
    }
}
