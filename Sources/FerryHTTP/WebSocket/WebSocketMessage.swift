import Foundation

/// One whole WebSocket message (its fragments joined).
public enum WebSocketMessage: Sendable, Hashable {
    /// A text message (valid UTF-8).
    case text(String)
    /// A binary message.
    case binary(Data)

    /// The message's payload size in bytes.
    public var byteCount: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .binary(let data): data.count
        }
    }
}

/// The close frame of a closing handshake: its status code (RFC 6455 §7.4) and reason.
public struct WebSocketClose: Sendable, Hashable {
    /// The status code, or `nil` when the frame carried none (reported as 1005 by RFC 6455).
    public var code: UInt16?
    /// The reason text, possibly empty.
    public var reason: String

    /// A close frame with `code` and `reason`.
    public init(code: UInt16?, reason: String = "") {
        self.code = code
        self.reason = reason
    }

    /// Normal closure, 1000.
    public static let normalClosure: UInt16 = 1000
    /// Protocol error, 1002.
    public static let protocolError: UInt16 = 1002
    /// Text that is not UTF-8, 1007.
    public static let invalidPayload: UInt16 = 1007
    /// Message too big, 1009.
    public static let messageTooBig: UInt16 = 1009

    /// Whether `code` may be sent in a close frame (RFC 6455 §7.4.1–2): 1000–1003, 1007–1014, 3000–4999.
    public static func isSendable(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }
}
