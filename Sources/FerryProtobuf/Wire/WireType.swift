/// The six wire types of a protobuf field's tag (the low three bits).
public enum WireType: UInt8, Sendable, Hashable {
    /// Varints: int32, int64, uint32, uint64, sint32, sint64, bool, enum.
    case varint = 0
    /// Eight little-endian bytes: fixed64, sfixed64, double.
    case fixed64 = 1
    /// A varint length and that many bytes: string, bytes, messages, packed repeated fields.
    case lengthDelimited = 2
    /// The start of a proto2 group (deprecated).
    case startGroup = 3
    /// The end of a proto2 group (deprecated).
    case endGroup = 4
    /// Four little-endian bytes: fixed32, sfixed32, float.
    case fixed32 = 5
}

/// ZigZag encoding of signed integers (`sint32`, `sint64`): small magnitudes give small varints.
enum ZigZag {
    static func encoded(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }
    static func decoded(_ value: UInt64) -> Int64 { Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1) }
}
