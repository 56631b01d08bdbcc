import Foundation

/// The events of a `text/event-stream` response as an async sequence, made by
/// ``HTTPClient/events(for:options:)``.
///
/// Each connection goes through ``HTTPClient/stream(_:bufferLimit:)``, so retries, cookies, interceptors
/// and timing are the client's. The sequence ends (`nil`) when the server closes the stream and no
/// reconnection is asked for, or when it answers 204. Canceling the iterating task, or dropping the
/// iterator, cancels the request; the iterator then throws ``EventStreamError/transfer(_:)`` with
/// ``HTTPClientError/Reason/canceled``. An event that arrived only in part when a connection ended is
/// dropped, as the standard says.
public struct ServerSentEvents: AsyncSequence, Sendable {
    /// One event.
    public typealias Element = ServerSentEvent
    /// The only error the iterator throws.
    public typealias Failure = EventStreamError

    let client: HTTPClient
    let request: HTTPRequest
    let options: EventStreamOptions

    /// An iterator over the events; it opens the first connection on its first ``Iterator/next()``.
    public func makeAsyncIterator() -> Iterator {
        Iterator(
            connection: EventStreamConnection(client: client, request: request, options: options))
    }

    /// Reads the events one after another.
    public struct Iterator: AsyncIteratorProtocol {
        let connection: EventStreamConnection

        /// The next event, or `nil` once the stream ended.
        public mutating func next() async throws(EventStreamError) -> ServerSentEvent? {
            try await connection.next()
        }

        /// The next event, or `nil` once the stream ended.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(EventStreamError)
            -> ServerSentEvent?
        {
            try await connection.next()
        }
    }
}

/// The state behind one ``ServerSentEvents`` iterator: the open connection, the parser and the events it
/// completed but did not hand out yet. Used by one iterator, one call at a time.
final class EventStreamConnection: @unchecked Sendable {
    private let client: HTTPClient
    private let request: HTTPRequest
    private let options: EventStreamOptions
    private var parser: EventStreamParser
    private var reader: StreamReader?
    private var pending: [ServerSentEvent] = []
    private var pendingIndex = 0
    private var connections = 0
    private var failedReconnections = 0
    private var isFinished = false

    init(client: HTTPClient, request: HTTPRequest, options: EventStreamOptions) {
        self.client = client
        self.request = request
        self.options = options
        parser = EventStreamParser(maximumEventBytes: options.maximumEventBytes)
    }

    deinit { reader?.cancel() }

    func next() async throws(EventStreamError) -> ServerSentEvent? {
        while true {
            if pendingIndex < pending.count {
                defer { pendingIndex += 1 }
                failedReconnections = 0
                return pending[pendingIndex]
            }
            pending.removeAll(keepingCapacity: true)
            pendingIndex = 0
            guard !isFinished else { return nil }
            guard let reader else {
                try await connect()
                continue
            }
            let chunk: Data?
            do throws(HTTPClientError) {
                chunk = try await reader.next()
            } catch {
                self.reader = nil
                parser.finish()
                guard !error.isCanceled, canReconnect else { throw finish(.transfer(error)) }
                continue
            }
            guard let chunk else {
                self.reader = nil
                parser.finish()
                if !canReconnect { isFinished = true }
                continue
            }
            do throws(EventStreamParser.Overflow) {
                pending = try parser.parse(chunk)
            } catch {
                reader.cancel()
                self.reader = nil
                throw finish(.eventTooLarge(limit: error.limit))
            }
        }
    }

    /// Whether a connection that just ended may be opened again.
    private var canReconnect: Bool {
        options.reconnects && failedReconnections < options.maximumReconnections
    }

    private func finish(_ error: EventStreamError) -> EventStreamError {
        isFinished = true
        return error
    }

    /// Opens the next connection (after the reconnection time, but for the first) and checks its head.
    private func connect() async throws(EventStreamError) {
        var request = request
        if connections > 0 {
            failedReconnections += 1
            do {
                try await Task.sleep(for: parser.reconnectionTime ?? options.reconnectionTime)
            } catch {
                throw finish(.transfer(HTTPClientError(.canceled, request: request)))
            }
            if !parser.lastEventID.isEmpty { request.headers.set("Last-Event-ID", parser.lastEventID) }
        }
        connections += 1
        let response: HTTPStreamingResponse
        do throws(HTTPClientError) {
            response = try await client.stream(request)
        } catch {
            guard !error.isCanceled, options.reconnects, failedReconnections < options.maximumReconnections else {
                throw finish(.transfer(error))
            }
            return
        }
        let head = response.head
        if head.status == 204 {
            response.body.reader.cancel()
            isFinished = true
            return
        }
        let type = head.headers["Content-Type"]
        let failure: HTTPClientError.Reason? =
            if head.status != 200 {
                .failedStatus(code: head.status, headers: head.headers, body: Data())
            } else if type.map({ MediaType($0).essence }) != "text/event-stream" {
                .unexpectedContentType(expected: "text/event-stream", actual: type)
            } else {
                nil
            }
        if let failure {
            response.body.reader.cancel()
            throw finish(.transfer(HTTPClientError(failure, request: request)))
        }
        reader = response.body.reader
    }
}
