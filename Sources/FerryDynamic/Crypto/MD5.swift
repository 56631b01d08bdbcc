import Foundation

/// MD5 (RFC 1321).
enum MD5 {
    private static let shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9,
        14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15,
        21, 6, 10, 15, 21,
    ]

    /// floor(abs(sin(i + 1)) * 2^32), as RFC 1321 lists them.
    private static let constants: [UInt32] = (0..<64).map {
        UInt32(truncatingIfNeeded: Int64(abs(sin(Double($0 + 1))) * 4_294_967_296))
    }

    static func digest(_ message: [UInt8]) -> [UInt8] {
        var state: [UInt32] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476]
        let bytes = padded(message, blockSize: 64, lengthBytes: 8, bigEndian: false)
        for blockStart in stride(from: 0, to: bytes.count, by: 64) {
            var words = [UInt32](repeating: 0, count: 16)
            for index in 0..<16 {
                let offset = blockStart + index * 4
                words[index] =
                    UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
                    | UInt32(bytes[offset + 3]) << 24
            }
            var (a, b, c, d) = (state[0], state[1], state[2], state[3])
            for round in 0..<64 {
                let mixed: UInt32
                let wordIndex: Int
                switch round {
                case 0..<16: (mixed, wordIndex) = ((b & c) | (~b & d), round)
                case 16..<32: (mixed, wordIndex) = ((d & b) | (~d & c), (5 * round + 1) % 16)
                case 32..<48: (mixed, wordIndex) = (b ^ c ^ d, (3 * round + 5) % 16)
                default: (mixed, wordIndex) = (c ^ (b | ~d), (7 * round) % 16)
                }
                let sum = a &+ mixed &+ constants[round] &+ words[wordIndex]
                (a, d, c) = (d, c, b)
                b = b &+ sum.rotatedLeft(by: shifts[round])
            }
            state[0] &+= a
            state[1] &+= b
            state[2] &+= c
            state[3] &+= d
        }
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32($0))) } }
    }
}

extension UInt32 {
    /// The bits rotated left by `count` (0 < count < 32).
    func rotatedLeft(by count: UInt32) -> UInt32 { self << count | self >> (32 - count) }
    /// The bits rotated right by `count` (0 < count < 32).
    func rotatedRight(by count: UInt32) -> UInt32 { self >> count | self << (32 - count) }
}
