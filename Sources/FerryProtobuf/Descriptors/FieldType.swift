/// The type of a message field, numbered as `FieldDescriptorProto.Type` numbers them.
public enum FieldType: Int, Sendable, Hashable, CaseIterable {
    /// `double`.
    case double = 1
    /// `float`.
    case float = 2
    /// `int64`.
    case int64 = 3
    /// `uint64`.
    case uint64 = 4
    /// `int32`.
    case int32 = 5
    /// `fixed64`.
    case fixed64 = 6
    /// `fixed32`.
    case fixed32 = 7
    /// `bool`.
    case bool = 8
    /// `string`.
    case string = 9
    /// A proto2 group (read past, never encoded).
    case group = 10
    /// A message, named by the field's type name.
    case message = 11
    /// `bytes`.
    case bytes = 12
    /// `uint32`.
    case uint32 = 13
    /// An enum, named by the field's type name.
    case `enum` = 14
    /// `sfixed32`.
    case sfixed32 = 15
    /// `sfixed64`.
    case sfixed64 = 16
    /// `sint32`.
    case sint32 = 17
    /// `sint64`.
    case sint64 = 18

    /// The wire type a single value of this type travels as.
    public var wireType: WireType {
        switch self {
        case .double, .fixed64, .sfixed64: .fixed64
        case .float, .fixed32, .sfixed32: .fixed32
        case .string, .bytes, .message: .lengthDelimited
        case .group: .startGroup
        default: .varint
        }
    }

    /// Whether a repeated field of this type may be packed (numbers, bools and enums).
    public var isPackable: Bool { wireType != .lengthDelimited && wireType != .startGroup }

    /// The name as a `.proto` file spells it.
    public var protoName: String {
        switch self {
        case .message: "message"
        case .enum: "enum"
        default: String(describing: self)
        }
    }
}
