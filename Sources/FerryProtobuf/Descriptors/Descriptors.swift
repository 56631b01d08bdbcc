/// A field of a message, from its `FieldDescriptorProto`.
public struct FieldDescriptor: Sendable, Hashable {
    /// The name in the `.proto` file (`user_id`).
    public var name: String
    /// The name in JSON (`userId`): the descriptor's `json_name`, else the lowerCamelCase of ``name``.
    public var jsonName: String
    /// The field number.
    public var number: Int32
    /// The type.
    public var type: FieldType
    /// Whether the field is `repeated` (maps are repeated entry messages).
    public var isRepeated: Bool
    /// The full name of the message or enum type (no leading dot), for ``FieldType/message`` and ``FieldType/enum``.
    public var typeName: String?
    /// The index of the `oneof` the field belongs to (synthetic `proto3 optional` ones included).
    public var oneofIndex: Int?
    /// Whether the field is a `proto3 optional` one (explicit presence, in a synthetic oneof).
    public var isProto3Optional: Bool
    /// The `[packed = …]` option when the file sets it.
    public var packedOption: Bool?

    /// A field; see the properties.
    public init(
        name: String, jsonName: String? = nil, number: Int32, type: FieldType, isRepeated: Bool = false,
        typeName: String? = nil, oneofIndex: Int? = nil, isProto3Optional: Bool = false, packedOption: Bool? = nil
    ) {
        self.name = name
        self.jsonName = jsonName ?? Self.lowerCamelCase(name)
        self.number = number
        self.type = type
        self.isRepeated = isRepeated
        self.typeName = typeName
        self.oneofIndex = oneofIndex
        self.isProto3Optional = isProto3Optional
        self.packedOption = packedOption
    }

    /// `foo_bar_baz` as `fooBarBaz`, as protoc derives `json_name`.
    public static func lowerCamelCase(_ name: String) -> String {
        var result = ""
        var capitalizeNext = false
        for character in name {
            if character == "_" {
                capitalizeNext = true
            } else if capitalizeNext {
                result += character.uppercased()
                capitalizeNext = false
            } else {
                result.append(character)
            }
        }
        return result
    }
}

/// A message type, from its `DescriptorProto` (nested types are separate descriptors with dotted names).
public struct MessageDescriptor: Sendable, Hashable {
    /// The full name (`package.Outer.Inner`).
    public var fullName: String
    /// The fields in declaration order.
    public var fields: [FieldDescriptor]
    /// The names of the `oneof`s, by index.
    public var oneofNames: [String]
    /// Whether this is a map's entry type (`key` = 1, `value` = 2).
    public var isMapEntry: Bool
    /// Whether the file is proto3 or an edition (repeated numbers packed, no presence for plain scalars).
    public var isProto3: Bool

    /// A message type; see the properties.
    public init(
        fullName: String, fields: [FieldDescriptor], oneofNames: [String] = [], isMapEntry: Bool = false,
        isProto3: Bool = true
    ) {
        self.fullName = fullName
        self.fields = fields
        self.oneofNames = oneofNames
        self.isMapEntry = isMapEntry
        self.isProto3 = isProto3
    }

    /// The field numbered `number`.
    public func field(number: Int32) -> FieldDescriptor? { fields.first { $0.number == number } }

    /// The field whose JSON name or `.proto` name is `name`.
    public func field(named name: String) -> FieldDescriptor? {
        fields.first { $0.jsonName == name } ?? fields.first { $0.name == name }
    }

    /// Whether `field` tells set from unset (so a zero value is still written): messages, oneof members,
    /// `proto3 optional` fields and every singular field of a proto2 file.
    public func hasPresence(_ field: FieldDescriptor) -> Bool {
        guard !field.isRepeated else { return false }
        return field.type == .message || field.oneofIndex != nil || field.isProto3Optional || !isProto3
    }

