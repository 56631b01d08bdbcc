import Foundation

/// What an ``HTTPTransfer`` of an event stream keeps across its connections when its request asks to
/// reconnect (``HTTPRequest/eventStream``): the events read so far (for the last id and the `retry:` time),
/// how many reconnections in a row brought no event, and what a cancel must stop.
///
/// The transfer reads the stream's fields itself, from the same chunks it hands on, so a reconnection does not
/// depend on what the reader does with the body.
struct EventStreamConnections {
    /// What the request asked for.
    let options: EventStreamOptions
    /// The fields read so far; its last event id and reconnection time are the stream's.
    private(set) var parser: EventStreamParser
    /// Whether the transfer was canceled.
    var isCanceled = false
    /// The attempts of the connection in flight.
    var driver: AttemptDriver?
    /// The wait before the next connection, or the finishing step once the send ended: what a cancel stops.
    var wait: Task<Void, Never>?
    /// The first connection's head, once it started a stream that is to be reconnected; `nil` before, and
    /// for a request that does not reconnect.
    var head: HTTPResponse?
    /// The latest connection's complete response (with its timing), once one ended cleanly.
    var finished: HTTPResponse?
    /// The number of the connection in flight (from 1).
    private(set) var connection = 1
    /// The attempts of the connections before the one in flight.
    var attempts = 0
    /// Reconnections since the last event arrived.
    private var failedInARow = 0
    /// Set when an event passed ``EventStreamOptions/maximumEventBytes``: the stream is not opened again.
    private var overflowed = false

    /// The state of a transfer whose request says `options`.
    init(_ options: EventStreamOptions) {
        self.options = options
        parser = EventStreamParser(maximumEventBytes: options.maximumEventBytes)
    }

    /// Whether a connection that ended may be followed by another (no event passed the bound).
    var keepsFollowing: Bool { !overflowed }

    /// Reads the fields `chunk` completes; an event resets the count of reconnections that failed.
    mutating func follow(_ chunk: Data) {
        guard !overflowed else { return }
        do throws(EventStreamParser.Overflow) {
            if try !parser.parse(chunk).isEmpty { failedInARow = 0 }
        } catch {
            overflowed = true
        }
    }

    /// The request for the next connection (`request` with `Last-Event-ID` when the stream set an id) and the
    /// wait before it (the stream's `retry:`, else ``EventStreamOptions/reconnectionTime``); `nil` when the
    /// transfer was canceled or ``EventStreamOptions/maximumReconnections`` in a row brought no event.
    mutating func nextConnection(for request: HTTPRequest) -> (request: HTTPRequest, wait: Duration)? {
        parser.finish()
        driver = nil
        guard !isCanceled, !overflowed, failedInARow < options.maximumReconnections else { return nil }
        failedInARow += 1
        connection += 1
        var next = request
        if !parser.lastEventID.isEmpty { next.headers.set("Last-Event-ID", parser.lastEventID) }
        return (next, parser.reconnectionTime ?? options.reconnectionTime)
    }
}
