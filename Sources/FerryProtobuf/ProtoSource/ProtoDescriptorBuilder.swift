/// Turns a parsed `.proto` file into its ``FileDescriptor``, type names resolved against ``ProtoSymbols``; the
/// types come in the order ``FileDescriptor/init(serialized:)`` lists protoc's (each message, then its nested
/// messages, then its enums), so the two are equal for the same file.
struct ProtoDescriptorBuilder {
    let syntax: ProtoFileSyntax
    let symbols: ProtoSymbols

    func build() throws(ProtoSourceError) -> FileDescriptor {
        let prefix = syntax.package.isEmpty ? "" : syntax.package + "."
        var file = FileDescriptor(
            name: syntax.name, package: syntax.package, dependencies: syntax.imports.map(\.name))
        for message in syntax.messages { try append(message, prefix: prefix, into: &file) }
        for value in syntax.enums {
            file.enums.append(EnumDescriptor(fullName: prefix + value.fullName, values: value.values))
        }
        for service in syntax.services {
            var methods: [MethodDescriptor] = []
            for method in service.methods {
                methods.append(
                    MethodDescriptor(
                        name: method.name,
                        inputType: try messageType(method.inputType, line: method.line, column: method.column),
                        outputType: try messageType(method.outputType, line: method.line, column: method.column),
                        isClientStreaming: method.isClientStreaming, isServerStreaming: method.isServerStreaming))
            }
            file.services.append(ServiceDescriptor(fullName: prefix + service.name, methods: methods))
        }
        return file
    }

    private func append(_ message: ProtoMessageSyntax, prefix: String, into file: inout FileDescriptor)
        throws(ProtoSourceError)
    {
        let fullName = prefix + message.name
        var fields: [FieldDescriptor] = []
        for field in message.fields { fields.append(try descriptor(of: field, in: fullName)) }
        file.messages.append(
            MessageDescriptor(
                fullName: fullName, fields: fields, oneofNames: message.oneofNames, isMapEntry: message.isMapEntry,
                isProto3: syntax.isProto3))
        for nested in message.messages { try append(nested, prefix: fullName + ".", into: &file) }
        for value in message.enums {
            file.enums.append(EnumDescriptor(fullName: fullName + "." + value.fullName, values: value.values))
        }
    }

    private func descriptor(of field: ProtoFieldSyntax, in message: String) throws(ProtoSourceError)
        -> FieldDescriptor
    {
        var type: FieldType
        var typeName: String?
        switch field.type {
        case .scalar(let scalar):
            type = scalar
        case .named(let reference):
            guard let resolved = symbols.resolve(reference, in: message) else {
                throw ProtoSourceError(
                    "\(reference) is not defined (in \(message).\(field.name))", file: syntax.name, line: field.line,
                    column: field.column)
            }
            type = resolved.kind == .enum ? .enum : (field.isGroup ? .group : .message)
            typeName = resolved.name
        }
        if field.packed == true && !type.isPackable {
            throw ProtoSourceError(
                "\(message).\(field.name) cannot be packed (only numbers, bools and enums)", file: syntax.name,
                line: field.line, column: field.column)
        }
        return FieldDescriptor(
            name: field.name, jsonName: field.jsonName, number: field.number, type: type,
            isRepeated: field.isRepeated, typeName: typeName, oneofIndex: field.oneofIndex,
            isProto3Optional: field.isProto3Optional, packedOption: field.packed)
    }

    private func messageType(_ reference: String, line: Int, column: Int) throws(ProtoSourceError) -> String {
        let scope = syntax.package
        guard let resolved = symbols.resolve(reference, in: scope), resolved.kind == .message else {
            throw ProtoSourceError(
                "\(reference) is not a message type", file: syntax.name, line: line, column: column)
        }
        return resolved.name
    }
}
