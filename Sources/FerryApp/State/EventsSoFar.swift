import FerryHTTP
import Foundation

/// The server-sent events of a `text/event-stream` response while it streams: the latest ones with the time
/// each arrived, how many arrived in all, the reconnections between them (`# @reconnect`), and whether one
/// passed the size bound (parsing stopped there).
struct EventsSoFar: Sendable, Hashable {
    /// One event and when it arrived.
    struct Arrived: Sendable, Hashable {
        /// When the event was complete.
        var time: Date
        /// The event.
        var event: ServerSentEvent
    }

    /// A stream opened again after it ended.
    struct Reconnection: Sendable, Hashable {
        /// When the new connection answered.
        var time: Date
        /// How many events had arrived before it: it is shown after that one.
        var afterCount: Int
        /// The connection's number (2 for the first reconnection).
        var connection: Int
        /// The `Last-Event-ID` it was asked with (empty: none).
        var lastEventID: String
    }

    /// The latest reconnections, oldest first (at most ``ArrivingEvents/kept``).
    var reconnections: [Reconnection] = []
    /// The latest events, oldest first (at most ``ArrivingEvents/kept``).
    var latest: [Arrived] = []
    /// How many events arrived in all.
    var count = 0
    /// The bound an event passed, when one did.
    var overflowLimit: Int?
}
