import Foundation

/// An RFC 6455 WebSocket client connection, opened through libcurl like an HTTP request (resolution,
/// proxies, TLS and the connect timeout behave the same), with the handshake and framing in Swift.
///
/// ```swift
/// let client = HTTPClient(transport: CurlTransport(), cookieJar: CookieJar())
/// let socket = try await client.webSocket(HTTPRequest(url: URL(string: "ws://127.0.0.1:8765/echo")!))
/// try socket.send(text: "hello")
/// for try await message in socket.messages { print(message) }
/// ```
///
/// Each connection has one I/O thread that waits in `poll(2)` on its socket (decision 0068 says why).
/// The server's pings are answered; a message over ``Options/maxMessageSize`` closes with 1009, invalid
/// UTF-8 text with 1007, a broken frame with 1002, each ending ``messages`` with a ``WebSocketError``.
public final class WebSocket: Sendable {
    /// The limits of one connection.
    public struct Options: Sendable, Hashable {
        /// The largest message accepted, in bytes, all fragments together (16 MiB by default).
        public var maxMessageSize = 16 << 20
        /// How long the server may take to answer the opening handshake, after connecting.
        public var handshakeTimeout: Duration = .seconds(10)
        /// How long the server may take to answer a close frame before the connection is dropped.
        public var closeTimeout: Duration = .seconds(5)
        /// Whether the handshake offers permessage-deflate (RFC 7692): when the server agrees, messages go
        /// compressed both ways, and a compressed one is still held to ``maxMessageSize`` once inflated.
        public var offersCompression = true
        /// How many received messages may wait for the reader of ``WebSocket/messages`` before the connection
        /// stops reading from the network until the reader catches up.
        public var maxPendingMessages = 1024

        /// The default limits.
        public init() {}
    }

    /// The URL as given.
    public let url: String
    /// The server's `101` answer and the handshake's timing.
    public let response: WebSocketHandshakeResponse
    /// The messages the server sends, in order. Ends when the closing handshake is over, or throws a
    /// ``WebSocketError`` when the connection fails or is canceled.
    public let messages: WebSocketMessages
    private let connection: WebSocketConnection

    private init(connection: WebSocketConnection, response: WebSocketHandshakeResponse) {
        self.connection = connection
        self.response = response
        url = connection.url
        messages = connection.messages
    }

    deinit { connection.cancel() }

    /// Opens a connection for `request` (a `ws`, `wss`, `http` or `https` URL; its headers go into the
    /// handshake) and returns once the server accepted the handshake. Canceling the task cancels it.
    ///
    /// This knows no cookie jar: cookies are only those of the request's own `Cookie` header, and the
    /// `101`'s `Set-Cookie` fields are kept nowhere. ``HTTPClient/webSocket(_:options:)`` opens one with
    /// the client's jar.
    public static func connect(_ request: HTTPRequest, options: Options = Options()) async throws(WebSocketError)
        -> WebSocket
    {
        let connection = try WebSocketConnection(request: request, options: options)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in connection.start(reportingTo: continuation) }
        } onCancel: {
            connection.cancel()
        }
        return WebSocket(connection: connection, response: try result.get())
    }

    /// Sends a text message.
    public func send(text: String) throws(WebSocketError) {
        try connection.enqueue(WebSocketFrame(isFinal: true, opcode: .text, payload: Array(text.utf8)))
    }

    /// Sends a binary message.
    public func send(binary: Data) throws(WebSocketError) {
        try connection.enqueue(WebSocketFrame(isFinal: true, opcode: .binary, payload: Array(binary)))
    }

    /// Starts the closing handshake with `code` (1000–1003, 1007–1014 or 3000–4999) and `reason` (cut to
    /// 123 bytes) and returns the server's close frame once it answers; throws ``WebSocketError/Reason/closeTimedOut(_:)``
    /// when it does not within ``Options/closeTimeout`` (the connection is dropped then). When the connection
    /// already ended, returns or throws how it ended.
    public func close(code: UInt16 = WebSocketClose.normalClosure, reason: String = "") async throws(WebSocketError)
        -> WebSocketClose
    {
        guard WebSocketClose.isSendable(code) else {
            throw WebSocketError(.invalidRequest("close code \(code) cannot be sent"), url: url)
        }
        let result = await withCheckedContinuation { continuation in
            connection.close(code: code, reason: reason, reportingTo: continuation)
        }
        return try result.get()
    }

    /// Drops the connection at once, without a closing handshake; ``messages`` throws ``WebSocketError/Reason/canceled``.
    public func cancel() { connection.cancel() }

    /// The server's close frame, once the server closed or answered the client's close.
    public var serverClose: WebSocketClose? { connection.serverClose }
}

extension WebSocket {
    /// The `Sec-WebSocket-Accept` a server answers the handshake's `Sec-WebSocket-Key` with (RFC 6455 §4.2.2).
    public static func acceptValue(forKey key: String) -> String { WebSocketHandshake.acceptValue(for: key) }
}
