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
    /// Where ``problems(in:as:skipping:)`` gathers what it finds; `nil` when encoding, which stops at the first.
    var gathering: Gathering?

    /// A codec for the types in `pool`.
    public init(pool: DescriptorPool) { self.pool = pool }

    /// The wire bytes of `json` as a message of type `messageName` (`package.Message`).
    public func encode(_ json: JSONValue, as messageName: String) throws(ProtobufError) -> [UInt8] {
        try encodeMessage(json, type: Self.trimmed(messageName), path: "", depth: 0)
    }

    /// Every problem ``encode(_:as:)`` would refuse `json` for, not only the first: each member of each
    /// message is checked (a member that is wrong as a whole, such as a string where a message goes, is one
    /// problem). Empty when `json` encodes.
    ///
    /// A value `skipping` matches stands for one not known yet (a template's placeholder): wherever it is (a
    /// member's value, an array's element, a map's key or value, the whole message) it is taken as right, while the
    /// member holding it is still checked (its field must exist, once, outside another `oneof` member).
    ///
    /// ```swift
    /// codec.problems(in: ["nmae": "x", "id": "eight"], as: "members.Member").map(\.path)  // [".nmae", ".id"]
    /// ```
    public func problems(
        in json: JSONValue, as messageName: String, skipping: @escaping (JSONValue) -> Bool = { _ in false }
    ) -> [ProtobufError] {
        var checking = self
        let gathering = Gathering(isUnknown: skipping)
        checking.gathering = gathering
        do {
            _ = try checking.encodeMessage(json, type: Self.trimmed(messageName), path: "", depth: 0)
        } catch {
            gathering.problems.append(error)
        }
        return gathering.problems
    }

    /// What one ``problems(in:as:skipping:)`` call has found so far, and the values it skips. Made, filled and
    /// read within that one synchronous call, never shared across threads (hence unchecked).
    final class Gathering: @unchecked Sendable {
        var problems: [ProtobufError] = []
        let isUnknown: (JSONValue) -> Bool

        init(isUnknown: @escaping (JSONValue) -> Bool) { self.isUnknown = isUnknown }
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
