import Foundation

/// How ``HTTPClient/events(for:options:)`` reads an event stream: the bound on one event and whether (and how
/// often) it reconnects when the connection ends.
public struct EventStreamOptions: Sendable, Hashable {
    /// How many bytes one event may take before the stream ends with ``EventStreamError/eventTooLarge(limit:)``.
    public var maximumEventBytes: Int
    /// Whether a connection that ends (cleanly or with a network error) is opened again, as a browser's
    /// `EventSource` does. A 204, a status other than 200, a type other than `text/event-stream`, a too large
    /// event and a cancel never reconnect.
    public var reconnects: Bool
    /// How many reconnections in a row may fail to deliver an event before the stream gives up.
    public var maximumReconnections: Int
    /// The wait before reconnecting until the stream sets another with `retry:`.
    public var reconnectionTime: Duration

    /// Options with the given parts: by default 1 MiB per event and no reconnection.
    public init(
        maximumEventBytes: Int = EventStreamParser.defaultMaximumEventBytes, reconnects: Bool = false,
        maximumReconnections: Int = 10, reconnectionTime: Duration = .seconds(3)
    ) {
        self.maximumEventBytes = maximumEventBytes
        self.reconnects = reconnects
        self.maximumReconnections = maximumReconnections
        self.reconnectionTime = reconnectionTime
    }
}
