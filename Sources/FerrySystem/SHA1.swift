/// SHA-1 (FIPS 180-4): the WebSocket handshake's `Sec-WebSocket-Accept` (RFC 6455 §4.2.2) in FerryHTTP and
/// scripts' `crypto.sha1()` in FerryScript. Not for anything that needs collision resistance.
///
/// ```swift
/// SHA1.digest(Array("abc".utf8))  // a9 99 3e 36 …
/// ```
public enum SHA1 {
    /// The 20-byte digest of `message`.
    public static func digest(_ message: [UInt8]) -> [UInt8] {
        var state: [UInt32] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476, 0xc3d2_e1f0]
        var bytes = message
        bytes.append(0x80)
        while bytes.count % 64 != 56 { bytes.append(0) }
        let bitLength = UInt64(message.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: bitLength >> shift))
        }
        var words = [UInt32](repeating: 0, count: 80)
        for blockStart in stride(from: 0, to: bytes.count, by: 64) {
            for index in 0..<16 {
                let offset = blockStart + index * 4
                words[index] =
                    UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
                    | UInt32(bytes[offset + 3])
            }
            for index in 16..<80 {
                words[index] = rotated(words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16], 1)
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
                let next = rotated(a, 5) &+ mixed &+ e &+ constant &+ words[round]
                (e, d, c, b, a) = (d, c, rotated(b, 30), a, next)
            }
            state[0] &+= a
            state[1] &+= b
            state[2] &+= c
            state[3] &+= d
            state[4] &+= e
        }
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) } }
    }

    private static func rotated(_ word: UInt32, _ count: UInt32) -> UInt32 { word << count | word >> (32 - count) }
}
