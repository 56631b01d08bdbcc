import FerryJSON
import Foundation

/// Wire bytes to JSON.
extension MessageCodec {
    /// What one field collected while its message's bytes were read.
    fileprivate enum Collected {
        /// A singular scalar: the last value and whether it was its type's default.
        case scalar(JSONValue, isDefault: Bool)
        /// A singular message: every occurrence's bytes, concatenated (which merges them, as protobuf does).
        case message([UInt8])
        /// A repeated field's values.
        case values([JSONValue])
        /// A map's entries, a later key replacing an earlier one, and where each key is among them.
        case map(JSONObject, positions: [String: Int])
    }

    func decodeMessage(_ bytes: [UInt8], range: Range<Int>, type: String, path: String, depth: Int)
        throws(ProtobufError) -> JSONValue
    {
        guard depth < Self.maximumDepth else {
            throw ProtobufError("messages nest deeper than \(Self.maximumDepth) levels", at: path)
        }
        let message = try messageDescriptor(type, path: path)
        var collected: [Int32: Collected] = [:]
        var reader = WireReader(bytes, range: range)
        while true {
            let tag: (number: Int32, wireType: WireType)?
            do { tag = try reader.tag() } catch { throw ProtobufError(error.message, at: path) }
            guard let tag else { break }
            guard let field = message.field(number: tag.number) else {
                do { try reader.skip(tag.wireType, number: tag.number) } catch {
                    throw ProtobufError(error.message, at: path)
                }
                continue
            }
            let fieldPath = path + "." + field.jsonName
            do {
                try read(
                    field, wireType: tag.wireType, from: &reader, in: message, path: fieldPath, depth: depth,
                    into: &collected)
            } catch {
                throw error.path.isEmpty ? ProtobufError(error.message, at: fieldPath) : error
            }
            if let oneof = field.oneofIndex {
                for other in message.fields where other.oneofIndex == oneof && other.number != field.number {
                    collected[other.number] = nil
                }
            }
        }
        var object = JSONObject()
        for field in message.fields {
            guard let value = collected[field.number] else { continue }
            let fieldPath = path + "." + field.jsonName
            switch value {
            case .scalar(let json, let isDefault):
                if isDefault && !message.hasPresence(field) { continue }
                object.members.append(JSONMember(key: field.jsonName, value: json))
            case .message(let payload):
                let json = try decodeMessage(
                    payload, range: 0..<payload.count, type: field.typeName ?? "", path: fieldPath, depth: depth + 1)
                object.members.append(JSONMember(key: field.jsonName, value: json))
            case .values(let values):
                // An empty packed run leaves the field empty, which the JSON form leaves out (FuzzProtobufDecoder).
                if values.isEmpty { continue }
                object.members.append(JSONMember(key: field.jsonName, value: .array(values)))
            case .map(let entries, _):
                object.members.append(JSONMember(key: field.jsonName, value: .object(entries)))
            }
        }
        let json = JSONValue.object(object)
        return try decodeWellKnown(json, type: type, path: path, depth: depth) ?? json
    }

    private func read(
        _ field: FieldDescriptor, wireType: WireType, from reader: inout WireReader, in message: MessageDescriptor,
        path: String, depth: Int, into collected: inout [Int32: Collected]
    ) throws(ProtobufError) {
        if field.isRepeated, field.type.isPackable, wireType == .lengthDelimited {
            var packed = WireReader(reader.bytes, range: try reader.lengthDelimited())
            var values = collected.takeValues(field.number)
            while !packed.isAtEnd {
                values.append(try readScalar(field, from: &packed, path: "\(path)[\(values.count)]").json)
            }
            collected[field.number] = .values(values)
            return
        }
        guard wireType == field.type.wireType else {
            throw ProtobufError(
                "the field is a \(field.type.protoName) but came with wire type \(wireType.rawValue) "
                    + "(the descriptor does not match the sender's)")
        }
        if field.type == .message {
            let range = try reader.lengthDelimited()
            let typeName = field.typeName ?? ""
            if field.isRepeated {
                let entryType = try messageDescriptor(typeName, path: path)
                if entryType.isMapEntry {
                    var (entries, positions) = collected.takeMap(field.number)
                    let (key, value) = try readMapEntry(
                        reader.bytes, range: range, entry: entryType, path: path, depth: depth)
                    if let position = positions[key] {
                        entries.members[position].value = value
                    } else {
                        positions[key] = entries.members.count
                        entries.members.append(JSONMember(key: key, value: value))
                    }
                    collected[field.number] = .map(entries, positions: positions)
                    return
                }
                var values = collected.takeValues(field.number)
                values.append(
                    try decodeMessage(
                        reader.bytes, range: range, type: typeName, path: "\(path)[\(values.count)]", depth: depth + 1))
                collected[field.number] = .values(values)
            } else {
                var payload = collected.takeBytes(field.number)
                payload.append(contentsOf: reader.bytes[range])
                collected[field.number] = .message(payload)
            }
            return
        }
        let value = try readScalar(field, from: &reader, path: path)
        if field.isRepeated {
            var values = collected.takeValues(field.number)
            values.append(value.json)
            collected[field.number] = .values(values)
        } else {
            collected[field.number] = .scalar(value.json, isDefault: value.isDefault)
        }
    }

