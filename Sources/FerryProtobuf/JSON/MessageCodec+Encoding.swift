import FerryJSON

/// JSON to wire bytes.
extension MessageCodec {
    func encodeMessage(_ json: JSONValue, type: String, path: String, depth: Int) throws(ProtobufError) -> [UInt8] {
        if isUnknown(json) { return [] }
        guard depth < Self.maximumDepth else {
            throw ProtobufError("messages nest deeper than \(Self.maximumDepth) levels", at: path)
        }
        if let wellKnown = try encodeWellKnown(json, type: type, path: path, depth: depth) { return wellKnown }
        return try encodePlain(json, type: type, path: path, depth: depth)
    }

    /// `json` encoded by `type`'s fields (for a well-known type, bypassing its own JSON form).
    func encodePlain(_ json: JSONValue, type: String, path: String, depth: Int) throws(ProtobufError) -> [UInt8] {
        let message = try messageDescriptor(type, path: path)
        guard case .object(let object) = json else {
            throw ProtobufError("expected an object (a \(type) message), found \(Self.describe(json))", at: path)
        }
        var writer = WireWriter()
        var seen: Set<Int32> = []
        var setOneofs: [Int: String] = [:]
        for member in object.members {
            do throws(ProtobufError) {
                try encodeMember(
                    member, of: message, type: type, path: path, depth: depth, seen: &seen, setOneofs: &setOneofs,
                    into: &writer)
            } catch {
                // A check goes on to the next member; a send stops at the first problem.
                guard let gathering else { throw error }
                gathering.problems.append(error)
            }
        }
        return writer.bytes
    }

    /// One member of a `type` message's JSON object encoded into `writer` (`seen` and `setOneofs` say which
    /// fields and `oneof`s the members before it set).
    private func encodeMember(
        _ member: JSONMember, of message: MessageDescriptor, type: String, path: String, depth: Int,
        seen: inout Set<Int32>, setOneofs: inout [Int: String], into writer: inout WireWriter
    ) throws(ProtobufError) {
        let memberPath = path + "." + member.key
        guard let field = message.field(named: member.key) else {
            throw ProtobufError(
                "\(type) has no field \"\(member.key)\" (its fields: "
                    + message.fields.map(\.jsonName).joined(separator: ", ") + ")", at: memberPath)
        }
        guard seen.insert(field.number).inserted else {
            throw ProtobufError("the field \(field.jsonName) is set twice", at: memberPath)
        }
        let isValueField = !field.isRepeated && field.typeName == WellKnownTypes.value
        if member.value == .null && !isValueField { return }
        if let oneof = field.oneofIndex {
            if let other = setOneofs[oneof] {
                let name = message.oneofNames.indices.contains(oneof) ? message.oneofNames[oneof] : "a oneof"
                throw ProtobufError(
                    "\(other) and \(field.jsonName) are both members of \(name): set one", at: memberPath)
            }
            setOneofs[oneof] = field.jsonName
        }
        if isUnknown(member.value) { return }
        try encodeField(member.value, field: field, in: message, path: memberPath, depth: depth, into: &writer)
    }

    private func encodeField(
        _ json: JSONValue, field: FieldDescriptor, in message: MessageDescriptor, path: String, depth: Int,
        into writer: inout WireWriter
    ) throws(ProtobufError) {
        if field.isRepeated, field.type == .message, let typeName = field.typeName,
            let entry = try? messageDescriptor(typeName, path: path), entry.isMapEntry
        {
            try encodeMap(json, field: field, entry: entry, path: path, depth: depth, into: &writer)
            return
        }
        if field.isRepeated {
            guard case .array(let elements) = json else {
                throw ProtobufError(
                    "expected an array (repeated \(field.type.protoName)), found \(Self.describe(json))", at: path)
            }
            if message.isPacked(field) {
                var packed = WireWriter()
                for (index, element) in elements.enumerated() where !isUnknown(element) {
                    try scalar(element, field: field, path: "\(path)[\(index)]").write(to: &packed)
                }
                if !elements.isEmpty { writer.lengthDelimited(field.number, packed.bytes) }
            } else {
                for (index, element) in elements.enumerated() where !isUnknown(element) {
                    try encodeSingle(element, field: field, path: "\(path)[\(index)]", depth: depth, into: &writer)
                }
            }
            return
        }
        if field.type != .message, !message.hasPresence(field) {
            let value = try scalar(json, field: field, path: path)
            guard !value.isDefault else { return }
        }
        try encodeSingle(json, field: field, path: path, depth: depth, into: &writer)
    }

    private func encodeSingle(
        _ json: JSONValue, field: FieldDescriptor, path: String, depth: Int, into writer: inout WireWriter
    ) throws(ProtobufError) {
        switch field.type {
        case .message:
            let payload = try encodeMessage(json, type: field.typeName ?? "", path: path, depth: depth + 1)
            writer.lengthDelimited(field.number, payload)
        case .group:
            throw ProtobufError("proto2 groups are not supported", at: path)
        default:
            writer.tag(field.number, field.type.wireType)
            try scalar(json, field: field, path: path).write(to: &writer)
        }
    }

    private func encodeMap(
        _ json: JSONValue, field: FieldDescriptor, entry: MessageDescriptor, path: String, depth: Int,
        into writer: inout WireWriter
    ) throws(ProtobufError) {
        guard case .object(let object) = json else {
            throw ProtobufError("expected an object (a map), found \(Self.describe(json))", at: path)
        }
        guard let keyField = entry.field(number: 1), let valueField = entry.field(number: 2) else {
            throw ProtobufError("the map entry \(entry.fullName) lacks its key or value field", at: path)
        }
        for member in object.members where !isUnknown(.string(member.key)) && !isUnknown(member.value) {
            let entryPath = path + "[\"" + member.key + "\"]"
            var entryWriter = WireWriter()
            let key = try mapKey(member.key, type: keyField.type, path: entryPath)
            entryWriter.tag(1, keyField.type.wireType)
            key.write(to: &entryWriter)
            let isValueField = valueField.typeName == WellKnownTypes.value
            if member.value == .null && !isValueField {
                throw ProtobufError("a map value cannot be null", at: entryPath)
            }
            try encodeSingle(member.value, field: valueField, path: entryPath, depth: depth, into: &entryWriter)
            writer.lengthDelimited(field.number, entryWriter.bytes)
        }
    }

    private func mapKey(_ key: String, type: FieldType, path: String) throws(ProtobufError) -> ScalarValue {
        switch type {
        case .string: return .bytes(Array(key.utf8))
        case .bool:
            guard key == "true" || key == "false" else {
                throw ProtobufError("a bool map key must be \"true\" or \"false\", not \"\(key)\"", at: path)
            }
            return .varint(key == "true" ? 1 : 0)
        default:
            let field = FieldDescriptor(name: "key", number: 1, type: type)
            return try scalar(.string(key), field: field, path: path)
        }
    }

    /// Whether a check was told that `value` stands for one it cannot know (``problems(in:as:skipping:)``), so
    /// it is not checked; never when encoding.
    func isUnknown(_ value: JSONValue) -> Bool { gathering?.isUnknown(value) ?? false }

    /// `value`'s kind in words, for errors.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let bool): "\(bool)"
        case .number(let number): "the number \(number.text)"
        case .string(let text): "the string \"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