    /// Whether repeated `field` is written packed.
    public func isPacked(_ field: FieldDescriptor) -> Bool {
        guard field.isRepeated, field.type.isPackable else { return false }
        return field.packedOption ?? isProto3
    }
}

/// An enum type, from its `EnumDescriptorProto`.
public struct EnumDescriptor: Sendable, Hashable {
    /// The full name (`package.Color`).
    public var fullName: String
    /// The values in declaration order.
    public var values: [(name: String, number: Int32)] {
        get { zip(names, numbers).map { ($0, $1) } }
        set {
            names = newValue.map(\.name)
            numbers = newValue.map(\.number)
        }
    }
    private var names: [String]
    private var numbers: [Int32]

    /// An enum type with `values` in declaration order.
    public init(fullName: String, values: [(name: String, number: Int32)]) {
        self.fullName = fullName
        names = values.map(\.name)
        numbers = values.map(\.number)
    }

    /// The name of the first value numbered `number`.
    public func name(of number: Int32) -> String? { numbers.firstIndex(of: number).map { names[$0] } }

    /// The number of the value named `name`.
    public func number(of name: String) -> Int32? { names.firstIndex(of: name).map { numbers[$0] } }

    /// The value names, in declaration order.
    public var valueNames: [String] { names }
}

/// A method of a service, from its `MethodDescriptorProto`.
public struct MethodDescriptor: Sendable, Hashable {
    /// The method's own name (`GetMember`).
    public var name: String
    /// The full name of the request message type.
    public var inputType: String
    /// The full name of the response message type.
    public var outputType: String
    /// Whether the client sends a stream of messages.
    public var isClientStreaming: Bool
    /// Whether the server sends a stream of messages.
    public var isServerStreaming: Bool

    /// A method; see the properties.
    public init(
        name: String, inputType: String, outputType: String, isClientStreaming: Bool = false,
        isServerStreaming: Bool = false
    ) {
        self.name = name
        self.inputType = inputType
        self.outputType = outputType
        self.isClientStreaming = isClientStreaming
        self.isServerStreaming = isServerStreaming
    }

    /// The call kind in words: `unary`, `server streaming`, `client streaming` or `bidirectional streaming`.
    public var kind: String {
        switch (isClientStreaming, isServerStreaming) {
        case (false, false): "unary"
        case (false, true): "server streaming"
        case (true, false): "client streaming"
        case (true, true): "bidirectional streaming"
        }
    }
}

/// A service, from its `ServiceDescriptorProto`.
public struct ServiceDescriptor: Sendable, Hashable {
    /// The full name (`package.Service`).
    public var fullName: String
    /// The methods in declaration order.
    public var methods: [MethodDescriptor]

    /// A service; see the properties.
    public init(fullName: String, methods: [MethodDescriptor]) {
        self.fullName = fullName
        self.methods = methods
    }

    /// The method named `name`.
    public func method(named name: String) -> MethodDescriptor? { methods.first { $0.name == name } }
}

/// One `.proto` file's descriptor, its nested types flattened to full names.
public struct FileDescriptor: Sendable, Hashable {
    /// The file's name (`shop/order.proto`).
    public var name: String
    /// The package (`shop`), possibly empty.
    public var package: String
    /// The names of the files it imports.
    public var dependencies: [String]
    /// Every message type it declares, nested ones included.
    public var messages: [MessageDescriptor]
    /// Every enum type it declares, nested ones included.
    public var enums: [EnumDescriptor]
    /// Its services.
    public var services: [ServiceDescriptor]

    /// A file; see the properties.
    public init(
        name: String, package: String = "", dependencies: [String] = [], messages: [MessageDescriptor] = [],
        enums: [EnumDescriptor] = [], services: [ServiceDescriptor] = []
    ) {
        self.name = name
        self.package = package
        self.dependencies = dependencies
        self.messages = messages
        self.enums = enums
        self.services = services
    }
}
