/// The well-known types (`google/protobuf/*.proto`) whose JSON form is not their fields': their descriptors
/// (so they work without the files) and names.
enum WellKnownTypes {
    static let timestamp = "google.protobuf.Timestamp"
    static let duration = "google.protobuf.Duration"
    static let structType = "google.protobuf.Struct"
    static let value = "google.protobuf.Value"
    static let listValue = "google.protobuf.ListValue"
    static let nullValue = "google.protobuf.NullValue"
    static let fieldMask = "google.protobuf.FieldMask"
    static let any = "google.protobuf.Any"
    static let empty = "google.protobuf.Empty"

    /// The wrapper types and the type of their one field, `value` = 1.
    static let wrappers: [String: FieldType] = [
        "google.protobuf.DoubleValue": .double, "google.protobuf.FloatValue": .float,
        "google.protobuf.Int64Value": .int64, "google.protobuf.UInt64Value": .uint64,
        "google.protobuf.Int32Value": .int32, "google.protobuf.UInt32Value": .uint32,
        "google.protobuf.BoolValue": .bool, "google.protobuf.StringValue": .string,
        "google.protobuf.BytesValue": .bytes,
    ]

    /// Whether `name` has a JSON form of its own (everything here but `Empty`, whose form is `{}` anyway).
    static func isSpecial(_ name: String) -> Bool {
        [timestamp, duration, structType, value, listValue, fieldMask, any].contains(name) || wrappers[name] != nil
    }

    /// The descriptors, as `google/protobuf/*.proto` declare them.
    static let pool: DescriptorPool = {
        var messages = [
            MessageDescriptor(
                fullName: timestamp,
                fields: [
                    FieldDescriptor(name: "seconds", number: 1, type: .int64),
                    FieldDescriptor(name: "nanos", number: 2, type: .int32),
                ]),
            MessageDescriptor(
                fullName: duration,
                fields: [
                    FieldDescriptor(name: "seconds", number: 1, type: .int64),
                    FieldDescriptor(name: "nanos", number: 2, type: .int32),
                ]),
            MessageDescriptor(
                fullName: structType,
                fields: [
                    FieldDescriptor(
                        name: "fields", number: 1, type: .message, isRepeated: true,
                        typeName: "google.protobuf.Struct.FieldsEntry")
                ]),
            MessageDescriptor(
                fullName: "google.protobuf.Struct.FieldsEntry",
                fields: [
                    FieldDescriptor(name: "key", number: 1, type: .string),
                    FieldDescriptor(name: "value", number: 2, type: .message, typeName: value),
                ], isMapEntry: true),
            MessageDescriptor(
                fullName: value,
                fields: [
                    FieldDescriptor(name: "null_value", number: 1, type: .enum, typeName: nullValue, oneofIndex: 0),
                    FieldDescriptor(name: "number_value", number: 2, type: .double, oneofIndex: 0),
                    FieldDescriptor(name: "string_value", number: 3, type: .string, oneofIndex: 0),
                    FieldDescriptor(name: "bool_value", number: 4, type: .bool, oneofIndex: 0),
                    FieldDescriptor(
                        name: "struct_value", number: 5, type: .message, typeName: structType, oneofIndex: 0),
                    FieldDescriptor(name: "list_value", number: 6, type: .message, typeName: listValue, oneofIndex: 0),
                ], oneofNames: ["kind"]),
            MessageDescriptor(
                fullName: listValue,
                fields: [FieldDescriptor(name: "values", number: 1, type: .message, isRepeated: true, typeName: value)]),
            MessageDescriptor(
                fullName: fieldMask,
                fields: [FieldDescriptor(name: "paths", number: 1, type: .string, isRepeated: true)]),
            MessageDescriptor(
                fullName: any,
                fields: [
                    FieldDescriptor(name: "type_url", number: 1, type: .string),
                    FieldDescriptor(name: "value", number: 2, type: .bytes),
                ]),
            MessageDescriptor(fullName: empty, fields: []),
        ]
        for (name, type) in wrappers.sorted(by: { $0.key < $1.key }) {
            messages.append(
                MessageDescriptor(fullName: name, fields: [FieldDescriptor(name: "value", number: 1, type: type)]))
        }
        let file = FileDescriptor(
            name: "ferry/well_known_types.proto", package: "google.protobuf", messages: messages,
            enums: [EnumDescriptor(fullName: nullValue, values: [("NULL_VALUE", 0)])])
        return DescriptorPool(files: [file])
    }()
}
