import FerryProtobuf

/// The messages of `grpc/reflection/v1/reflection.proto` that Ferry uses (v1alpha's are the same on the wire).
enum ReflectionDescriptors {
    static let request = "grpc.reflection.v1.ServerReflectionRequest"
    static let response = "grpc.reflection.v1.ServerReflectionResponse"

    static let pool: DescriptorPool = {
        let prefix = "grpc.reflection.v1."
        func message(_ name: String, _ number: Int32, _ type: String, repeated: Bool = false, oneof: Int? = nil)
            -> FieldDescriptor
        {
            FieldDescriptor(
                name: name, number: number, type: .message, isRepeated: repeated, typeName: prefix + type,
                oneofIndex: oneof)
        }
        let messages = [
            MessageDescriptor(
                fullName: request,
                fields: [
                    FieldDescriptor(name: "host", number: 1, type: .string),
                    FieldDescriptor(name: "file_by_filename", number: 3, type: .string, oneofIndex: 0),
                    FieldDescriptor(name: "file_containing_symbol", number: 4, type: .string, oneofIndex: 0),
                    FieldDescriptor(name: "list_services", number: 7, type: .string, oneofIndex: 0),
                ], oneofNames: ["message_request"]),
            MessageDescriptor(
                fullName: response,
                fields: [
                    FieldDescriptor(name: "valid_host", number: 1, type: .string),
                    message("file_descriptor_response", 4, "FileDescriptorResponse", oneof: 0),
                    message("list_services_response", 6, "ListServiceResponse", oneof: 0),
                    message("error_response", 7, "ErrorResponse", oneof: 0),
                ], oneofNames: ["message_response"]),
            MessageDescriptor(
                fullName: prefix + "FileDescriptorResponse",
                fields: [FieldDescriptor(name: "file_descriptor_proto", number: 1, type: .bytes, isRepeated: true)]),
            MessageDescriptor(
                fullName: prefix + "ListServiceResponse",
                fields: [message("service", 1, "ServiceResponse", repeated: true)]),
            MessageDescriptor(
                fullName: prefix + "ServiceResponse", fields: [FieldDescriptor(name: "name", number: 1, type: .string)]),
            MessageDescriptor(
                fullName: prefix + "ErrorResponse",
                fields: [
                    FieldDescriptor(name: "error_code", number: 1, type: .int32),
                    FieldDescriptor(name: "error_message", number: 2, type: .string),
                ]),
        ]
        return DescriptorPool(files: [
            FileDescriptor(
                name: "grpc/reflection/v1/reflection.proto", package: "grpc.reflection.v1", messages: messages)
        ])
    }()
}
