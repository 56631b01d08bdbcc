/// SHA-1 (FIPS 180-4).
enum SHA1 {
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var state: [UInt32] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476, 0xc3d2_e1f0]
        let bytes = padded(message, blockSize: 64, lengthBytes: 8, bigEndian: true)
        var words = [UInt32](repeating: 0, count: 80)
        for blockStart in stride(from: 0, to: bytes.count, by: 64) {
            for index in 0..<16 { words[index] = bigEndianWord(bytes, at: blockStart + index * 4) }
            for index in 16..<80 {
                words[index] = (words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16])
                    .rotatedLeft(by: 1)
            }
            var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
            for round in 0..<80 {
                let (mixed, constant): (UInt32, UInt32) =
                    switch round {
                    case 0..<20: ((b & c) | (~b & d), 0x5a82_7999)
                    case 20..<40: (b ^ c ^ d, 0x6ed9_eba1)
                    case 40..<60: ((b & c) | (b & d) | (c & d), 0x8f1b_bcdc)
                    default: (b ^ c ^ d, 0xca62_c1d6)
                    }
                let next = a.rotatedLeft(by: 5) &+ mixed &+ e &+ constant &+ words[round]
                (e, d, c, b, a) = (d, c, b.rotatedLeft(by: 30), a, next)
            }
            state[0] &+= a
            state[1] &+= b
            state[2] &+= c
            state[3] &+= d
            state[4] &+= e
        }
        return state.flatMap(bigEndianBytes)
    }
}

/// The big-endian 32-bit word at `offset`.
func bigEndianWord(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
        | UInt32(bytes[offset + 3])
}

/// `word` as four big-endian bytes.
func bigEndianBytes(_ word: UInt32) -> [UInt8] {
    [
        UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 16),
        UInt8(truncatingIfNeeded: word >> 8),
        UInt8(truncatingIfNeeded: word),
    ]
}
