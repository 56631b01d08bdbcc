import Foundation

/// One event of a `text/event-stream` body, as the WHATWG HTML standard dispatches it: its type (the
/// `event:` field, `message` when none), its data (the `data:` lines joined with line feeds) and the last
/// event id in force when it was dispatched.
///
/// ```swift
/// for try await event in client.events(for: HTTPRequest(url: url)) {
///     print(event.type, event.lastEventID, event.data)
/// }
/// ```
public struct ServerSentEvent: Sendable, Hashable {
    /// The event's type: the last `event:` field before it, or `message`.
    public var type: String
    /// The `data:` fields' values joined with `\n`.
    public var data: String
    /// The stream's last event id when the event was dispatched (set by `id:`, carried over to later events).
    public var lastEventID: String

    /// An event with the given parts.
    public init(type: String = "message", data: String, lastEventID: String = "") {
        self.type = type
        self.data = data
        self.lastEventID = lastEventID
    }
}
