/// The messages a ``WebSocket`` receives, in order: iterate once. At most
/// ``WebSocket/Options/maxPendingMessages`` wait for the reader; while that many are waiting the connection
/// reads no more from the network (TCP holds the server back), so a reader slower than the server does not
/// fill memory.
public struct WebSocketMessages: AsyncSequence, Sendable {
    /// A message.
    public typealias Element = WebSocketMessage

    let stream: AsyncThrowingStream<WebSocketMessage, any Error>
    package let backlog: Backlog

    /// Reads the messages one at a time.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<WebSocketMessage, any Error>.AsyncIterator
        let backlog: Backlog

        /// The next message; `nil` once the closing handshake is over; throws a ``WebSocketError`` when the
        /// connection fails or is canceled.
        public mutating func next() async throws -> WebSocketMessage? {
            let message = try await base.next()
            if message != nil { backlog.consumed() }
            return message
        }
    }

    /// An iterator over the messages.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator(), backlog: backlog)
    }
}
