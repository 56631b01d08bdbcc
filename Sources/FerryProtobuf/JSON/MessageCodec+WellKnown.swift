import FerryJSON
import Foundation

/// The JSON forms of the well-known types: Timestamp and Duration as strings, wrappers as their value, Struct,
/// Value and ListValue as any JSON, FieldMask as a comma-separated string, Any with its `@type`.
extension MessageCodec {
    /// The bytes of `json` when `type` is a well-known type with a JSON form of its own, else `nil`.
    func encodeWellKnown(_ json: JSONValue, type: String, path: String, depth: Int) throws(ProtobufError) -> [UInt8]? {
        guard WellKnownTypes.isSpecial(type) else { return nil }
        var writer = WireWriter()
        switch type {
        case WellKnownTypes.timestamp, WellKnownTypes.duration:
            guard case .string(let text) = json else {
                throw ProtobufError(
                    "expected a \(type == WellKnownTypes.timestamp ? "timestamp (RFC 3339)" : "duration (\"1.5s\")") string, found \(Self.describe(json))",
                    at: path)
            }
            let parsed =
                type == WellKnownTypes.timestamp ? ProtobufTime.parseTimestamp(text) : ProtobufTime.parseDuration(text)
            guard let (seconds, nanos) = parsed else {
                throw ProtobufError(
                    type == WellKnownTypes.timestamp
                        ? "\"\(text)\" is not an RFC 3339 timestamp between years 1 and 9999 (1972-01-01T10:00:20.021Z)"
                        : "\"\(text)\" is not a duration such as \"1.5s\" within ±10000 years", at: path)
            }
            if seconds != 0 { writer.tag(1, .varint); writer.varint(UInt64(bitPattern: seconds)) }
            if nanos != 0 { writer.tag(2, .varint); writer.varint(UInt64(bitPattern: Int64(nanos))) }
            return writer.bytes
        case WellKnownTypes.fieldMask:
            guard case .string(let text) = json else {
                throw ProtobufError("expected a field mask string (\"a.b,c\"), found \(Self.describe(json))", at: path)
            }
            for path in text.split(separator: ",") {
                writer.lengthDelimited(1, Array(Self.snakeCase(String(path)).utf8))
            }
            return writer.bytes
        case WellKnownTypes.structType:
            guard case .object = json else {
                throw ProtobufError(
                    "expected an object (a google.protobuf.Struct), found \(Self.describe(json))", at: path)
            }
            return try encodeMessage(.object(["fields": json]), plainType: type, path: path, depth: depth)
        case WellKnownTypes.listValue:
            guard case .array = json else {
                throw ProtobufError(
                    "expected an array (a google.protobuf.ListValue), found \(Self.describe(json))", at: path)
            }
            return try encodeMessage(.object(["values": json]), plainType: type, path: path, depth: depth)
        case WellKnownTypes.value:
            let member: JSONObject =
                switch json {
                case .null: ["nullValue": "NULL_VALUE"]
                case .bool: ["boolValue": json]
                case .number: ["numberValue": json]
                case .string: ["stringValue": json]
                case .array: ["listValue": json]
                case .object: ["structValue": json]
                }
            return try encodeMessage(.object(member), plainType: type, path: path, depth: depth)
        case WellKnownTypes.any:
            return try encodeAny(json, path: path, depth: depth)
        default:
            return try encodeMessage(.object(["value": json]), plainType: type, path: path, depth: depth)
        }
    }

    /// `json` encoded by `type`'s fields, bypassing its JSON form.
    private func encodeMessage(_ json: JSONValue, plainType type: String, path: String, depth: Int)
        throws(ProtobufError)
        -> [UInt8]
    {
        try encodePlain(json, type: type, path: path, depth: depth)
    }