    private func readMapEntry(_ bytes: [UInt8], range: Range<Int>, entry: MessageDescriptor, path: String, depth: Int)
        throws(ProtobufError) -> (String, JSONValue)
    {
        guard let keyField = entry.field(number: 1), let valueField = entry.field(number: 2) else {
            throw ProtobufError("the map entry \(entry.fullName) lacks its key or value field", at: path)
        }
        var reader = WireReader(bytes, range: range)
        var key: JSONValue?
        var value: JSONValue?
        var valueBytes: [UInt8]?
        while let tag = try reader.tag() {
            if tag.number == 1, tag.wireType == keyField.type.wireType {
                key = try readScalar(keyField, from: &reader, path: path).json
            } else if tag.number == 2, tag.wireType == valueField.type.wireType {
                if valueField.type == .message {
                    valueBytes = valueBytes ?? []
                    valueBytes?.append(contentsOf: reader.bytes[try reader.lengthDelimited()])
                } else {
                    value = try readScalar(valueField, from: &reader, path: path).json
                }
            } else {
                try reader.skip(tag.wireType, number: tag.number)
            }
        }
        let keyText: String =
            switch key {
            case .string(let text): text
            case .number(let number): number.text
            case .bool(let bool): bool ? "true" : "false"
            default: defaultKey(keyField.type)
            }
        let entryPath = path + "[\"" + keyText + "\"]"
        if valueField.type == .message {
            let payload = valueBytes ?? []
            value = try decodeMessage(
                payload, range: 0..<payload.count, type: valueField.typeName ?? "", path: entryPath, depth: depth + 1)
        }
        return (keyText, value ?? defaultScalar(valueField))
    }

    private func defaultKey(_ type: FieldType) -> String {
        switch type {
        case .string: ""
        case .bool: "false"
        default: "0"
        }
    }

    /// The JSON of `field`'s type's default value (a map value the entry left out).
    private func defaultScalar(_ field: FieldDescriptor) -> JSONValue {
        guard field.type == .enum else { return Self.defaultJSON(of: field.type) }
        return enumDescriptor(field.typeName ?? "")?.name(of: 0).map(JSONValue.string) ?? 0
    }

    /// One scalar of `field`'s type read from `reader`, as JSON, and whether it was the default.
    private func readScalar(_ field: FieldDescriptor, from reader: inout WireReader, path: String) throws(ProtobufError)
        -> (json: JSONValue, isDefault: Bool)
    {
        switch field.type {
        case .int32:
            let value = Int32(truncatingIfNeeded: try reader.varint())
            return (.number(JSONNumber(Int(value))), value == 0)
        case .sint32:
            let value = Int32(truncatingIfNeeded: ZigZag.decoded(try reader.varint()))
            return (.number(JSONNumber(Int(value))), value == 0)
        case .uint32:
            let value = UInt32(truncatingIfNeeded: try reader.varint())
            return (.number(JSONNumber(Int(value))), value == 0)
        case .int64:
            let value = Int64(bitPattern: try reader.varint())
            return (.string(String(value)), value == 0)
        case .sint64:
            let value = ZigZag.decoded(try reader.varint())
            return (.string(String(value)), value == 0)
        case .uint64:
            let value = try reader.varint()
            return (.string(String(value)), value == 0)
        case .fixed32:
            let value = try reader.fixed32()
            return (.number(JSONNumber(Int(value))), value == 0)
        case .sfixed32:
            let value = Int32(bitPattern: try reader.fixed32())
            return (.number(JSONNumber(Int(value))), value == 0)
        case .fixed64:
            let value = try reader.fixed64()
            return (.string(String(value)), value == 0)
        case .sfixed64:
            let value = Int64(bitPattern: try reader.fixed64())
            return (.string(String(value)), value == 0)
        case .float:
            let bits = try reader.fixed32()
            return (Self.json(float: Float(bitPattern: bits)), bits == 0)
        case .double:
            let bits = try reader.fixed64()
            return (Self.json(double: Double(bitPattern: bits)), bits == 0)
        case .bool:
            let value = try reader.varint() != 0
            return (.bool(value), !value)
        case .string:
            let text = try reader.string()
            return (.string(text), text.isEmpty)
        case .bytes:
            let range = try reader.lengthDelimited()
            return (.string(Data(reader.bytes[range]).base64EncodedString()), range.isEmpty)
        case .enum:
            let number = Int32(truncatingIfNeeded: try reader.varint())
            let type = enumDescriptor(field.typeName ?? "")
            if field.typeName == WellKnownTypes.nullValue { return (.null, number == 0) }
            let json = type?.name(of: number).map(JSONValue.string) ?? .number(JSONNumber(Int(number)))
            return (json, number == 0)
        case .message, .group:
            throw ProtobufError("a message is not a scalar", at: path)
        }
    }
}

/// Taking a field's collected values out before adding to them, so the dictionary holds no second reference and
/// appending copies nothing: a field repeated n times costs O(n), not O(n²) (found by `WireFuzzTests`).
extension Dictionary where Key == Int32, Value == MessageCodec.Collected {
    fileprivate mutating func takeValues(_ number: Int32) -> [JSONValue] {
        if case .values(let values) = removeValue(forKey: number) { return values }
        return []
    }

    fileprivate mutating func takeBytes(_ number: Int32) -> [UInt8] {
        if case .message(let bytes) = removeValue(forKey: number) { return bytes }
        return []
    }

    fileprivate mutating func takeMap(_ number: Int32) -> (JSONObject, [String: Int]) {
        if case .map(let entries, let positions) = removeValue(forKey: number) { return (entries, positions) }
        return (JSONObject(), [:])
    }
}
