import Foundation

/// Why a WebSocket connection failed or ended abnormally, with its URL and a message a person can act on.
public struct WebSocketError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reason for the failure.
    public enum Reason: Sendable, Hashable {
        /// The URL is not `ws://`, `wss://`, `http://` or `https://` with a host, or a header cannot be sent.
        case invalidRequest(String)
        /// The connection could not be made (resolution, refused, TLS, connect timeout), as for HTTP.
        case connection(HTTPClientError.Reason)
        /// The server answered the handshake with another status than 101.
        case handshakeRejected(status: Int, reason: String)
        /// The server answered 101 but not as RFC 6455 requires (upgrade headers, `Sec-WebSocket-Accept`).
        case handshakeInvalid(String)
        /// No complete handshake answer came within the limit.
        case handshakeTimedOut(Duration)
        /// The server broke the framing rules; the client closed with 1002.
        case protocolViolation(String)
        /// A text message (or close reason) was not valid UTF-8; the client closed with 1007.
        case invalidUTF8
        /// A message was larger than the limit (bytes); the client closed with 1009.
        case messageTooLarge(limit: Int)
        /// The connection dropped without a closing handshake.
        case connectionLost
        /// The server did not answer the client's close frame within the limit; the connection was dropped.
        case closeTimedOut(Duration)
        /// The connection is closed or closing: nothing more can be sent.
        case notOpen
        /// The connection was canceled.
        case canceled
    }

    /// The reason for the failure.
    public let reason: Reason
    /// The URL of the connection, as given.
    public let url: String

    /// An error for the connection to `url`.
    public init(_ reason: Reason, url: String) {
        self.reason = reason
        self.url = url
    }

    /// The close code the client sent because of this error, if it sent one.
    public var sentCloseCode: UInt16? {
        switch reason {
        case .protocolViolation: WebSocketClose.protocolError
        case .invalidUTF8: WebSocketClose.invalidPayload
        case .messageTooLarge: WebSocketClose.messageTooBig
        default: nil
        }
    }

    /// One line saying what happened.
    public var message: String {
        let target = InputExcerpt(url)
        switch reason {
        case .invalidRequest(let detail): return "cannot open a WebSocket to \(target): \(detail)"
        case .connection(let reason):
            return "WebSocket \(target.unquoted): "
                + HTTPClientError(reason, request: HTTPRequest(.get, path: url)).message
        case .handshakeRejected(let status, let text):
            return "\(target) refused the WebSocket handshake: HTTP \(status) \(InputExcerpt(text))"
        case .handshakeInvalid(let detail): return "\(target) answered the WebSocket handshake wrongly: \(detail)"
        case .handshakeTimedOut(let limit):
            return "\(target) did not answer the WebSocket handshake within \(limit.secondsDescription)"
        case .protocolViolation(let detail): return "\(target) broke the WebSocket protocol (closed 1002): \(detail)"
        case .invalidUTF8: return "\(target) sent a text message that is not UTF-8 (closed 1007)"
        case .messageTooLarge(let limit):
            return "\(target) sent a message over the \(limit)-byte limit (closed 1009)"
        case .connectionLost: return "the connection to \(target) dropped without a closing handshake"
        case .closeTimedOut(let limit):
            return "\(target) did not answer the close within \(limit.secondsDescription); the connection was dropped"
        case .notOpen: return "the WebSocket to \(target) is closed"
        case .canceled: return "the WebSocket to \(target) was canceled"
        }
    }

    /// ``message``.
    public var description: String { message }
}

/// A reason alone is thrown inside the client (its parts add the URL once, at the edge).
extension WebSocketError.Reason: Error {}

extension Duration {
    /// `2 s`, `0.5 s`.
    fileprivate var secondsDescription: String {
        let (seconds, attoseconds) = components
        let value = Double(seconds) + Double(attoseconds) / 1e18
        return value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