    private func encodeAny(_ json: JSONValue, path: String, depth: Int) throws(ProtobufError) -> [UInt8] {
        guard case .object(var object) = json else {
            throw ProtobufError(
                "expected an object with \"@type\" (a google.protobuf.Any), found \(Self.describe(json))", at: path)
        }
        guard !object.members.isEmpty else { return [] }
        guard case .string(let url)? = object["@type"] else {
            throw ProtobufError(
                "a google.protobuf.Any needs \"@type\": \"type.googleapis.com/package.Message\"", at: path)
        }
        let typeName = String(url.split(separator: "/").last ?? "")
        object.members.removeAll { $0.key == "@type" }
        let payload: [UInt8]
        if WellKnownTypes.isSpecial(typeName) {
            payload = try encodeMessage(
                object["value"] ?? .null, type: typeName, path: path + ".value", depth: depth + 1)
        } else {
            payload = try encodeMessage(.object(object), type: typeName, path: path, depth: depth + 1)
        }
        var writer = WireWriter()
        writer.lengthDelimited(1, Array(url.utf8))
        if !payload.isEmpty { writer.lengthDelimited(2, payload) }
        return writer.bytes
    }

    /// The JSON form of a well-known type, from the object its fields decoded to; `nil` for other types.
    func decodeWellKnown(_ json: JSONValue, type: String, path: String, depth: Int) throws(ProtobufError) -> JSONValue?
    {
        guard WellKnownTypes.isSpecial(type), case .object(let object) = json else { return nil }
        switch type {
        case WellKnownTypes.timestamp, WellKnownTypes.duration:
            let seconds = object["seconds"]?.stringValue.flatMap { Int64($0) } ?? 0
            let nanos = Int32(object["nanos"]?.intValue ?? 0)
            let text =
                type == WellKnownTypes.timestamp
                ? ProtobufTime.formatTimestamp(seconds: seconds, nanos: nanos)
                : ProtobufTime.formatDuration(seconds: seconds, nanos: nanos)
            guard let text else {
                throw ProtobufError("\(type) \(seconds) s and \(nanos) ns is out of its range", at: path)
            }
            return .string(text)
        case WellKnownTypes.fieldMask:
            let paths = object["paths"]?.arrayValue?.compactMap(\.stringValue) ?? []
            return .string(paths.map(FieldDescriptor.lowerCamelCase).joined(separator: ","))
        case WellKnownTypes.structType:
            return object["fields"] ?? .object([:])
        case WellKnownTypes.listValue:
            return object["values"] ?? .array([])
        case WellKnownTypes.value:
            return object.members.first?.value ?? .null
        case WellKnownTypes.any:
            return try decodeAny(object, path: path, depth: depth)
        default:
            if let value = object["value"] { return value }
            let field = FieldDescriptor(name: "value", number: 1, type: WellKnownTypes.wrappers[type] ?? .int32)
            return Self.defaultJSON(of: field.type)
        }
    }

    private func decodeAny(_ object: JSONObject, path: String, depth: Int) throws(ProtobufError) -> JSONValue {
        guard case .string(let url)? = object["typeUrl"] else { return .object([:]) }
        let typeName = String(url.split(separator: "/").last ?? "")
        let payload = object["value"]?.stringValue.flatMap(Self.base64Decoded) ?? []
        let inner = try decodeMessage(payload, range: 0..<payload.count, type: typeName, path: path, depth: depth + 1)
        var result: JSONObject = ["@type": .string(url)]
        if WellKnownTypes.isSpecial(typeName) {
            result.members.append(JSONMember(key: "value", value: inner))
        } else if case .object(let fields) = inner {
            result.members += fields.members
        }
        return .object(result)
    }

    /// A scalar type's default in JSON.
    static func defaultJSON(of type: FieldType) -> JSONValue {
        switch type {
        case .string, .bytes: .string("")
        case .bool: .bool(false)
        case .int64, .uint64, .sint64, .fixed64, .sfixed64: .string("0")
        default: 0
        }
    }

    /// `fooBar.bazQux` as `foo_bar.baz_qux`.
    static func snakeCase(_ path: String) -> String {
        var result = ""
        for character in path {
            if character.isUppercase {
                result += "_" + character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}
