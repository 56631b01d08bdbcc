/// One RFC 6455 frame (§5.2): its opcode, whether it ends a message, and its payload, unmasked.
struct WebSocketFrame: Equatable {
    /// The frame opcodes RFC 6455 defines.
    enum Opcode: UInt8 {
        case continuation = 0x0
        case text = 0x1
        case binary = 0x2
        case close = 0x8
        case ping = 0x9
        case pong = 0xA

        /// Close, ping and pong: at most 125 bytes, never fragmented, allowed between a message's fragments.
        var isControl: Bool { rawValue & 0x8 != 0 }
    }

    /// Whether this is the last frame of its message.
    var isFinal: Bool
    var opcode: Opcode
    var payload: [UInt8]
    /// RSV1 on a message's first frame: its payload is compressed (permessage-deflate, RFC 7692).
    var isCompressed = false

    /// The frame as a client sends it: masked with `mask` (RFC 6455 §5.3), the length in 7, 16 or 64 bits.
    func encoded(mask: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(payload.count + 14)
        bytes.append((isFinal ? 0x80 : 0) | (isCompressed ? 0x40 : 0) | opcode.rawValue)
        let count = payload.count
        switch count {
        case 0...125:
            bytes.append(0x80 | UInt8(count))
        case 126...0xFFFF:
            bytes.append(0x80 | 126)
            bytes.append(UInt8(truncatingIfNeeded: count >> 8))
            bytes.append(UInt8(truncatingIfNeeded: count))
        default:
            bytes.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: UInt64(count) >> UInt64(shift)))
            }
        }
        bytes.append(contentsOf: mask)
        for (index, byte) in payload.enumerated() { bytes.append(byte ^ mask[index & 3]) }
        return bytes
    }

    /// A close frame's payload: the code in two bytes, then the reason in UTF-8 cut to fit 125 bytes.
    static func closePayload(code: UInt16?, reason: String) -> [UInt8] {
        guard let code else { return [] }
        var reasonBytes = Array(reason.utf8.prefix(123))
        while String(validating: reasonBytes, as: UTF8.self) == nil { reasonBytes.removeLast() }
        return [UInt8(code >> 8), UInt8(code & 0xFF)] + reasonBytes
    }

    /// Four random mask bytes.
    static func randomMask() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt32
        return (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
