/// Cuts a server's byte stream into frames (RFC 6455 §5.2), checking each header before its payload is
/// kept: a frame over the size limit is refused from its length field alone, so memory stays bounded.
struct WebSocketFrameDecoder {
    /// The largest payload accepted for one frame.
    let maxPayload: Int
    /// Whether permessage-deflate was agreed, so RSV1 may mark a message's first frame as compressed.
    var acceptsCompression = false
    private var buffer: [UInt8] = []
    private var start = 0

    init(maxPayload: Int) { self.maxPayload = maxPayload }

    /// Adds bytes read from the connection.
    mutating func append(_ bytes: some Collection<UInt8>) {
        if start > 0, start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole frame, or `nil` until more bytes arrive.
    mutating func nextFrame() throws(WebSocketError.Reason) -> WebSocketFrame? {
        let available = buffer.count - start
        guard available >= 2 else { return nil }
        let first = buffer[start]
        let second = buffer[start + 1]
        guard let opcode = WebSocketFrame.Opcode(rawValue: first & 0x0F) else {
            throw .protocolViolation("unknown opcode \(first & 0x0F)")
        }
        let isCompressed = first & 0x40 != 0
        guard first & 0x30 == 0, !isCompressed || acceptsCompression else {
            throw .protocolViolation("a frame has reserved bits set and no extension was agreed")
        }
        guard !isCompressed || opcode == .text || opcode == .binary else {
            throw .protocolViolation("RSV1 set on a control or continuation frame")
        }
        guard second & 0x80 == 0 else { throw .protocolViolation("the server masked a frame") }
        let isFinal = first & 0x80 != 0
        var headerLength = 2
        var length = UInt64(second & 0x7F)
        if length == 126 {
            guard available >= 4 else { return nil }
            length = UInt64(buffer[start + 2]) << 8 | UInt64(buffer[start + 3])
            headerLength = 4
        } else if length == 127 {
            guard available >= 10 else { return nil }
            length = (0..<8).reduce(0) { $0 << 8 | UInt64(buffer[start + 2 + $1]) }
            headerLength = 10
            guard length >> 63 == 0 else { throw .protocolViolation("a frame length has its top bit set") }
        }
        if opcode.isControl {
            guard isFinal else { throw .protocolViolation("a fragmented control frame") }
            guard length <= 125 else { throw .protocolViolation("a control frame of \(length) bytes (at most 125)") }
        }
        guard length <= UInt64(maxPayload) else { throw .messageTooLarge(limit: maxPayload) }
        let payloadLength = Int(length)
        guard available >= headerLength + payloadLength else { return nil }
        let payloadStart = start + headerLength
        let payload = Array(buffer[payloadStart..<payloadStart + payloadLength])
        start = payloadStart + payloadLength
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 1 << 16 {
            buffer.removeFirst(start)
            start = 0
        }
        return WebSocketFrame(isFinal: isFinal, opcode: opcode, payload: payload, isCompressed: isCompressed)
    }
}
