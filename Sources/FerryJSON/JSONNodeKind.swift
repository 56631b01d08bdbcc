/// The kind of a JSON value: what a node of a ``JSONDocument`` or a ``JSONValue`` holds.
public enum JSONNodeKind: UInt8, Sendable, Hashable, CustomStringConvertible {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool
    /// A number, kept as spelled.
    case number
    /// A string.
    case string
    /// An array.
    case array
    /// An object.
    case object

    /// Whether the kind holds children (arrays and objects).
    public var isContainer: Bool { self == .array || self == .object }

    /// `null`, `boolean`, `number`, `string`, `array` or `object`.
    public var description: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
