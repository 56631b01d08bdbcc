import Foundation

extension HTTPClient {
    /// The server-sent events of `request`'s response, read as they arrive (see ``ServerSentEvents``).
    ///
    /// `Accept: text/event-stream` and `Cache-Control: no-cache` are added when the request sets neither;
    /// a reconnection sends `Last-Event-ID` with the last id the stream set.
    ///
    /// ```swift
    /// let options = EventStreamOptions(reconnects: true)
    /// for try await event in client.events(for: HTTPRequest(url: url), options: options) {
    ///     print(event.type, event.data)
    /// }
    /// ```
    public func events(for request: HTTPRequest, options: EventStreamOptions = EventStreamOptions())
        -> ServerSentEvents
    {
        var request = request
        if !request.headers.contains("Accept") { request.headers.set("Accept", "text/event-stream") }
        if !request.headers.contains("Cache-Control") { request.headers.set("Cache-Control", "no-cache") }
        return ServerSentEvents(client: self, request: request, options: options)
    }
}
