/// One scalar as it goes on the wire, before its tag.
enum ScalarValue: Equatable {
    case varint(UInt64)
    case fixed32(UInt32)
    case fixed64(UInt64)
    case bytes([UInt8])

    /// Whether it is its type's default, which a field without presence leaves out.
    var isDefault: Bool {
        switch self {
        case .varint(let value): value == 0
        case .fixed32(let value): value == 0
        case .fixed64(let value): value == 0
        case .bytes(let value): value.isEmpty
        }
    }

    /// Appends the value alone (inside a packed run, or after its tag).
    func write(to writer: inout WireWriter) {
        switch self {
        case .varint(let value): writer.varint(value)
        case .fixed32(let value): writer.fixed32(value)
        case .fixed64(let value): writer.fixed64(value)
        case .bytes(let value):
            writer.varint(UInt64(value.count))
            writer.bytes.append(contentsOf: value)
        }
    }
}
