/// The well-known types' files (`google/protobuf/timestamp.proto`, …) built in, so a `.proto` file importing
/// them is read without protoc's include folder, as ``MessageCodec`` encodes their types without their files.
enum BuiltInProtoFiles {
    /// The files by import name, each holding its types from ``WellKnownTypes/pool``.
    static let files: [String: FileDescriptor] = {
        let contents: [String: [String]] = [
            "google/protobuf/timestamp.proto": [WellKnownTypes.timestamp],
            "google/protobuf/duration.proto": [WellKnownTypes.duration],
            "google/protobuf/struct.proto": [
                WellKnownTypes.structType, "google.protobuf.Struct.FieldsEntry", WellKnownTypes.value,
                WellKnownTypes.listValue, WellKnownTypes.nullValue,
            ],
            "google/protobuf/wrappers.proto": WellKnownTypes.wrappers.keys.sorted(),
            "google/protobuf/any.proto": [WellKnownTypes.any],
            "google/protobuf/empty.proto": [WellKnownTypes.empty],
            "google/protobuf/field_mask.proto": [WellKnownTypes.fieldMask],
            // Imported for custom options, which Ferry steps over: the file resolves, its types are not built in.
            "google/protobuf/descriptor.proto": [],
        ]
        var files: [String: FileDescriptor] = [:]
        for (name, types) in contents {
            files[name] = FileDescriptor(
                name: name, package: "google.protobuf",
                messages: types.compactMap { WellKnownTypes.pool.message($0) },
                enums: types.compactMap { WellKnownTypes.pool.enumType($0) })
        }
        return files
    }()
}
