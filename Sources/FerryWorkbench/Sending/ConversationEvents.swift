import FerryHTTP

/// What a ``WebSocketConversation`` reports, in order: iterate once. At most
/// ``WebSocketConversation/maxPendingEvents`` wait for the reader; while that many are waiting the
/// conversation takes no more messages from the connection (which then stops reading from the network), so
/// a reader slower than the server — a paused pipe, a busy screen — holds the server back instead of filling
/// memory.
public struct ConversationEvents: AsyncSequence, Sendable {
    /// An event.
    public typealias Element = ConversationEvent

    let stream: AsyncStream<ConversationEvent>
    package let backlog: Backlog

    /// Reads the events one at a time.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<ConversationEvent>.AsyncIterator
        let backlog: Backlog

        /// The next event; `nil` after ``ConversationEvent/ended(_:)``.
        public mutating func next() async -> ConversationEvent? {
            let event = await base.next()
            if event != nil { backlog.consumed() }
            return event
        }
    }

    /// An iterator over the events.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator(), backlog: backlog)
    }
}
