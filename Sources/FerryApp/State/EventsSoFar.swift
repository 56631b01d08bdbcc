import FerryHTTP
import Foundation

/// The server-sent events of a `text/event-stream` response while it streams: the latest ones with the time
/// each arrived, how many arrived in all, and whether one passed the size bound (parsing stopped there).
struct EventsSoFar: Sendable, Hashable {
    /// One event and when it arrived.
    struct Arrived: Sendable, Hashable {
        /// When the event was complete.
        var time: Date
        /// The event.
        var event: ServerSentEvent
    }

    /// The latest events, oldest first (at most ``ArrivingEvents/kept``).
    var latest: [Arrived] = []
    /// How many events arrived in all.
    var count = 0
    /// The bound an event passed, when one did.
    var overflowLimit: Int?
}
