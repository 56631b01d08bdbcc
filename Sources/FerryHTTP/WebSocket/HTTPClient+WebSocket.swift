import Foundation

extension HTTPClient {
    /// Opens a WebSocket for `request` (a `ws`, `wss`, `http` or `https` URL; its headers go into the
    /// handshake) as ``WebSocket/connect(_:options:)`` does, with the client's ``cookieJar`` when the request
    /// ``HTTPRequest/usesCookieJar``: the jar's cookies for the handshake's URL (matched as its `http`/`https`
    /// twin, so `Secure` cookies go to `wss`, RFC 6455 §4.1) join the request's own `Cookie` header as on an
    /// HTTP request (its own names win), and the `Set-Cookie` fields of the server's `101` are stored.
    ///
    /// The environment, interceptors, mocks and retries are HTTP's only (decision 0068 says why): the URL
    /// must be absolute. Canceling the task cancels the handshake.
    ///
    /// ```swift
    /// let socket = try await client.webSocket(HTTPRequest(url: URL(string: "wss://example.com/chat")!))
    /// ```
    public func webSocket(_ request: HTTPRequest, options: WebSocket.Options = WebSocket.Options())
        async throws(WebSocketError) -> WebSocket
    {
        guard request.usesCookieJar, let jar = cookieJar else {
            return try await WebSocket.connect(request, options: options)
        }
        let cookieURL = try WebSocketConnection.httpURL(of: request)
        var sent = request
        sent.addCookies(from: jar, for: cookieURL)
        let socket = try await WebSocket.connect(sent, options: options)
        jar.storeCookies(from: socket.response.headers, for: cookieURL)
        return socket
    }
}
