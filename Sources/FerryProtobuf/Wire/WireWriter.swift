/// Writes protobuf wire data.
struct WireWriter {
    var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func tag(_ number: Int32, _ wireType: WireType) {
        varint(UInt64(UInt32(bitPattern: number)) << 3 | UInt64(wireType.rawValue))
    }

    mutating func fixed32(_ value: UInt32) {
        for offset in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * offset))) }
    }

    mutating func fixed64(_ value: UInt64) {
        for offset in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * offset))) }
    }

    /// A length-delimited field: the tag, the length of `payload`, and `payload`.
    mutating func lengthDelimited(_ number: Int32, _ payload: some Collection<UInt8>) {
        tag(number, .lengthDelimited)
        varint(UInt64(payload.count))
        bytes.append(contentsOf: payload)
    }
}
