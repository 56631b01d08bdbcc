import Foundation

/// Joins data frames into messages (RFC 6455 §5.4), with control frames allowed between fragments, and
/// checks what RFC 6455 asks of a client: continuation order, the size limit across fragments, UTF-8 text,
/// well-formed close frames; with permessage-deflate agreed, inflates compressed messages within the limit.
struct WebSocketMessageAssembler {
    /// What one frame amounts to.
    enum Event: Equatable {
        case message(WebSocketMessage)
        case ping([UInt8])
        case pong
        case close(WebSocketClose)
    }

    /// The largest message accepted, in bytes, all fragments together.
    let maxMessageSize: Int
    /// The decompressor, when permessage-deflate was agreed.
    let inflater: WebSocketInflater?
    private var fragments: [UInt8] = []
    private var fragmentsAreText: Bool?
    private var fragmentsAreCompressed = false

    init(maxMessageSize: Int, inflater: WebSocketInflater? = nil) {
        self.maxMessageSize = maxMessageSize
        self.inflater = inflater
    }

    /// The event `frame` completes, or `nil` for a fragment that leaves its message open.
    mutating func take(_ frame: WebSocketFrame) throws(WebSocketError.Reason) -> Event? {
        switch frame.opcode {
        case .ping: return .ping(frame.payload)
        case .pong: return .pong
        case .close: return .close(try Self.close(from: frame.payload))
        case .text, .binary:
            guard fragmentsAreText == nil else {
                throw .protocolViolation("a new message began before the last one's final fragment")
            }
            fragmentsAreText = frame.opcode == .text
            fragmentsAreCompressed = frame.isCompressed
            fragments = []
        case .continuation:
            guard fragmentsAreText != nil else { throw .protocolViolation("a continuation frame with no message") }
        }
        guard fragments.count + frame.payload.count <= maxMessageSize else {
            throw .messageTooLarge(limit: maxMessageSize)
        }
        fragments += frame.payload
        guard frame.isFinal, let isText = fragmentsAreText else { return nil }
        defer {
            fragments = []
            fragmentsAreText = nil
        }
        var bytes = fragments
        if fragmentsAreCompressed {
            guard let inflater else { throw .protocolViolation("a compressed message and no extension agreed") }
            bytes = try inflater.decompress(fragments, limit: maxMessageSize)
        }
        guard isText else { return .message(.binary(Data(bytes))) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8 }
        return .message(.text(text))
    }

    /// The code and reason of a close frame's payload (§5.5.1).
    private static func close(from payload: [UInt8]) throws(WebSocketError.Reason) -> WebSocketClose {
        guard !payload.isEmpty else { return WebSocketClose(code: nil) }
        guard payload.count >= 2 else { throw .protocolViolation("a close frame of one byte") }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        guard WebSocketClose.isSendable(code) else { throw .protocolViolation("close code \(code) is not allowed") }
        guard let reason = String(validating: payload.dropFirst(2), as: UTF8.self) else { throw .invalidUTF8 }
        return WebSocketClose(code: code, reason: reason)
    }
}
