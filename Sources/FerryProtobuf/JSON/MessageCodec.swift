import FerryJSON

/// Converts protobuf messages between their binary wire form and their JSON form (the proto3 JSON mapping),
/// driven by the descriptors of a ``DescriptorPool``.
///
/// - JSON to bytes accepts a field's JSON name or its `.proto` name, integers as numbers or strings, floats as
///   numbers or `"NaN"`, `"Infinity"`, `"-Infinity"`, bytes as standard or URL-safe base64, enums by name or
///   number, and the well-known types in their JSON forms. A field the message does not have, a value of the
///   wrong type or two members of one `oneof` is a ``ProtobufError`` naming the JSON path.
/// - Bytes to JSON writes fields in declaration order by their JSON names, 64-bit integers as strings, bytes as
///   base64, enums by name, and leaves out fields holding their default (unless the field tracks presence).
///   Fields the descriptor does not know are skipped, as protobuf parsers do.
///
/// Untrusted bytes never crash it: reads are bounds-checked and nesting stops at ``maximumDepth``.
///
/// ```swift
/// let codec = MessageCodec(pool: pool)
/// let bytes = try codec.encode(["id": 8, "tags": ["a"]], as: "members.Member")
/// let json = try codec.decode(bytes, as: "members.Member")   // {"id":8,"tags":["a"]}
/// ```
public struct MessageCodec: Sendable {
    /// How deep messages may nest, either way (protobuf's own parsers stop at 100).
    public static let maximumDepth = 100

    /// The descriptors the codec reads; the well-known types are known without them.
    public var pool: DescriptorPool

    /// A codec for the types in `pool`.
    public init(pool: DescriptorPool) { self.pool = pool }

    /// The wire bytes of `json` as a message of type `messageName` (`package.Message`).
    public func encode(_ json: JSONValue, as messageName: String) throws(ProtobufError) -> [UInt8] {
        try encodeMessage(json, type: Self.trimmed(messageName), path: "", depth: 0)
    }

    /// The JSON form of `bytes` read as a message of type `messageName`.
    public func decode(_ bytes: [UInt8], as messageName: String) throws(ProtobufError) -> JSONValue {
        try decodeMessage(bytes, range: 0..<bytes.count, type: Self.trimmed(messageName), path: "", depth: 0)
    }

    /// The descriptor of `name` from the pool, else from the well-known types.
    func messageDescriptor(_ name: String, path: String) throws(ProtobufError) -> MessageDescriptor {
        if let message = pool.message(name) ?? WellKnownTypes.pool.message(name) { return message }
        throw ProtobufError("the message type \(name) is not known (no descriptor names it)", at: path)
    }

    func enumDescriptor(_ name: String) -> EnumDescriptor? {
        pool.enumType(name) ?? WellKnownTypes.pool.enumType(name)
    }

    static func trimmed(_ name: String) -> String { name.hasPrefix(".") ? String(name.dropFirst()) : name }
}
