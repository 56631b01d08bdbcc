/// Reading `google/protobuf/descriptor.proto`'s messages from their bytes, by hand (the fields Ferry needs;
/// the rest, options and source info included, are stepped over).
extension FileDescriptor {
    /// The file described by a serialized `FileDescriptorProto` (as server reflection sends them).
    public init(serialized bytes: [UInt8]) throws(ProtobufError) {
        var reader = WireReader(bytes)
        var name = ""
        var package = ""
        var dependencies: [String] = []
        var messageRanges: [Range<Int>] = []
        var enumRanges: [Range<Int>] = []
        var serviceRanges: [Range<Int>] = []
        var syntax = ""
        var edition: UInt64?
        while let tag = try reader.tag() {
            switch (tag.number, tag.wireType) {
            case (1, .lengthDelimited): name = try reader.string()
            case (2, .lengthDelimited): package = try reader.string()
            case (3, .lengthDelimited): dependencies.append(try reader.string())
            case (4, .lengthDelimited): messageRanges.append(try reader.lengthDelimited())
            case (5, .lengthDelimited): enumRanges.append(try reader.lengthDelimited())
            case (6, .lengthDelimited): serviceRanges.append(try reader.lengthDelimited())
            case (12, .lengthDelimited): syntax = try reader.string()
            case (14, .varint): edition = try reader.varint()
            default: try reader.skip(tag.wireType, number: tag.number)
            }
        }
        // proto2 is the default syntax; an edition behaves as proto3 for what Ferry reads.
        let isProto3 = syntax == "proto3" || syntax == "editions" || edition != nil
        let prefix = package.isEmpty ? "" : package + "."
        var file = FileDescriptor(name: name, package: package, dependencies: dependencies)
        for range in messageRanges {
            try Self.readMessage(bytes, range, prefix: prefix, isProto3: isProto3, depth: 0, into: &file)
        }
        for range in enumRanges { file.enums.append(try Self.readEnum(bytes, range, prefix: prefix)) }
        for range in serviceRanges { file.services.append(try Self.readService(bytes, range, prefix: prefix)) }
        self = file
    }

    private static func readMessage(
        _ bytes: [UInt8], _ range: Range<Int>, prefix: String, isProto3: Bool, depth: Int,
        into file: inout FileDescriptor
    ) throws(ProtobufError) {
        guard depth < MessageCodec.maximumDepth else { throw ProtobufError("message types nest too deep") }
        var reader = WireReader(bytes, range: range)
        var name = ""
        var fieldRanges: [Range<Int>] = []
        var nestedRanges: [Range<Int>] = []
        var enumRanges: [Range<Int>] = []
        var oneofs: [String] = []
        var isMapEntry = false
        while let tag = try reader.tag() {
            switch (tag.number, tag.wireType) {
            case (1, .lengthDelimited): name = try reader.string()
            case (2, .lengthDelimited): fieldRanges.append(try reader.lengthDelimited())
            case (3, .lengthDelimited): nestedRanges.append(try reader.lengthDelimited())
            case (4, .lengthDelimited): enumRanges.append(try reader.lengthDelimited())
            case (7, .lengthDelimited):
                // MessageOptions: map_entry = 7.
                var options = WireReader(bytes, range: try reader.lengthDelimited())
                while let option = try options.tag() {
                    if option.number == 7, option.wireType == .varint {
                        isMapEntry = try options.varint() != 0
                    } else {
                        try options.skip(option.wireType, number: option.number)
                    }
                }
            case (8, .lengthDelimited):
                var oneof = WireReader(bytes, range: try reader.lengthDelimited())
                var oneofName = ""
                while let field = try oneof.tag() {
                    if field.number == 1, field.wireType == .lengthDelimited {
                        oneofName = try oneof.string()
                    } else {
                        try oneof.skip(field.wireType, number: field.number)
                    }
                }
                oneofs.append(oneofName)
            default: try reader.skip(tag.wireType, number: tag.number)
            }
        }
        let fullName = prefix + name
        var fields: [FieldDescriptor] = []
        for fieldRange in fieldRanges { fields.append(try readField(bytes, fieldRange, in: fullName)) }
        file.messages.append(
            MessageDescriptor(
                fullName: fullName, fields: fields, oneofNames: oneofs, isMapEntry: isMapEntry, isProto3: isProto3))
        for nested in nestedRanges {
            try readMessage(bytes, nested, prefix: fullName + ".", isProto3: isProto3, depth: depth + 1, into: &file)
        }
        for enumRange in enumRanges { file.enums.append(try readEnum(bytes, enumRange, prefix: fullName + ".")) }
    }

