import FerryProtobuf

/// A small proto3 schema built in Swift (as `Tests/Peers/grpc/ferry_test.proto` declares its first messages), so the
/// codec's tests need no protoc.
enum TestDescriptors {
    static let scalarTypes: [(String, FieldType)] = [
        ("a_double", .double), ("a_float", .float), ("an_int32", .int32), ("an_int64", .int64),
        ("a_uint32", .uint32), ("a_uint64", .uint64), ("a_sint32", .sint32), ("a_sint64", .sint64),
        ("a_fixed32", .fixed32), ("a_fixed64", .fixed64), ("an_sfixed32", .sfixed32), ("an_sfixed64", .sfixed64),
        ("a_bool", .bool), ("a_string", .string), ("some_bytes", .bytes),
    ]

    static let pool: DescriptorPool = {
        var scalarFields = scalarTypes.enumerated().map { index, entry in
            FieldDescriptor(name: entry.0, number: Int32(index + 1), type: entry.1)
        }
        scalarFields.append(FieldDescriptor(name: "color", number: 16, type: .enum, typeName: "ferry.test.Color"))
        scalarFields.append(
            FieldDescriptor(name: "maybe", number: 17, type: .int32, oneofIndex: 0, isProto3Optional: true))
        let scalars = MessageDescriptor(fullName: "ferry.test.Scalars", fields: scalarFields, oneofNames: ["_maybe"])
        func message(_ name: String, _ number: Int32, _ type: String, repeated: Bool = false, oneof: Int? = nil)
            -> FieldDescriptor
        {
            FieldDescriptor(
                name: name, number: number, type: .message, isRepeated: repeated, typeName: type, oneofIndex: oneof)
        }
        let everything = MessageDescriptor(
            fullName: "ferry.test.Everything",
            fields: [
                message("scalars", 1, "ferry.test.Scalars"),
                FieldDescriptor(name: "numbers", number: 2, type: .int32, isRepeated: true),
                FieldDescriptor(name: "words", number: 3, type: .string, isRepeated: true),
                message("items", 4, "ferry.test.Scalars", repeated: true),
                FieldDescriptor(name: "colors", number: 5, type: .enum, isRepeated: true, typeName: "ferry.test.Color"),
                FieldDescriptor(name: "doubles", number: 6, type: .double, isRepeated: true),
                message("counts", 7, "ferry.test.Everything.CountsEntry", repeated: true),
                message("by_id", 8, "ferry.test.Everything.ByIdEntry", repeated: true),
                message("flags", 9, "ferry.test.Everything.FlagsEntry", repeated: true),
                FieldDescriptor(name: "name", number: 10, type: .string, oneofIndex: 0),
                FieldDescriptor(name: "id", number: 11, type: .int64, oneofIndex: 0),
                message("detail", 12, "ferry.test.Scalars", oneof: 0),
                message("when", 13, "google.protobuf.Timestamp"),
                message("how_long", 14, "google.protobuf.Duration"),
                message("maybe_int", 15, "google.protobuf.Int32Value"),
                message("maybe_text", 16, "google.protobuf.StringValue"),
                message("maybe_bool", 17, "google.protobuf.BoolValue"),
                message("extra", 18, "google.protobuf.Struct"),
                message("any_value", 19, "google.protobuf.Value"),
                message("list", 20, "google.protobuf.ListValue"),
                message("payload", 21, "google.protobuf.Any"),
                message("mask", 22, "google.protobuf.FieldMask"),
                message("nothing", 23, "google.protobuf.Empty"),
                message("child", 24, "ferry.test.Everything"),
            ], oneofNames: ["choice"])
        func entry(_ name: String, key: FieldType, value: FieldType, typeName: String? = nil) -> MessageDescriptor {
            MessageDescriptor(
                fullName: "ferry.test.Everything." + name,
                fields: [
                    FieldDescriptor(name: "key", number: 1, type: key),
                    FieldDescriptor(name: "value", number: 2, type: value, typeName: typeName),
                ], isMapEntry: true)
        }
        let file = FileDescriptor(
            name: "ferry_test.proto", package: "ferry.test",
            messages: [
                scalars, everything, entry("CountsEntry", key: .string, value: .int64),
                entry("ByIdEntry", key: .int32, value: .message, typeName: "ferry.test.Scalars"),
                entry("FlagsEntry", key: .bool, value: .string),
            ],
            enums: [
                EnumDescriptor(
                    fullName: "ferry.test.Color", values: [("COLOR_UNSPECIFIED", 0), ("RED", 1), ("GREEN", 2)])
            ]
        )
        return DescriptorPool(files: [file])
    }()
}