    private static func readField(_ bytes: [UInt8], _ range: Range<Int>, in message: String) throws(ProtobufError)
        -> FieldDescriptor
    {
        var reader = WireReader(bytes, range: range)
        var name = ""
        var jsonName: String?
        var number: Int32 = 0
        var label: UInt64 = 1
        var typeNumber: UInt64 = 0
        var typeName: String?
        var oneofIndex: Int?
        var isProto3Optional = false
        var packed: Bool?
        while let tag = try reader.tag() {
            switch (tag.number, tag.wireType) {
            case (1, .lengthDelimited): name = try reader.string()
            case (3, .varint): number = Int32(truncatingIfNeeded: try reader.varint())
            case (4, .varint): label = try reader.varint()
            case (5, .varint): typeNumber = try reader.varint()
            case (6, .lengthDelimited):
                let text = try reader.string()
                typeName = text.hasPrefix(".") ? String(text.dropFirst()) : text
            case (8, .lengthDelimited):
                // FieldOptions: packed = 2.
                var options = WireReader(bytes, range: try reader.lengthDelimited())
                while let option = try options.tag() {
                    if option.number == 2, option.wireType == .varint {
                        packed = try options.varint() != 0
                    } else {
                        try options.skip(option.wireType, number: option.number)
                    }
                }
            case (9, .varint): oneofIndex = Int(truncatingIfNeeded: try reader.varint())
            case (10, .lengthDelimited): jsonName = try reader.string()
            case (17, .varint): isProto3Optional = try reader.varint() != 0
            default: try reader.skip(tag.wireType, number: tag.number)
            }
        }
        guard let type = FieldType(rawValue: Int(truncatingIfNeeded: typeNumber)) else {
            throw ProtobufError("field \(message).\(name) has the unknown type number \(typeNumber)")
        }
        guard number >= 1 else { throw ProtobufError("field \(message).\(name) has the number \(number)") }
        if type == .message || type == .enum, typeName == nil {
            throw ProtobufError("field \(message).\(name) names no type")
        }
        return FieldDescriptor(
            name: name, jsonName: jsonName, number: number, type: type, isRepeated: label == 3,
            typeName: typeName, oneofIndex: oneofIndex, isProto3Optional: isProto3Optional, packedOption: packed)
    }

    private static func readEnum(_ bytes: [UInt8], _ range: Range<Int>, prefix: String) throws(ProtobufError)
        -> EnumDescriptor
    {
        var reader = WireReader(bytes, range: range)
        var name = ""
        var values: [(name: String, number: Int32)] = []
        while let tag = try reader.tag() {
            switch (tag.number, tag.wireType) {
            case (1, .lengthDelimited): name = try reader.string()
            case (2, .lengthDelimited):
                var value = WireReader(bytes, range: try reader.lengthDelimited())
                var valueName = ""
                var valueNumber: Int32 = 0
                while let field = try value.tag() {
                    switch (field.number, field.wireType) {
                    case (1, .lengthDelimited): valueName = try value.string()
                    case (2, .varint): valueNumber = Int32(truncatingIfNeeded: try value.varint())
                    default: try value.skip(field.wireType, number: field.number)
                    }
                }
                values.append((valueName, valueNumber))
            default: try reader.skip(tag.wireType, number: tag.number)
            }
        }
        return EnumDescriptor(fullName: prefix + name, values: values)
    }

    private static func readService(_ bytes: [UInt8], _ range: Range<Int>, prefix: String) throws(ProtobufError)
        -> ServiceDescriptor
    {
        var reader = WireReader(bytes, range: range)
        var name = ""
        var methods: [MethodDescriptor] = []
        while let tag = try reader.tag() {
            switch (tag.number, tag.wireType) {
            case (1, .lengthDelimited): name = try reader.string()
            case (2, .lengthDelimited):
                var method = WireReader(bytes, range: try reader.lengthDelimited())
                var value = MethodDescriptor(name: "", inputType: "", outputType: "")
                while let field = try method.tag() {
                    switch (field.number, field.wireType) {
                    case (1, .lengthDelimited): value.name = try method.string()
                    case (2, .lengthDelimited): value.inputType = String(try method.string().trimmingPrefix("."))
                    case (3, .lengthDelimited): value.outputType = String(try method.string().trimmingPrefix("."))
                    case (5, .varint): value.isClientStreaming = try method.varint() != 0
                    case (6, .varint): value.isServerStreaming = try method.varint() != 0
                    default: try method.skip(field.wireType, number: field.number)
                    }
                }
                methods.append(value)
            default: try reader.skip(tag.wireType, number: tag.number)
            }
        }
        return ServiceDescriptor(fullName: prefix + name, methods: methods)
    }
}

extension WireReader {
    /// A length-delimited field read as UTF-8 text; invalid UTF-8 is an error.
    mutating func string() throws(ProtobufError) -> String {
        let range = try lengthDelimited()
        guard let text = String(validating: bytes[range], as: UTF8.self) else {
            throw ProtobufError("a string field is not valid UTF-8")
        }
        return text
    }
}
